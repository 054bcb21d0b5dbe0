"""The Map page's first run in a browser draws the map before its controls (issue 18, first
paint; pages/map_sections/first_paint.py): with the choices the widgets hold, read before
they are drawn (mapspec: place_in, filters_in, colour_in). The map it draws must be the map
the whole page draws for the same link, or the person would see the map change when the
controls come. An AppTest run never waits by itself: the tests set the session's waiting."""

from __future__ import annotations

from datetime import date

import pytest

from pages.map_sections.first_paint import DONE, FIRST_PAINT, HEAD_KEY, WAITING
from pages.map_sections.state import FILTERS_KEY
from tests.pages.deltas import placeholders_left_open, record_runs
from tests.pages.map_helpers import map_data, new_page, point_app_at

LINKS = {
    "the default view": {},
    "another market": {"market": "HOU"},
    "ZIP codes": {"market": "DFW", "zip": "75201,75204"},
    "a city": {"market": "DFW", "city": "Dallas"},
    "a point and radius": {"market": "DFW", "lat": "32.78", "lng": "-96.8", "radius": "3"},
    "filters": {"from": "2022-01-01", "to": "2023-06-30", "kinds": "flip", "min": "100000", "max": "900000"},
    "a colour and classes": {"metric": "price", "classes": "log"},
    "manual breaks": {"classes": "manual", "breaks": "1,3,10"},
    "a view and a cell": {"view": "-96.9,32.7,-96.7,32.85"},
}


def waiting_page(query: dict[str, str]):
    app = new_page(**query)
    app.session_state[FIRST_PAINT] = WAITING
    app.run()
    assert not app.exception
    return app


def whole_page(query: dict[str, str]):
    app = new_page(**query)
    app.run()
    assert not app.exception
    return app


@pytest.mark.parametrize("query", LINKS.values(), ids=LINKS.keys())
def test_the_map_drawn_first_is_the_map_the_whole_page_draws(monkeypatch, sandbox, query):
    point_app_at(monkeypatch, sandbox.url)
    first = map_data(waiting_page(query))
    whole = map_data(whole_page(query))
    assert first.pop("reportPaint") is True and whole.pop("reportPaint") is False
    assert first == whole


def test_the_waiting_run_draws_the_map_and_nothing_the_map_does_not_need(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    app = waiting_page({"market": "DFW", "from": "2022-01-01"})
    assert [title.value for title in app.title] == ["Where investors buy"]
    assert not app.selectbox and not app.radio and not app.toggle, "the controls wait for the map"
    assert not app.info and not app.caption, "the panel and the legend's words wait for the map"
    assert app.session_state[FIRST_PAINT] == WAITING


@pytest.mark.shape_independent("a link's broken price, said when the controls come, whatever the data")
def test_a_link_problem_found_while_waiting_is_said_once_the_controls_come(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    app = waiting_page({"min": "1e300"})
    assert not app.warning, "nothing is said above a map that waits"
    # What the map's `painted` does (on_painted), without a browser to send it.
    app.session_state[FIRST_PAINT] = DONE
    app.run()
    assert not app.exception
    assert any("price" in warning.value.lower() for warning in app.warning), [w.value for w in app.warning]


@pytest.mark.shape_independent("no map script to wait for: the controls come whatever the data")
def test_without_a_map_to_wait_for_the_controls_come_in_the_same_run(monkeypatch, sandbox):
    """No map element (its script cannot be served): nothing will say it painted."""
    from adapter import static_files

    point_app_at(monkeypatch, sandbox.url)
    monkeypatch.setattr(static_files, "serving_enabled", lambda: False)
    app = waiting_page({"market": "DFW"})
    assert app.session_state[FIRST_PAINT] == DONE
    assert [box.key for box in app.selectbox if box.key] and app.radio, "the controls came in the same run"
    assert any("script" in error.value for error in app.error), [error.value for error in app.error]


def test_no_run_empties_the_controls_place_before_it_draws_them(monkeypatch, sandbox):
    """The controls' container is drawn in every run where the last one drew it, never first
    replaced by an empty placeholder: sent to the browser between the two (a loaded machine), the
    placeholder unmounted the open filters, and a date typed there lost its field's focus."""
    point_app_at(monkeypatch, sandbox.url)
    runs = record_runs(monkeypatch)
    app = new_page(market="DFW")
    # The waiting run, the run its `painted` brings, and a date applied in the filters.
    for name, value in ((FIRST_PAINT, WAITING), (FIRST_PAINT, DONE), (f"{FILTERS_KEY}_from", date(2025, 1, 15))):
        app.session_state[name] = value
        runs.append([])
        app.run()
        assert not app.exception
    heads = {delta.path for run in runs for delta in run if delta.kind == "add_block" and HEAD_KEY in delta.text}
    assert len(heads) == 1, f"one place for the controls in every run: {heads}"
    for number, run in enumerate(runs, start=1):
        at_head = [delta.element or delta.kind for delta in run if delta.path in heads]
        assert at_head == ["add_block"], f"run {number} sent {at_head} where the controls stand"
        problems = placeholders_left_open(run)
        assert not problems, f"run {number}: {problems}"
