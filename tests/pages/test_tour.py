"""The guided tour (issue 29) through app.py: its file, its steps' pages and links, in presenter mode."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

import adapter.properties
from links.tours import TourError, load, parse
from tests.pages.map_helpers import APP, TIMEOUT_S, point_app_at


def said(app: AppTest) -> str:
    return "\n".join(str(element.value) for kind in ("markdown", "caption", "warning", "error", "info")
                     for element in getattr(app, kind))


def test_the_default_tour_is_eight_steps_from_the_map_to_the_marketplace():
    tour = load("default")
    assert [step.page for step in tour.steps] == [
        "map", "map", "map", "properties", "properties", "investors", "network", "marketplace"]
    assert all(2 <= len(step.points) <= 3 for step in tour.steps)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        pytest.param({}, "has no steps", id="no-steps"),
        pytest.param({"step": [{"page": "maps", "title": "x"}]}, "the page should be one of", id="unknown-page"),
        pytest.param({"step": [{"page": "map"}]}, "Step 1 has no title", id="no-title"),
        pytest.param({"step": [{"page": "map", "title": "x", "link": "cell={cel}"}]}, "names cel", id="unknown-name"),
    ],
)
def test_a_tour_file_with_a_mistake_says_where(data, words):
    with pytest.raises(TourError, match=words):
        parse(data)


def test_the_tour_starts_at_its_stated_cost_and_opens_its_first_step(monkeypatch, sandbox):
    """The whole tour is walked in a browser (tests/browser/test_demo_tour.py). In an AppTest of
    app.py only a button's callback survives the pages' `ensure_app_router` rerun (AppTest brings
    it back on every run): "Start the tour", Next and Back act in theirs."""
    point_app_at(monkeypatch, sandbox.url)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.query_params["present"] = "1"
    app.run()
    start = app.sidebar.button(key="tour_start")
    # Not the embedded sandbox: what its reads ahead may cost is said once, on the button.
    assert re.fullmatch(r"Start the tour \(up to \d+ credits, once\)", start.label)
    assert "tour_values" not in app.session_state, "nothing read before it is pressed"
    start.click().run()
    assert not app.exception
    assert "step 1 of 8" in said(app) and "A market's map" in said(app)
    assert app.query_params.get("market") in ("DFW", ["DFW"]) and app.query_params.get("present") in ("1", ["1"])
    values = app.session_state["tour_values"]
    assert set(values) == {"market", "busiest_view", "busiest_cell", "property", "buyer"}
    assert values["property"].startswith("prop_") and values["buyer"].startswith("inv_")
    assert app.sidebar.button(key="tour_next").proto.shortcut.lower() == "pagedown", "a clicker's Page Down"
    assert app.sidebar.button(key="tour_back").disabled, "no step before the first"


def test_a_tour_costing_more_than_the_budget_holds_asks_for_a_raise_first(monkeypatch, sandbox):
    """Issue 29, Credits: on a host that charges, the tour's reads ahead go by the session's budget:
    the start is offered only once the budget holds their cost, raised by the person, naming it."""
    point_app_at(monkeypatch, sandbox.url)
    monkeypatch.setenv("DEEDSCOPE_CREDIT_BUDGET", "10")
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.query_params["present"] = "1"
    app.run()
    assert "tour_start" not in [button.key for button in app.sidebar.button], "no start the budget cannot pay for"
    cost = int(re.search(r"reads up to ([\d,]+) credits", said(app)).group(1).replace(",", ""))
    assert cost > 10 and "budget has 10 left of 10" in said(app)
    app.sidebar.button(key="tour_raise_budget").click().run()
    assert app.session_state["credit_budget_limit"] == cost
    start = app.sidebar.button(key="tour_start")
    assert start.label == f"Start the tour (up to {cost:,} credits, once)"
    assert "tour_values" not in app.session_state, "nothing read before the start is pressed"


def test_next_opens_the_steps_page_without_running_the_page_on_screen_again(monkeypatch, sandbox):
    """A press of Next switches pages as its rerun begins: the page on screen is not run (and
    drawn by the browser) again first, which took a tour step a third of its second or more."""
    point_app_at(monkeypatch, sandbox.url)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.query_params["present"] = "1"
    app.run()
    app.sidebar.button(key="tour_start").click().run()
    for _ in range(4):
        app.sidebar.button(key="tour_next").click().run()
    assert not app.exception
    assert "step 5 of 8" in said(app) and app.query_params.get("tab") in ("buyers", ["buyers"])

    runs = []
    parcel_cost = adapter.properties.parcel_cost
    monkeypatch.setattr(adapter.properties, "parcel_cost", lambda *args: runs.append(1) or parcel_cost(*args))
    app.run()
    assert runs, "a run of the property's page asks its parcel's cost (what this test watches for)"
    runs.clear()
    app.sidebar.button(key="tour_next").click().run()
    assert not app.exception
    assert "step 6 of 8" in said(app) and app.query_params.get("investor"), "the investor's profile is open"
    assert runs == [], "the property's page ran again before the profile was opened"


def test_the_tours_steps_read_nothing_the_start_did_not_read_ahead(monkeypatch, sandbox):
    """Issue 29: each step opens from what the start read ahead. A step that reads the Data API
    waits for it (a cell's own figures, read for the zoomed map's finer cells, took 36 ms)."""
    from services.transport import Transport

    point_app_at(monkeypatch, sandbox.url)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.query_params["present"] = "1"
    app.run()
    app.sidebar.button(key="tour_start").click().run()
    assert not app.exception
    requests = []
    request = Transport.request
    monkeypatch.setattr(Transport, "request",
                        lambda self, method, path, **kwargs: requests.append((method, path)) or request(self, method, path, **kwargs))
    steps = len(load("default").steps)
    walked = []
    for number in range(2, steps):  # the marketplace's step logs in: its reads are the buyer's, live
        app.sidebar.button(key="tour_next").click().run()
        assert not app.exception
        assert f"step {number} of {steps}" in said(app)
        walked.append((number, list(requests)))
        requests.clear()
    assert [(number, read) for number, read in walked if read] == [], "steps read what the start did not"
