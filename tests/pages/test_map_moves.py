"""The Map page (AppTest) as a person pans and zooms it: the view's own cells at the resolution
that fits it, the link that holds it, and what stays drawn when a read is refused."""

from __future__ import annotations

import pytest

from mapspec.view import View, choose_resolution
from tests.pages.map_helpers import drawn_cells, drawn_resolution, map_data, moved_map, open_map, texts
from tests.processes import SMALL_MAX_CELLS


def test_moving_the_map_draws_its_view_at_the_resolution_that_fits_it(monkeypatch, sandbox, api, markets):
    app = open_map(monkeypatch, sandbox)
    market_view = View(*markets[0]["bbox"])
    whole_market = drawn_resolution(app)
    latitude, longitude = market_view.center
    close = View.around(latitude, longitude, 3)
    camera = moved_map(app, close, 12.4)
    app.run()
    assert not app.exception
    resolution = drawn_resolution(app)
    assert resolution == choose_resolution(close) > whole_market, "zoomed in: finer hexagons"
    assert map_data(app)["view"] == camera, "the map stays where the person left it"
    assert app.query_params["view"] == close.text(), "the link holds the view"
    # The market at that resolution would be far more than a view's worth: only the part
    # in view is read, as the API counts it.
    expected = api.deals.cells_frame(bbox=close.text(), resolution=resolution)
    assert {row[0]: row[1] for row in drawn_cells(app)} == dict(zip(expected["cell"], expected["n_deals"].astype(int)))

    app.run()
    assert map_data(app)["view"] == camera and drawn_resolution(app) == resolution, "the same report is not a new move"

    other = markets[1]
    app.selectbox(key="map_place_market").set_value(other["market"])
    app.run()
    assert app.query_params["view"] == View(*other["bbox"]).text(), "a new place moves the map again"
    assert map_data(app)["view"] != camera


def test_a_map_moved_off_its_market_keeps_the_markets_cells_to_pan_back_to(monkeypatch, sandbox, markets):
    app = open_map(monkeypatch, sandbox)
    market_view = View(*markets[0]["bbox"])
    cells_of_the_market = len(drawn_cells(app))
    away = View(market_view.east + 1, market_view.south, market_view.east + 1.2, market_view.south + 0.15)
    camera = moved_map(app, away, 11.0)
    app.run()
    assert not app.exception
    assert map_data(app)["view"] == camera
    assert len(drawn_cells(app)) == cells_of_the_market, "the market's cells, at its own resolution"
    assert app.query_params["view"] == away.text()


@pytest.mark.shape_independent("on a sandbox of its own (capped), the same in both passes")
def test_a_place_with_more_cells_than_the_api_serves_is_drawn_coarser(monkeypatch, markets, capped_sandbox):
    """decisions.md: more than the cells the API serves at once answers 400 on
    `resolution`; the map steps down to the finest resolution it answers."""
    capped_sandbox.reset()
    app = open_map(monkeypatch, capped_sandbox)
    assert not texts(app, "error"), texts(app, "error")
    resolution = drawn_resolution(app)
    assert resolution < choose_resolution(View(*markets[0]["bbox"]))
    assert 0 < len(drawn_cells(app)) <= SMALL_MAX_CELLS


def test_a_refused_read_after_moving_the_map_keeps_the_cells_drawn_last(monkeypatch, sandbox, markets):
    """A server error on the new view's cells is said, and the map keeps what it drew, at
    the view the person moved it to, so they can move on or back."""
    app = open_map(monkeypatch, sandbox)
    before = drawn_cells(app)
    latitude, longitude = View(*markets[0]["bbox"]).center
    sandbox.faults(rate=1, statuses=[504])
    camera = moved_map(app, View.around(latitude, longitude, 2), 13.0)
    app.run()
    assert not app.exception
    assert any("took too long" in text for text in texts(app, "error"))
    assert drawn_cells(app) == before, "the cells drawn last stay on the map"
    assert map_data(app)["view"] == camera, "where the person moved it"
    sandbox.faults(rate=0)
    moved_map(app, View.around(latitude, longitude, 2.5), 12.9)
    app.run()
    assert not texts(app, "error"), "the next move reads again"
    assert drawn_resolution(app) > choose_resolution(View(*markets[0]["bbox"]))
