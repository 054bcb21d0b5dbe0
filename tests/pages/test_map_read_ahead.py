"""Issue 18, Speed: a market switch finds the new market read and drawn ahead.

Once the Map page is drawn, the other markets' whole views (their cells, their spec and
their colour classes, all free) are read in the background (adapter/read_ahead.py); the
switch then makes no cells request of its own.
"""

from __future__ import annotations

import adapter.read_ahead
from adapter.read_ahead import wait_idle
from mapspec.view import View
from tests.pages.map_helpers import client, drawn_cells, new_page, point_app_at, record_cell_reads


def test_a_market_switch_finds_its_cells_read_ahead(monkeypatch, sandbox):
    with client(sandbox.url) as api:
        markets = [market.model_dump(mode="json") for market in api.coverage.retrieve().markets if market.bbox]
    assert len(markets) >= 2, "the sandbox serves two markets with a box"
    # AppTest runs no Streamlit runtime, where the page reads nothing ahead unless told to.
    monkeypatch.setattr(adapter.read_ahead, "WITHOUT_RUNTIME", True)
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
