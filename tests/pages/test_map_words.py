"""The Map page's inputs say what is wrong in one short line and drop what they refuse (issue 26,
Words): a 5,000-character paste into ZIP codes filled the screen in red and pushed the map away;
a negative radius or price stayed in its box under a small "!" while the map went on with the
last value."""

from __future__ import annotations

import pytest

from mapspec.view import View
from tests.pages.apptest import api_get
from tests.pages.map_helpers import drawn_cells, open_map, texts

pytestmark = pytest.mark.shape_independent("each wrong input is said before any read")

PASTE = "7" * 5000


@pytest.fixture
def markets(sandbox) -> list[dict]:
    return api_get(sandbox, "/v1/coverage")["data"]["markets"]


def errors(app) -> str:
    return "\n".join(texts(app, "error"))


def test_a_pasted_zip_list_is_one_short_line_and_the_market_still_shows(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox)
    app.radio(key="map_place_mode").set_value("ZIP codes").run()
    app.text_input(key="map_place_zips").input(PASTE).run()
    assert not app.exception
    said = errors(app)
    assert "a ZIP code is 5 digits" in said and len(said) < 200, said[:300]
    assert app.text_input(key="map_place_zips").value == PASTE, "what was typed is kept"
    assert drawn_cells(app)


def test_a_negative_radius_is_said_and_its_circle_is_not_drawn(monkeypatch, sandbox, markets):
    app = open_map(monkeypatch, sandbox)
    app.radio(key="map_place_mode").set_value("Point + radius").run()
    latitude, longitude = View(*markets[0]["bbox"]).center
    app.number_input(key="map_place_lat").set_value(round(latitude, 4))
    app.number_input(key="map_place_lng").set_value(round(longitude, 4))
    app.number_input(key="map_place_radius").set_value(2.0).run()
    circle = drawn_cells(app)
    app.number_input(key="map_place_radius").set_value(-1.0).run()
    assert not app.exception
    assert "more than 0" in errors(app)
    assert drawn_cells(app) != circle, "the whole market, not the circle of the radius before"


def test_a_negative_price_is_said_and_left_out(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox)
    everything = drawn_cells(app)
    app.number_input(key="map_filters_min").set_value(-5).run()
    assert not app.exception
    assert "The minimum price is a whole number of dollars from $0" in errors(app)
    assert drawn_cells(app) == everything, "the refused price filters nothing"
