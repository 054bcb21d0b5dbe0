"""The Map page's pure parts, table-driven: resolution choice, cell geometry, the compact spec."""

from __future__ import annotations

import json
import math
from datetime import date

import h3
import pandas as pd
import pytest

from components.map_layers import (
    CARTO_POSITRON,
    CELLS_LAYER,
    CENTRE_FORM,
    CityLabel,
    FLAGGED_CELLS_LAYER,
    HEX_FORM,
    ColorScale,
    MarketShape,
    build_spec,
    cell_of_row,
    encoded_centre,
    format_price,
    picked_row,
)
from components.map_filters import DealFilters, filters_label
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
    return frame_of(sorted(h3.grid_disk(h3.latlng_to_cell(32.9, -96.9, resolution), 90))[:count])


def frame_of(cells: list[str]) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "cell": cells,
            "n_deals": [1 + index % 17 for index in range(len(cells))],
            "n_investors": [1 + index % 5 for index in range(len(cells))],
            "median_price": [200_000 + index * 13 for index in range(len(cells))],
        }
    )


def disk_in(view: View, count: int) -> list[str]:
    """`count` cells around the view's centre at the view's resolution."""
    latitude, longitude = view.center
    centre = h3.latlng_to_cell(latitude, longitude, choose_resolution(view))
    rings = 1
    while 3 * rings * (rings + 1) + 1 < count:
        rings += 1
    return sorted(h3.grid_disk(centre, rings))[:count]


def corners_drawn(layer: dict, row: list) -> list[tuple[float, float]]:
    """The ring the browser draws for a row, in degrees: the layer's expression, evaluated
    as written (its syntax, `this[0]*p+...`, is Python's too), from the layer's origin."""
    expression = layer["getPolygon"]
    assert expression.startswith("@@=")
    assert layer["coordinateSystem"] == "lnglat-offsets", "corners are degrees from the origin"
    origin_lng, origin_lat, _ = layer["coordinateOrigin"]
    flat = eval(expression[3:], {"__builtins__": {}}, {"this": row})  # noqa: S307 (our own expression)
    return [(origin_lng + lng, origin_lat + lat) for lng, lat in zip(flat[0::2], flat[1::2])]


@pytest.mark.parametrize(
    "view",
    [
        pytest.param(DALLAS, id="dallas-res8"),
        pytest.param(View(-112.9, 32.9, -111.1, 34.2), id="phoenix-res7"),
        pytest.param(View(-84.45, 33.70, -84.30, 33.82), id="atlanta-blocks"),
    ],
)
def test_a_metro_view_draws_each_hexagon_from_its_centre_at_its_true_corners(view):
    frame = frame_of(disk_in(view, MAX_VIEW_CELLS))
    market = MarketShape("M", "Market", (view.west, view.south, view.east, view.north), "2026-10-31")
    spec = build_spec(frame, camera=camera(view), markets=[market])
    assert spec.form == CENTRE_FORM and spec.resolution == choose_resolution(view)
    assert len(spec.json.encode()) / len(frame) <= 40, "at most 40 bytes per cell reach the browser"
    document = json.loads(spec.json)
    layer = next(layer for layer in document["layers"] if layer["id"] == CELLS_LAYER)
    # One plain polygon per cell, in one draw call; no H3 code in the browser.
    assert layer["@@type"] == "SolidPolygonLayer" and "getHexagon" not in layer
    assert all(layer.get("id") for layer in document["layers"]), "a selection needs every layer's id"
    rows = layer["data"]
    assert len(rows) == len(frame)
    # Every 50th cell, and the view's far corners: drawn within 0.5% of its radius of
    # its true corners, and the row names its own cell again.
    checked = set(range(0, len(rows), 50)) | {0, len(rows) - 1}
    for index in sorted(checked):
        row, cell = rows[index], frame["cell"].iloc[index]
        assert cell_of_row(row, spec.resolution) == cell
        true = [(lng, lat) for lat, lng in h3.cell_to_boundary(cell)]
        drawn = corners_drawn(layer, row)
        assert len(drawn) == 6, "a filled ring of six corners, not closed (deck.gl closes it)"
        centre_lat, centre_lng = h3.cell_to_latlng(cell)
        radius = max(math.hypot(lng - centre_lng, lat - centre_lat) for lng, lat in true)
        error = max(math.hypot(a[0] - b[0], a[1] - b[1]) for a, b in zip(drawn, true))
        assert error <= 0.005 * radius, f"cell {cell} drawn {error / radius:.2%} of its radius off"
    assert "data as of 2026-10-31" in spec.tooltip["text"] and "{2} deals" in spec.tooltip["text"]
    assert layer["getFillColor"].startswith("@@=this[2]>="), "colour from the deal count"


def test_a_view_too_wide_for_one_shape_draws_h3_hexagons():
    wide = View(-106.6, 25.8, -93.5, 36.5)  # a state: hexagons change shape across it
    frame = frame_of(disk_in(wide, 4000))
    spec = build_spec(frame, camera=camera(wide))
    assert spec.form == HEX_FORM
    layer = next(layer for layer in json.loads(spec.json)["layers"] if layer["id"] == CELLS_LAYER)
    assert layer["@@type"] == "H3HexagonLayer" and layer["highPrecision"] is True
    assert [row[0] for row in layer["data"]] == list(frame["cell"])
    assert all(cell_of_row(row, None) == row[0] for row in layer["data"][:50])
    assert len(spec.json.encode()) / len(frame) <= 40
    assert "{1} deals" in spec.tooltip["text"]


def test_a_pentagon_in_view_draws_h3_hexagons():
    pentagon = h3.get_pentagons(7)[0]
    frame = frame_of(sorted(h3.grid_disk(pentagon, 3)))
    spec = build_spec(frame, camera={"latitude": 0, "longitude": 0, "zoom": 8})
    assert spec.form == HEX_FORM


def test_the_rows_go_by_url_or_inline():
    frame = frame_of(disk_in(DALLAS, 50))
    spec = build_spec(frame, camera=camera(DALLAS))
    inline = json.loads(spec.json)
    by_url = json.loads(spec.with_data({CELLS_LAYER: "app/static/map-cells/abc.json"}))
    layer = next(layer for layer in by_url["layers"] if layer["id"] == CELLS_LAYER)
    assert layer["data"] == "app/static/map-cells/abc.json"
    inline_layer = next(layer for layer in inline["layers"] if layer["id"] == CELLS_LAYER)
    assert inline_layer["data"] == json.loads(spec.rows[CELLS_LAYER])
    assert {key: value for key, value in layer.items() if key != "data"} == {
        key: value for key, value in inline_layer.items() if key != "data"
    }
    assert len(spec.digests[CELLS_LAYER]) == 32
    other = build_spec(frame.assign(n_deals=frame["n_deals"] + 1), camera=camera(DALLAS))
    assert other.digests[CELLS_LAYER] != spec.digests[CELLS_LAYER], "named by content"


def test_tiles_only_with_a_basemap():
    frame = cells_frame(10)
    with_tiles = json.loads(build_spec(frame, camera=camera(DALLAS), basemap=True).json)
    without = json.loads(build_spec(frame, camera=camera(DALLAS), basemap=False).json)
    assert with_tiles["mapStyle"] == CARTO_POSITRON and with_tiles["mapProvider"] == "carto"
    assert "mapProvider" not in without


@pytest.mark.parametrize("view", [pytest.param(DALLAS, id="centre-form"), pytest.param(View(-106.6, 25.8, -93.5, 36.5), id="hex-form")])
def test_cells_of_a_flagged_market_are_outlined_and_noted(view):
    frame = frame_of(disk_in(view, 200))
    centre = h3.cell_to_latlng(frame["cell"].iloc[0])
    west_half = MarketShape("W", "West", (view.west - 5, view.south - 5, centre[1], view.north + 5), "2026-10-31", flag="stale: permits")
    east_half = MarketShape("E", "East", (centre[1], view.south - 5, view.east + 5, view.north + 5), "2026-09-30")
    spec = build_spec(frame, camera=camera(view), markets=[west_half, east_half])
    layers = {layer["id"]: layer for layer in json.loads(spec.json)["layers"]}
    flagged = layers[FLAGGED_CELLS_LAYER]["data"]
    plain = layers[CELLS_LAYER]["data"]
    assert flagged and plain and len(flagged) + len(plain) == len(frame)
    note_at = 5 if spec.form == CENTRE_FORM else 4
    assert all(row[note_at] == "data as of 2026-10-31 · stale: permits" for row in flagged)
    assert all(row[note_at] == "data as of 2026-09-30" for row in plain)
    assert layers[FLAGGED_CELLS_LAYER]["stroked"] is True
    if spec.form == CENTRE_FORM:
        assert layers[FLAGGED_CELLS_LAYER]["@@type"] == "PolygonLayer", "a polygon layer draws outlines"
        # An outline needs the closing corner, else its last edge is missing.
        ring = corners_drawn(layers[FLAGGED_CELLS_LAYER], flagged[0])
        assert len(ring) == 7 and ring[0] == ring[-1]
        cell = cell_of_row(flagged[0], spec.resolution)
        true = [(lng, lat) for lat, lng in h3.cell_to_boundary(cell)]
        centre_lat, centre_lng = h3.cell_to_latlng(cell)
        radius = max(math.hypot(lng - centre_lng, lat - centre_lat) for lng, lat in true)
        assert max(math.hypot(a[0] - b[0], a[1] - b[1]) for a, b in zip(ring, true)) <= 0.005 * radius
    assert f"{{{note_at}}}" in spec.tooltip["text"]


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
        pytest.param({"selection": {"objects": {"cells": [[-96983579, 32970925, 3, 2, "$270k"]]}}}, "8826c86015fffff", id="a-cell-by-centre"),
        pytest.param({"selection": {"objects": {"cells": [{"0": -96983579, "1": 32970925, "2": 3}]}}}, "8826c86015fffff", id="an-object-keyed-by-index"),
        pytest.param({"selection": {"objects": {"cells": [{"1": 32970925, "0": -96983579, "__index": 4}]}}}, "8826c86015fffff", id="an-object-with-other-keys"),
        pytest.param({"selection": {"objects": {"cells": [["8826c86015fffff", 3, 2, "$270k"]]}}}, "8826c86015fffff", id="a-cell-by-hex"),
        pytest.param({"selection": {"objects": {"cells-flagged": [["8826c86015fffff", 3, 2, "$270k", "n"]]}}}, "8826c86015fffff", id="a-flagged-cell"),
        pytest.param({"selection": {"objects": {"market-outlines": [{"m": "DFW"}]}}}, None, id="not-a-cell-layer"),
        pytest.param(None, None, id="no-event"),
    ],
)
def test_the_selected_cell_is_read_from_the_chart_event(event, expected):
    row = picked_row(event)
    assert (cell_of_row(row, 8) if row else None) == expected


def test_a_centre_names_its_cell_at_every_resolution_drawn():
    for resolution in range(MIN_RESOLUTION, MAX_RESOLUTION + 1):
        cell = h3.latlng_to_cell(32.9, -96.9, resolution)
        latitude, longitude = h3.cell_to_latlng(cell)
        row = [*encoded_centre(latitude, longitude), 1]
        assert cell_of_row(row, resolution) == cell


def test_market_outlines_are_frames_drawn_like_the_cells():
    """A market's box is the hole of a thin polygon, drawn by the cells' own layer type
    (a PathLayer cost a software renderer ~1 s before the first frame)."""
    market = MarketShape("DFW", "Dallas-Fort Worth", (-97.6, 32.5, -96.3, 33.5), "2026-10-31")
    view_state = camera(DALLAS)
    spec = build_spec(frame_of(disk_in(DALLAS, 50)), camera=view_state, markets=[market])
    layer = next(layer for layer in json.loads(spec.json)["layers"] if layer["id"] == "market-outlines")
    assert layer["@@type"] == "SolidPolygonLayer" and layer["pickable"] is False
    outer, inner = layer["data"][0]["p"]
    assert inner[0] == inner[-1] and {tuple(point) for point in inner} == {(-97.6, 32.5), (-97.6, 33.5), (-96.3, 33.5), (-96.3, 32.5)}
    degrees_per_px = 360 / (256 * 2 ** view_state["zoom"])
    frame_px = (-97.6 - outer[0][0]) / degrees_per_px
    assert 1 <= frame_px <= 4, "a frame a couple of pixels wide at the first zoom"


def test_city_labels_bring_a_font_atlas_of_their_own_letters():
    """The atlas holds exactly the letters the names use, those outside ASCII too."""
    labels = [CityLabel("Dallas", 32.78, -96.8), CityLabel("Cañon City", 38.44, -105.24)]
    spec = build_spec(frame_of(disk_in(DALLAS, 20)), camera=camera(DALLAS), labels=labels, basemap=False)
    layer = next(layer for layer in json.loads(spec.json)["layers"] if layer["id"] == "city-labels")
    assert layer["@@type"] == "TextLayer"
    assert set(layer["characterSet"]) == set("DallasCañon City")
    assert layer["fontFamily"].startswith("'Source Sans'"), "the app's own face, not deck.gl's monospace"
    assert [row["t"] for row in layer["data"]] == ["Dallas", "Cañon City"]
    # The names are fetched beside the spec, like the cells' rows, so deck.gl draws them
    # with the cells rather than in a first frame of their own (build_spec says why).
    fetched = json.loads(spec.with_data({"city-labels": "app/static/map-cells/names.json"}))
    assert next(layer for layer in fetched["layers"] if layer["id"] == "city-labels")["data"] == "app/static/map-cells/names.json"
    assert json.loads(spec.rows["city-labels"]) == layer["data"]
    market = MarketShape("DFW", "Dallas-Fort Worth", (-97.6, 32.5, -96.3, 33.5), "2026-10-31")
    framed = json.loads(build_spec(frame_of(disk_in(DALLAS, 20)), camera=camera(DALLAS), markets=[market], labels=labels).json)
    assert [layer["id"] for layer in framed["layers"]] == ["cells", "market-outlines", "city-labels"], (
        "frames and names are drawn over the translucent cells"
    )
    with_tiles = json.loads(build_spec(frame_of(disk_in(DALLAS, 20)), camera=camera(DALLAS), labels=labels, basemap=True).json)
    assert "city-labels" not in {layer["id"] for layer in with_tiles["layers"]}, "tiles carry their own names"


@pytest.mark.parametrize(
    ("filters", "label"),
    [
        pytest.param(DealFilters(), "Filters: any date, kind, price", id="none"),
        pytest.param(DealFilters(kinds=("flip", "long_hold")), "Filters: Flip, Long hold", id="two-kinds"),
        pytest.param(DealFilters(kinds=("flip", "hold", "build")), "Filters: 3 kinds", id="many-kinds"),
        pytest.param(DealFilters(sold_from=date(2025, 1, 1)), "Filters: from 2025-01-01", id="from"),
        pytest.param(
            DealFilters(sold_from=date(2025, 1, 1), sold_to=date(2025, 6, 30), min_price=200_000),
            "Filters: 2025-01-01 to 2025-06-30 · $200,000 or more",
            id="dates-and-a-floor",
        ),
        pytest.param(DealFilters(max_price=500_000), "Filters: up to $500,000", id="ceiling"),
        pytest.param(DealFilters(min_price=0, max_price=500_000), "Filters: $0 to $500,000", id="range"),
    ],
)
def test_the_filters_button_says_what_is_set(filters, label):
    assert filters_label(filters) == label
