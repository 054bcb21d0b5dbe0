"""What the map draws, table-driven: the compact spec, its two row forms, frames, names, colours.

The hexagons are checked as the browser draws them: tests/map_script.py runs the map's
own frontend/src/cells.js with Node.js."""

from __future__ import annotations

import json
import math

import h3
import pandas as pd
import pytest

from mapspec.cells import CENTRE_FORM, RING_FORM, cell_of_row, encoded_centre, format_price
from mapspec.labels import CityLabel
from mapspec.classes import DEALS, EQUAL, PRICE, Classes
from mapspec.layers import CARTO_POSITRON_TILES, CELLS_LAYER, FLAGGED_CELLS_LAYER, build_spec
from mapspec.markets import MarketShape, market_shape
from services.data_api.models import CoverageMarket
from mapspec.view import MAX_RESOLUTION, MAX_VIEW_CELLS, MIN_RESOLUTION, Camera, View, camera, choose_resolution
from tests.map_script import rings_drawn

DALLAS = View(-97.58, 32.54, -96.34, 33.41)


@pytest.mark.parametrize(
    ("price", "text"),
    [
        pytest.param(249_600, "$250k", id="thousands"),
        pytest.param(1_240_000, "$1.2M", id="millions"),
        pytest.param(1_250_000, "$1.3M", id="half-a-tenth-rounds-up"),
        pytest.param(250_500, "$251k", id="half-a-thousand-rounds-up"),
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
    assert "data as of 2026-10-31" in spec.tooltip and "{2|deal|deals} · {3|investor|investors}" in spec.tooltip
    assert data["countAt"] == 2 and data["colors"] == spec.scale.colors(2) and data["colors"]["at"] == 2


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
    assert data["countAt"] == 1 and "{1|deal|deals}" in spec.tooltip[0]


def test_a_pentagon_in_view_draws_each_cells_own_ring():
    pentagon = h3.get_pentagons(7)[0]
    frame = frame_of(sorted(h3.grid_disk(pentagon, 3)))
    spec = build_spec(frame, camera=Camera(0, 0, 8))
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


def test_tiles_are_offered_always_and_shown_at_first_with_a_basemap():
    frame = cells_frame(10)
    with_tiles = build_spec(frame, camera=camera(DALLAS), basemap=True).data({})
    without = build_spec(frame, camera=camera(DALLAS), basemap=False).data({})
    assert with_tiles["tiles"] == CARTO_POSITRON_TILES and "CARTO" in with_tiles["attribution"]
    assert with_tiles["tilesHiDpi"].endswith("@2x.png")
    assert with_tiles["tilesShown"] is True and without["tilesShown"] is False
    assert without["tiles"] == CARTO_POSITRON_TILES, "the map's switch may still draw them"


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
    shape = market_shape(CoverageMarket.model_validate(market))
    assert shape is not None and shape.flag == "lenders partly covered; permits out of date"
    assert shape.data_end == "2026-10-31"
    assert market_shape(CoverageMarket.model_validate({**market, "datasets": {}})).flag is None


def test_a_market_without_a_box_is_not_drawn():
    """Coverage may give a market no box, or one that is none (east before west): no frame, no error."""
    for bbox in (None, [-111, 33, -113, 34], [1, 2, 3]):
        assert market_shape(CoverageMarket(market="PHX", bbox=bbox)) is None


def test_without_the_markets_classes_the_view_is_coloured_by_its_own_deals():
    frame = frame_of(disk_in(View(-96.9, 32.7, -96.7, 32.9), 200))
    spec = build_spec(frame, camera=Camera(32.8, -96.8, 10))
    assert spec.scale.metric == DEALS and spec.scale.bounds[0] == frame["n_deals"].min()


def test_the_markets_classes_colour_the_view_by_their_metric():
    frame = frame_of(disk_in(View(-96.9, 32.7, -96.7, 32.9), 200))
    spec = build_spec(frame, camera=Camera(32.8, -96.8, 10))
    classes = Classes(PRICE, EQUAL, (100_000.0, 200_000.0))
    data = spec.data({}, classes=classes)
    assert data["colors"] == classes.colors(data["countAt"]) and data["colors"]["at"] == data["countAt"] + 2
    row = layer_of(data, CELLS_LAYER)["rows"][0]
    assert isinstance(row[data["colors"]["at"]], int), "the median in whole dollars"


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
    degrees_per_px = 360 / (512 * 2 ** view_state.zoom)  # deck.gl zooms count 512-px tiles
    frame_px = (-97.6 - outer[0][0]) / degrees_per_px
    assert 1 <= frame_px <= 4, "a frame a couple of pixels wide at the first zoom"


def test_city_names_are_sent_with_or_without_tiles():
    labels = [CityLabel("Dallas", 32.78, -96.8), CityLabel("Cañon City", 38.44, -105.24)]
    without = build_spec(frame_of(disk_in(DALLAS, 20)), camera=camera(DALLAS), labels=labels, basemap=False).data({})
    assert without["labels"] == [{"t": "Dallas", "p": [-96.8, 32.78]}, {"t": "Cañon City", "p": [-105.24, 38.44]}]
    with_tiles = build_spec(frame_of(disk_in(DALLAS, 20)), camera=camera(DALLAS), labels=labels, basemap=True).data({})
    assert with_tiles["labels"] == without["labels"], "the map draws them while its tiles are off (frontend/src/basemap.js)"


