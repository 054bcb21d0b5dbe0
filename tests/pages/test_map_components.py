"""The Map page's pure parts, table-driven: resolution choice, cell geometry, the compact spec."""

from __future__ import annotations

import json
import math
from datetime import date

import h3
import pandas as pd
import pytest

from components.map_element import picked_row
from components.map_layers import (
    CARTO_POSITRON_TILES,
    CELLS_LAYER,
    CENTRE_FORM,
    CityLabel,
    FLAGGED_CELLS_LAYER,
    RING_FORM,
    ColorScale,
    MarketShape,
    build_spec,
    cell_of_row,
    encoded_centre,
    format_price,
)
from tests.map_script import rings_drawn
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


@pytest.mark.parametrize(
    ("other", "expected"),
    [
        pytest.param(View(-97.0, 32.8, -96.0, 34.0), View(-97.0, 32.8, -96.34, 33.41), id="overlapping"),
        pytest.param(View(-97.2, 32.9, -97.1, 33.0), View(-97.2, 32.9, -97.1, 33.0), id="inside"),
        pytest.param(View(-95.0, 32.9, -94.0, 33.0), None, id="apart"),
        pytest.param(View(-96.34, 32.9, -96.0, 33.0), None, id="touching-only"),
    ],
)
def test_the_part_of_a_view_inside_another(other, expected):
    assert DALLAS.intersection(other) == expected


def test_a_view_reported_past_the_worlds_edge_is_clamped():
    assert View.clamped(-250.0, -95.0, 250.0, 95.0) == View(-180.0, -90.0, 180.0, 90.0)


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


def layer_of(data: dict, layer_id: str) -> dict:
    return next(layer for layer in data["cells"] if layer["id"] == layer_id)


def radius_of(cell: str) -> float:
    centre_lat, centre_lng = h3.cell_to_latlng(cell)
    return max(math.hypot(lng - centre_lng, lat - centre_lat) for lat, lng in h3.cell_to_boundary(cell))


def off_by(drawn: list[tuple[float, float]], cell: str) -> float:
    """How far the drawn corners are from the cell's true ones, as a share of its radius."""
    true = [(lng, lat) for lat, lng in h3.cell_to_boundary(cell)]
    return max(math.hypot(a[0] - b[0], a[1] - b[1]) for a, b in zip(drawn, true)) / radius_of(cell)


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
    data = spec.data({})
    assert len(json.dumps(data, separators=(",", ":")).encode()) / len(frame) <= 40, "at most 40 bytes per cell reach the browser"
    rows = layer_of(data, CELLS_LAYER)["rows"]
    assert len(rows) == len(frame) and all(len(row) == 5 for row in rows), "[x, y, deals, investors, median]"
    # Every cell as the browser draws it (the map element's own code), within 0.5% of its
    # radius of its true corners; and the row names its own cell again.
    rings = rings_drawn(data, CELLS_LAYER)
    assert {len(ring) for ring in rings} == {6}, "a filled ring of six corners, not closed"
    errors = [off_by(ring, cell) for ring, cell in zip(rings, frame["cell"])]
    assert max(errors) <= 0.005, f"a cell drawn {max(errors):.2%} of its radius off"
    assert all(cell_of_row(row, spec.resolution) == cell for row, cell in zip(rows[::50], frame["cell"][::50]))
    assert "data as of 2026-10-31" in spec.tooltip and "{2} deals · {3} investors" in spec.tooltip
    assert data["countAt"] == 2 and data["colors"]["thresholds"] == spec.scale.thresholds


def test_a_view_too_wide_for_one_shape_draws_each_cells_own_ring():
    wide = View(-106.6, 25.8, -93.5, 36.5)  # a state: hexagons change shape across it
    frame = frame_of(disk_in(wide, 4000))
    spec = build_spec(frame, camera=camera(wide))
    assert spec.form == RING_FORM
    data = spec.data({})
    rows = layer_of(data, CELLS_LAYER)["rows"]
    assert [row[0] for row in rows] == list(frame["cell"])
    assert all(cell_of_row(row, None) == row[0] for row in rows[:50])
    rings = rings_drawn(data, CELLS_LAYER)
    assert max(off_by(ring, cell) for ring, cell in zip(rings, frame["cell"])) <= 0.001
    assert data["countAt"] == 1 and "{1} deals" in spec.tooltip[0]


def test_a_pentagon_in_view_draws_each_cells_own_ring():
    pentagon = h3.get_pentagons(7)[0]
    frame = frame_of(sorted(h3.grid_disk(pentagon, 3)))
    spec = build_spec(frame, camera={"latitude": 0, "longitude": 0, "zoom": 8})
    assert spec.form == RING_FORM
    rings = rings_drawn(spec.data({}), CELLS_LAYER)
    # The pentagon and cells cut by an icosahedron edge have more or fewer than six.
    assert [len(ring) for ring in rings] == [len(h3.cell_to_boundary(cell)) for cell in frame["cell"]]
    assert {len(ring) for ring in rings} != {6}


def test_the_rows_go_by_url_or_inline():
    frame = frame_of(disk_in(DALLAS, 50))
    spec = build_spec(frame, camera=camera(DALLAS))
    inline = spec.data({})
    by_url = spec.data({CELLS_LAYER: "app/static/map-cells/abc.json"})
    assert layer_of(by_url, CELLS_LAYER)["rows"] == "app/static/map-cells/abc.json"
    assert layer_of(inline, CELLS_LAYER)["rows"] == json.loads(spec.rows[CELLS_LAYER])
    assert {key: value for key, value in by_url.items() if key != "cells"} == {key: value for key, value in inline.items() if key != "cells"}
    assert len(spec.digests[CELLS_LAYER]) == 32
    other = build_spec(frame.assign(n_deals=frame["n_deals"] + 1), camera=camera(DALLAS))
    assert other.digests[CELLS_LAYER] != spec.digests[CELLS_LAYER], "named by content"


def test_tiles_only_with_a_basemap():
    frame = cells_frame(10)
    with_tiles = build_spec(frame, camera=camera(DALLAS), basemap=True).data({})
    without = build_spec(frame, camera=camera(DALLAS), basemap=False).data({})
    assert with_tiles["tiles"] == CARTO_POSITRON_TILES and "CARTO" in with_tiles["attribution"]
    assert with_tiles["tilesHiDpi"].endswith("@2x.png")
    assert without["tiles"] is None and without["tilesHiDpi"] is None


def test_the_selected_cell_is_sent_to_be_framed():
    frame = cells_frame(10)
    cell = frame["cell"].iloc[3]
    selected = build_spec(frame, camera=camera(DALLAS)).data({}, selected=cell)["selected"]
    latitude, longitude = h3.cell_to_latlng(cell)
    assert selected["centre"] == [longitude, latitude]
    assert selected["ring"] == [[lng, lat] for lat, lng in h3.cell_to_boundary(cell)]
    assert build_spec(frame, camera=camera(DALLAS)).data({})["selected"] is None
    assert build_spec(frame, camera=camera(DALLAS)).data({}, selected="not-a-cell")["selected"] is None


@pytest.mark.parametrize("view", [pytest.param(DALLAS, id="centre-form"), pytest.param(View(-106.6, 25.8, -93.5, 36.5), id="ring-form")])
def test_cells_of_a_flagged_market_are_outlined_and_noted(view):
    frame = frame_of(disk_in(view, 200))
    centre = h3.cell_to_latlng(frame["cell"].iloc[0])
    west_half = MarketShape("W", "West", (view.west - 5, view.south - 5, centre[1], view.north + 5), "2026-10-31", flag="stale: permits")
    east_half = MarketShape("E", "East", (centre[1], view.south - 5, view.east + 5, view.north + 5), "2026-09-30")
    spec = build_spec(frame, camera=camera(view), markets=[west_half, east_half])
    data = spec.data({})
    flagged = layer_of(data, FLAGGED_CELLS_LAYER)
    plain = layer_of(data, CELLS_LAYER)
    assert flagged["flagged"] is True and plain["flagged"] is False
    assert flagged["rows"] and plain["rows"] and len(flagged["rows"]) + len(plain["rows"]) == len(frame)
    note_at = 5 if spec.form == CENTRE_FORM else 4
    assert all(row[note_at] == "data as of 2026-10-31 · stale: permits" for row in flagged["rows"])
    assert all(row[note_at] == "data as of 2026-09-30" for row in plain["rows"])
    # An outline needs the closing corner, else its last edge is missing.
    ring = rings_drawn(data, FLAGGED_CELLS_LAYER)[0]
    assert ring[0] == ring[-1] and len(ring) == 7
    assert off_by(ring[:-1], cell_of_row(flagged["rows"][0], spec.resolution)) <= 0.005
    assert f"{{{note_at}}}" in spec.tooltip


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


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        pytest.param({"pick": None}, None, id="nothing-picked"),
        pytest.param({"pick": [-96983579, 32970925, 3, 2, "$270k"]}, "8826c86015fffff", id="a-cell-by-centre"),
        pytest.param({"pick": ["8826c86015fffff", 3, 2, "$270k", [0.0] * 12]}, "8826c86015fffff", id="a-cell-by-hex"),
        pytest.param({"pick": []}, None, id="an-empty-pick"),
        pytest.param({"pick": "8826c86015fffff"}, None, id="not-a-row"),
        pytest.param({}, None, id="no-pick-yet"),
        pytest.param(None, None, id="no-state"),
    ],
)
def test_the_picked_cell_is_read_from_the_maps_state(state, expected):
    row = picked_row(state)
    assert (cell_of_row(row, 8) if row else None) == expected


def test_a_centre_names_its_cell_at_every_resolution_drawn():
    for resolution in range(MIN_RESOLUTION, MAX_RESOLUTION + 1):
        cell = h3.latlng_to_cell(32.9, -96.9, resolution)
        latitude, longitude = h3.cell_to_latlng(cell)
        row = [*encoded_centre(latitude, longitude), 1]
        assert cell_of_row(row, resolution) == cell


def test_market_outlines_are_thin_frames_around_the_box():
    """A market's box is the hole of a thin polygon, drawn by the cells' own layer type
    (a PathLayer cost a software renderer ~1 s before the first frame)."""
    market = MarketShape("DFW", "Dallas-Fort Worth", (-97.6, 32.5, -96.3, 33.5), "2026-10-31")
    view_state = camera(DALLAS)
    data = build_spec(frame_of(disk_in(DALLAS, 50)), camera=view_state, markets=[market]).data({})
    outer, inner = data["outlines"][0]
    assert inner[0] == inner[-1] and {tuple(point) for point in inner} == {(-97.6, 32.5), (-97.6, 33.5), (-96.3, 33.5), (-96.3, 32.5)}
    degrees_per_px = 360 / (256 * 2 ** view_state["zoom"])
    frame_px = (-97.6 - outer[0][0]) / degrees_per_px
    assert 1 <= frame_px <= 4, "a frame a couple of pixels wide at the first zoom"


def test_city_names_only_without_tiles():
    labels = [CityLabel("Dallas", 32.78, -96.8), CityLabel("Cañon City", 38.44, -105.24)]
    without = build_spec(frame_of(disk_in(DALLAS, 20)), camera=camera(DALLAS), labels=labels, basemap=False).data({})
    assert without["labels"] == [{"t": "Dallas", "p": [-96.8, 32.78]}, {"t": "Cañon City", "p": [-105.24, 38.44]}]
    with_tiles = build_spec(frame_of(disk_in(DALLAS, 20)), camera=camera(DALLAS), labels=labels, basemap=True).data({})
    assert with_tiles["labels"] == [], "tiles carry their own names"


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
