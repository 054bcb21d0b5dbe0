"""The Map page's pure parts, table-driven: resolution choice, cell geometry, the compact spec."""

from __future__ import annotations

import json
import math

import h3
import pandas as pd
import pytest

from components.map_layers import CARTO_POSITRON, CELLS_LAYER, FLAGGED_CELLS_LAYER, ColorScale, MarketShape, build_spec, format_price
from components.map_markets import market_shape
from components.map_view import MAX_RESOLUTION, MAX_VIEW_CELLS, MIN_RESOLUTION, View, camera, cell_geometry, choose_resolution, estimated_cells

DALLAS = View(-97.58, 32.54, -96.34, 33.41)


@pytest.mark.parametrize(
    ("view", "expected"),
    [
        pytest.param(View(-97.0, 32.9, -96.99, 32.91), MAX_RESOLUTION, id="a-few-blocks-finest"),
        pytest.param(DALLAS, 8, id="a-metro"),
        pytest.param(View(-106.6, 25.8, -93.5, 36.5), 5, id="a-state"),
        pytest.param(View(-125.0, 24.0, -66.0, 49.0), MIN_RESOLUTION, id="the-country-coarsest"),
    ],
)
def test_the_resolution_is_the_finest_that_keeps_the_view_under_20000_cells(view, expected):
    resolution = choose_resolution(view)
    assert resolution == expected
    if resolution > MIN_RESOLUTION:
        assert estimated_cells(view, resolution) <= MAX_VIEW_CELLS
    if resolution < MAX_RESOLUTION:
        assert estimated_cells(view, resolution + 1) > MAX_VIEW_CELLS


def test_the_estimate_bounds_the_real_tiling():
    resolution = choose_resolution(DALLAS)
    polygon = h3.LatLngPoly([(DALLAS.south, DALLAS.west), (DALLAS.south, DALLAS.east), (DALLAS.north, DALLAS.east), (DALLAS.north, DALLAS.west)])
    assert len(h3.polygon_to_cells(polygon, resolution)) <= MAX_VIEW_CELLS


@pytest.mark.parametrize("resolution", [4, 7, 10])
def test_a_cell_is_read_as_a_circle_that_holds_it(resolution):
    cell = h3.latlng_to_cell(32.78, -96.80, resolution)
    geometry = cell_geometry(cell)
    assert geometry.radius_miles <= 20
    for corner in h3.cell_to_boundary(cell):
        distance = h3.great_circle_distance((geometry.latitude, geometry.longitude), corner, unit="km") * 0.621371
        assert distance <= geometry.radius_miles


def test_a_malformed_cell_is_refused():
    with pytest.raises(ValueError, match="not an H3 cell"):
        cell_geometry("not-a-cell")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("1,2,3", "four numbers", id="three-numbers"),
        pytest.param("-96,32,-97,33", "west < east", id="west-east-swapped"),
    ],
)
def test_a_malformed_view_is_refused(text, message):
    with pytest.raises(ValueError, match=message):
        View.parse(text)


def test_the_camera_shows_the_whole_view():
    view_state = camera(DALLAS)
    latitude, longitude = DALLAS.center
    assert math.isclose(view_state["latitude"], latitude, abs_tol=1e-4)
    assert math.isclose(view_state["longitude"], longitude, abs_tol=1e-4)
    # 540 px of 256-px tiles at this zoom span at least the view's width.
    assert 540 * 360 / (256 * 2 ** view_state["zoom"]) >= DALLAS.east - DALLAS.west - 1e-6


@pytest.mark.parametrize(
    ("price", "text"),
    [
        pytest.param(249_600, "$250k", id="thousands"),
        pytest.param(1_250_000, "$1.2M", id="millions"),
        pytest.param(None, "n/a", id="unpriced"),
        pytest.param(float("nan"), "n/a", id="nan"),
    ],
)
def test_median_price_in_the_tooltip(price, text):
    assert format_price(price) == text


def cells_frame(count: int, resolution: int = 8) -> pd.DataFrame:
    cells = sorted(h3.grid_disk(h3.latlng_to_cell(32.9, -96.9, resolution), 90))[:count]
    return pd.DataFrame(
        {
            "cell": cells,
            "n_deals": [1 + index % 17 for index in range(len(cells))],
            "n_investors": [1 + index % 5 for index in range(len(cells))],
            "median_price": [200_000 + index * 13 for index in range(len(cells))],
        }
    )


def test_the_spec_sends_at_most_40_bytes_per_cell_with_string_hexes():
    frame = cells_frame(MAX_VIEW_CELLS)
    market = MarketShape("DFW", "Dallas-Fort Worth", (-97.6, 32.5, -96.3, 33.5), "2026-10-31")
    spec = build_spec(frame, camera=camera(DALLAS), markets=[market])
    assert len(spec.json.encode()) / len(frame) <= 40
    document = json.loads(spec.json)
    layer = next(layer for layer in document["layers"] if layer["id"] == CELLS_LAYER)
    assert all(isinstance(row[0], str) and h3.is_valid_cell(row[0]) for row in layer["data"])
    assert all(layer.get("id") for layer in document["layers"]), "a selection needs every layer's id"
    # Polygons in one draw call, not one instanced draw per cell (see map_layers._cell_layer).
    assert layer["highPrecision"] is True
    assert "data as of 2026-10-31" in spec.tooltip["text"]


def test_tiles_only_with_a_basemap():
    frame = cells_frame(10)
    with_tiles = json.loads(build_spec(frame, camera=camera(DALLAS), basemap=True).json)
    without = json.loads(build_spec(frame, camera=camera(DALLAS), basemap=False).json)
    assert with_tiles["mapStyle"] == CARTO_POSITRON and with_tiles["mapProvider"] == "carto"
    assert "mapProvider" not in without


def test_cells_of_a_flagged_market_are_outlined_and_noted():
    frame = cells_frame(200)
    centre = h3.cell_to_latlng(frame["cell"].iloc[0])
    west_half = MarketShape("W", "West", (-97.6, 32.5, centre[1], 33.5), "2026-10-31", flag="stale: permits")
    east_half = MarketShape("E", "East", (centre[1], 32.5, -96.3, 33.5), "2026-09-30")
    spec = build_spec(frame, camera=camera(DALLAS), markets=[west_half, east_half])
    layers = {layer["id"]: layer for layer in json.loads(spec.json)["layers"]}
    flagged = layers[FLAGGED_CELLS_LAYER]["data"]
    plain = layers[CELLS_LAYER]["data"]
    assert flagged and plain and len(flagged) + len(plain) == len(frame)
    assert all(row[4] == "data as of 2026-10-31 · stale: permits" for row in flagged)
    assert all(row[4] == "data as of 2026-09-30" for row in plain)
    assert layers[FLAGGED_CELLS_LAYER]["stroked"] is True
    assert "{4}" in spec.tooltip["text"]


def test_a_market_is_flagged_by_its_stale_or_partial_datasets():
    market = {
        "market": "PHX", "name": "Phoenix", "bbox": [-113, 33, -111, 34], "data_end": "2026-10-31",
        "datasets": {"deeds": {"status": "served", "stale": False}, "permits": {"status": "served", "stale": True},
                     "lenders": {"status": "partial", "stale": False}},
    }
    shape = market_shape(market)
    assert shape is not None and shape.flag == "partial: lenders; stale: permits"
    assert market_shape({**market, "datasets": {}}).flag is None


def test_colour_classes_cover_the_counts_in_order():
    scale = ColorScale.for_counts([1, 1, 2, 3, 5, 8, 13, 21, 34, 55])
    assert scale.thresholds == sorted(set(scale.thresholds)) and scale.thresholds[0] >= 1
    assert len(scale.classes()) == 5
    assert scale.expression().startswith("@@=this[1]>=")


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        pytest.param({"selection": {"indices": {}, "objects": {}}}, None, id="nothing-selected"),
        pytest.param({"selection": {"objects": {"cells": [["8826c86015fffff", 3, 2, "$270k"]]}}}, "8826c86015fffff", id="a-cell"),
        pytest.param({"selection": {"objects": {"cells-flagged": [["8826c86015fffff", 3, 2, "$270k", "n"]]}}}, "8826c86015fffff", id="a-flagged-cell"),
        pytest.param({"selection": {"objects": {"market-outlines": [{"m": "DFW"}]}}}, None, id="not-a-cell-layer"),
        pytest.param(None, None, id="no-event"),
    ],
)
def test_the_selected_cell_is_read_from_the_chart_event(event, expected):
    from components.map_layers import picked_cell

    assert picked_cell(event) == expected
