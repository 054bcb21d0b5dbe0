"""The Map as it was left (issues 41 and 42): its one state outlives the widgets Streamlit drops
when another page runs, and a tour's step restores its own link through an event."""

from __future__ import annotations

import uuid

from streamlit.testing.v1 import AppTest

import adapter.person

from tests.pages.map_helpers import APP, TIMEOUT_S, drawn_cells, point_app_at, select_cell


def open_app(monkeypatch, sandbox) -> AppTest:
    point_app_at(monkeypatch, sandbox.url)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.run()
    assert not app.exception
    return app


def test_the_map_left_for_another_page_comes_back_as_it_was(monkeypatch, sandbox, markets):
    app = open_app(monkeypatch, sandbox)
    other = markets[-1]["market"]
    app.selectbox(key="map_place_market").set_value(other).run()
    app.multiselect(key="map_filters_kinds").set_value(["flip"]).run()
    row = max(drawn_cells(app), key=lambda item: item[1])
    select_cell(app, row)
    app.run()
    assert app.query_params["cell"] == row[0]

    app.switch_page("pages/coverage.py")
    app.run()
    assert not app.exception
    assert "map_place_market" not in app.session_state, "Streamlit dropped the Map's widgets"
    app.switch_page("pages/map.py")
    app.run()
    assert not app.exception
    assert app.selectbox(key="map_place_market").value == other, "the market chosen, not the first"
    assert app.multiselect(key="map_filters_kinds").value == ["flip"]
    assert app.query_params["cell"] == row[0] and app.query_params["market"] == other
    assert app.subheader, "the cell's panel is open again"


def test_a_new_session_of_the_same_person_opens_the_map_as_they_left_it(monkeypatch, sandbox, markets):
    """A login's redirect, a reload or a second tab is a new Streamlit session (issue 42): the
    person's Map comes back, unless the URL names a map of its own; another person's does not."""
    person = [f"person-{uuid.uuid4()}"]
    monkeypatch.setattr(adapter.person, "person_id", lambda: person[0])
    app = open_app(monkeypatch, sandbox)
    other = markets[-1]["market"]
    app.selectbox(key="map_place_market").set_value(other).run()
    row = max(drawn_cells(app), key=lambda item: item[1])
    select_cell(app, row)
    app.run()
    left = dict(app.query_params)

    again = open_app(monkeypatch, sandbox)
    assert again.selectbox(key="map_place_market").value == other
    assert dict(again.query_params) == left, "the same place, view and cell"
    linked = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    linked.query_params["market"] = markets[0]["market"]
    linked.run()
    assert linked.selectbox(key="map_place_market").value == markets[0]["market"], "a link names its own map"
    assert "cell" not in linked.query_params

    person[0] = f"person-{uuid.uuid4()}"
    stranger = open_app(monkeypatch, sandbox)
    assert stranger.selectbox(key="map_place_market").value == markets[0]["market"], "another person's Map is their own"
    assert "cell" not in stranger.query_params


def test_start_over_opens_the_map_as_on_a_first_visit(monkeypatch, sandbox, markets):
    """The sidebar keeps where a person was; "Start this page over" is the explicit way back."""
    person = f"person-{uuid.uuid4()}"
    monkeypatch.setattr(adapter.person, "person_id", lambda: person)
    app = open_app(monkeypatch, sandbox)
    app.selectbox(key="map_place_market").set_value(markets[-1]["market"]).run()
    select_cell(app, max(drawn_cells(app), key=lambda item: item[1]))
    app.run()
    assert "cell" in app.query_params
    app.sidebar.button(key="start_over").click().run()
    assert not app.exception
    assert app.selectbox(key="map_place_market").value == markets[0]["market"]
    assert "cell" not in app.query_params and app.query_params["market"] == markets[0]["market"]
    again = open_app(monkeypatch, sandbox)
    assert again.selectbox(key="map_place_market").value == markets[0]["market"], "and the person's Map is the first visit's"
