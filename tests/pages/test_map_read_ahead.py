"""Issue 18, Speed: a market switch finds the new market read and drawn ahead.

Once the Map page is drawn, the other markets' whole views (their cells, their spec and
their colour classes, all free) are read in the background (adapter/read_ahead.py); the
switch then makes no cells request of its own.
"""

from __future__ import annotations

import pytest

import adapter.read_ahead
from adapter.read_ahead import wait_idle
from mapspec.view import View, choose_resolution
from tests.pages.map_helpers import (
    client,
    drawn_cells,
    drawn_resolution,
    moved_map,
    new_page,
    point_app_at,
    record_cell_reads,
)


def test_a_market_switch_finds_its_cells_read_ahead(monkeypatch, sandbox):
    with client(sandbox.url) as api:
        markets = [market.model_dump(mode="json") for market in api.coverage.retrieve().markets if market.bbox]
    assert len(markets) >= 2, "the sandbox serves two markets with a box"
    # An AppTest run is no browser's session, where the page reads nothing ahead unless told to.
    monkeypatch.setattr(adapter.read_ahead, "OUTSIDE_A_BROWSER", True)
    monkeypatch.setattr(adapter.read_ahead, "START_AFTER_S", 0.0)
    point_app_at(monkeypatch, sandbox.url)
    app = new_page()
    app.run()
    assert not app.exception
    assert wait_idle(120), "the reads ahead finished"

    places = record_cell_reads(monkeypatch)
    other = markets[1]
    app.selectbox(key="map_place_market").set_value(other["market"])
    app.run()
    assert not app.exception
    assert app.query_params["view"] == View(*other["bbox"]).text()
    assert drawn_cells(app), "the other market's cells are drawn"
    assert places == [], f"the switch read cells itself: {places}"


@pytest.mark.shape_independent("whether a session reads ahead is its kind (a browser or not), not the data")
def test_an_apptest_run_reads_nothing_ahead(monkeypatch, sandbox):
    """Only a browser's session reads ahead (adapter/served.py): an AppTest run has a
    Streamlit runtime but no browser, and a read it queued could reach the next test's sandbox."""
    monkeypatch.setattr(adapter.read_ahead, "START_AFTER_S", 0.0)
    point_app_at(monkeypatch, sandbox.url)
    places = record_cell_reads(monkeypatch)
    app = new_page()
    app.run()
    assert not app.exception
    assert wait_idle(120)
    markets_read = {place.get("bbox") for place in places}
    assert len(markets_read) == 1, f"cells read beyond the page's own view: {places}"


def test_a_zoom_on_a_place_read_whole_finds_its_cells_read_ahead(monkeypatch, sandbox):
    """ZIPs are read whole at every zoom: once the page is drawn, their cells at the next
    finer and coarser resolutions are read ahead, and a zoom then reads no cells itself."""
    monkeypatch.setattr(adapter.read_ahead, "OUTSIDE_A_BROWSER", True)
    monkeypatch.setattr(adapter.read_ahead, "START_AFTER_S", 0.0)
    point_app_at(monkeypatch, sandbox.url)
    app = new_page(market="DFW", zip="75201,75204,75206")
    app.run()
    assert not app.exception
    before = drawn_resolution(app)
    view = View.parse(app.query_params["view"])
    assert wait_idle(120), "the reads ahead finished"

    # The cells requested of the service from now on (a memoised read asks nothing).
    from services.data_api.resources import deals

    requested: list[int] = []
    cells_frame = deals.Deals.cells_frame

    def requesting(self, *args, **kwargs):
        requested.append(kwargs.get("resolution"))
        return cells_frame(self, *args, **kwargs)

    monkeypatch.setattr(deals.Deals, "cells_frame", requesting)
    # Zoomed out, to the next coarser resolution (the ZIPs' view is at the finest served).
    latitude, longitude = view.center
    width, height = view.east - view.west, view.north - view.south
    wider = next(
        wide for factor in (1.5, 2, 2.5, 3, 4)
        if choose_resolution(wide := View(longitude - width * factor / 2, latitude - height * factor / 2,
                                          longitude + width * factor / 2, latitude + height * factor / 2)) == before - 1
    )
    moved_map(app, wider, 11.0)
    app.run()
    assert not app.exception
    assert drawn_resolution(app) == before - 1 and drawn_cells(app), "the coarser cells are drawn"
    assert requested == [], f"the zoom requested cells itself, at resolutions {requested}"


@pytest.mark.shape_independent("the app's own offline tables, loaded whatever the data")
def test_the_offline_tables_are_loaded_ahead(monkeypatch, sandbox):
    """A cell's panel names its place from an offline table; loading it took the first cell's
    panel 0.15 to 0.2 s (the tour's "Who buys there"). A small map draws the states' outlines,
    decoded and thinned in 0.2 s of the first (a property's, the tour's next step). The Map
    loads both once it is drawn."""
    import geo.us_states
    import mapspec.labels

    monkeypatch.setattr(adapter.read_ahead, "OUTSIDE_A_BROWSER", True)
    monkeypatch.setattr(adapter.read_ahead, "START_AFTER_S", 0.0)
    point_app_at(monkeypatch, sandbox.url)
    mapspec.labels._zip_codes.cache_clear()
    geo.us_states.state_outlines.cache_clear()
    app = new_page()
    app.run()
    assert not app.exception
    assert wait_idle(120), "the reads ahead finished"
    assert mapspec.labels.place_names_loaded(), "the table is loaded before any cell is chosen"
    assert geo.us_states.outlines_loaded(), "the outlines are decoded before any small map is drawn"
