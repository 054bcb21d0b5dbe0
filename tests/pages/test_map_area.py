"""The Map page's drawn area (issue 18, Draw to filter) against the real sandbox: the cells
inside it counted from a free read, the same count the map makes from its rows; its deals
read through its box only after the box's cost is said and confirmed, all of them inside
the area; a link that restores it; an area too large or outside every market said so."""

from __future__ import annotations

import h3
import pytest

from mapspec.area import Area, ring_contains
from mapspec.cells import COORDINATE_SCALE
from tests.mapspec.test_area_script import count_by_script
from tests.pages.map_helpers import open_map, drawn_cells, map_data, raw_rows, texts


def area_around_densest_cell(app, half_width: float = 0.025) -> Area:
    """A diamond-ish area (five corners) around the map's busiest cell."""
    cell = max(drawn_cells(app), key=lambda row: row[1])[0]
    lat, lng = h3.cell_to_latlng(cell)
    return Area.of([
        (lng - half_width, lat - half_width), (lng + half_width, lat - half_width * 0.8), (lng + half_width * 1.2, lat + half_width),
        (lng, lat + half_width * 1.4), (lng - half_width, lat + half_width * 0.6),
    ])


def draw(app, area: Area | None, at: float = 1.0) -> None:
    """What the map reports when a person closes an area (or clears it): its `area` state
    (frontend/src/draw.js)."""
    app.session_state["map_chart"] = {"area": {"corners": area.points() if area else None, "at": at}}
    app.run()
    assert not app.exception


def metric(app, label: str) -> int:
    return int(next(item.value for item in app.metric if item.label == label).replace(",", ""))


def test_the_areas_cells_are_counted_free_as_the_map_counts_them(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox)
    area = area_around_densest_cell(app)
    meter = app.session_state["adapter_data_api"].credits
    draw(app, area)
    data = map_data(app)
    assert data["area"] == area.points(), "the page sends the area back to the map to draw"
    # The map's own script counts the rows it was sent (frontend/src/area.js).
    counted = count_by_script(raw_rows(app), data["form"], data["countAt"], area.points())
    assert counted["cells"] > 1
    assert metric(app, "Cells in the area") == counted["cells"]
    assert metric(app, "Deals in them") == counted["deals"]
    assert meter.charged == 0, "cells and the box's summary are free"
    assert app.query_params["area"] == area.text(), "the area is in the page's link"


def test_the_deals_cost_is_said_first_and_every_deal_listed_is_inside(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox)
    area = area_around_densest_cell(app)
    meter = app.session_state["adapter_data_api"].credits
    draw(app, area)
    assert not app.dataframe, "no deals before they are asked for"
    app.button(key="map_area_deals_ask").click().run()
    warning = " ".join(texts(app, "warning"))
    assert "may cost up to" in warning and "credits" in warning
    assert meter.charged == 0, "nothing is charged before the cost is confirmed"
    stated = max(int(word.replace(",", "")) for word in warning.split() if word.replace(",", "").isdigit())

    app.button(key="map_area_deals_confirm").click().run()
    assert not app.exception
    assert 0 < meter.charged <= stated, "charged once confirmed, never more than the most stated"
    found = app.session_state["map_area_deals_state"]["rows"]
    table = app.dataframe[0].value
    assert len(table) == len(found.rows) > 0
    assert found.read == stated, "the box holds what its summary said"
    for row in found.rows:
        assert ring_contains(area.corners, row.property.longitude, row.property.latitude)
    # The deals of the box left out lie outside the area: none inside was dropped.
    with_points = found.read - found.unplaced
    assert len(found.rows) < with_points, "the box takes in deals outside the area, which are not listed"
    assert set(table["Deal"]) == {row.id for row in found.rows}


def test_a_link_restores_the_area_and_clearing_it_on_the_map_forgets_it(monkeypatch, sandbox):
    first = open_map(monkeypatch, sandbox)
    area = area_around_densest_cell(first)
    app = open_map(monkeypatch, sandbox, area=area.text())
    assert map_data(app)["area"] == area.points(), "the link's area is drawn"
    assert metric(app, "Cells in the area") > 0
    draw(app, None, at=2.0)
    assert map_data(app)["area"] is None
    assert "area" not in app.query_params
    assert "Cells in the area" not in [item.label for item in app.metric]


def test_an_area_too_large_has_its_cells_counted_but_not_its_deals_read(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox)
    cell = max(drawn_cells(app), key=lambda row: row[1])[0]
    lat, lng = h3.cell_to_latlng(cell)
    # About 0.9 degrees of longitude at Dallas's latitude: 52 miles across.
    draw(app, Area.of([(lng - 0.45, lat - 0.1), (lng + 0.45, lat - 0.1), (lng, lat + 0.2)]))
    warnings = " ".join(texts(app, "warning"))
    assert "This area is too large" in warnings and "40 miles" in warnings
    assert metric(app, "Cells in the area") > 0
    assert not [button for button in app.button if button.key == "map_area_deals_ask"], "no deals offered"


@pytest.mark.shape_independent("an area outside every market's box is said before any read")
def test_an_area_outside_every_market_is_said_and_nothing_read(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox)
    draw(app, Area.of([(-60.0, 30.0), (-59.9, 30.0), (-59.95, 30.1)]))
    warnings = " ".join(texts(app, "warning"))
    assert "outside the markets with data" in warnings
    assert "Cells in the area" not in [item.label for item in app.metric]


def test_an_area_holding_no_cell_centre_says_so(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox)
    rows = raw_rows(app)
    data = map_data(app)
    assert data["form"] == "centre"
    # A sliver beside the busiest cell's centre, too thin to hold any cell's centre.
    x, y = (value / COORDINATE_SCALE for value in max(rows, key=lambda row: row[data["countAt"]])[:2])
    draw(app, Area.of([(x + 0.0001, y), (x + 0.0003, y), (x + 0.0002, y + 0.0002)]))
    assert metric(app, "Cells in the area") == 0
    assert any("No cell has its centre in this area" in text for text in texts(app, "info"))
