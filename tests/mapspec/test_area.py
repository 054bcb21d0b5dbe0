"""A drawn area (mapspec/area.py): which points, cells and deals lie in it, what makes
corners no area, and when an area is too large or outside every market."""

from __future__ import annotations

import math

import h3
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapspec.area import (
    MAX_AREA_BOX_MILES, Area, area_figures, box_miles, cells_box, cells_in_area, crosses_itself, deals_in_area,
    markets_touched, outside_problem, ring_contains, size_problem,
)
from mapspec.message import MAX_AREA_CORNERS
from services.data_api.models import CoverageMarket, Deal

SQUARE = Area.of([(-96.8, 32.7), (-96.7, 32.7), (-96.7, 32.8), (-96.8, 32.8)])
# A "C": its mouth (the middle of the right side) is outside.
HOOK = Area.of([(0, 0), (3, 0), (3, 1), (1, 1), (1, 2), (3, 2), (3, 3), (0, 3)])
DFW = CoverageMarket(market="DFW", bbox=[-97.6, 32.5, -96.3, 33.4])
PHX = CoverageMarket(market="PHX", bbox=[-112.6, 33.2, -111.6, 33.8])


@pytest.mark.parametrize(
    ("point", "inside"),
    [
        ((-96.75, 32.75), True), ((-96.85, 32.75), False), ((-96.75, 32.85), False),
        ((-96.7001, 32.7001), True), ((-96.6999, 32.75), False),
    ],
)
def test_a_square_holds_the_points_inside_it(point, inside):
    assert SQUARE.contains(*point) is inside


def test_a_concave_area_leaves_out_its_mouth():
    assert HOOK.contains(0.5, 1.5)
    assert not HOOK.contains(2, 1.5), "the mouth of the C"
    assert HOOK.contains(2, 0.5) and HOOK.contains(2, 2.5)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.floats(-1, 1), st.floats(-1, 1)), min_size=3, max_size=12),
    st.floats(-1.5, 1.5), st.floats(-1.5, 1.5),
)
def test_the_even_odd_rule_is_unchanged_by_where_the_ring_starts_or_its_direction(ring, x, y):
    """A point on no edge is in or out whatever corner the ring starts at, either way round."""
    edge_distance = min(_distance_to_segment((x, y), ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring)))
    if edge_distance < 1e-9:
        return
    inside = ring_contains(ring, x, y)
    assert ring_contains(ring[1:] + ring[:1], x, y) == inside
    assert ring_contains(ring[::-1], x, y) == inside


@settings(max_examples=100, deadline=None)
@given(st.floats(0.001, 0.5), st.floats(0.001, 0.5), st.floats(-1, 1), st.floats(-1, 1))
def test_a_box_holds_a_point_exactly_when_its_ring_does(width, height, x, y):
    ring = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
    if min(abs(x), abs(y), abs(x - width), abs(y - height)) < 1e-9:
        return
    assert ring_contains(ring, x, y) == (0 < x < width and 0 < y < height)


def _distance_to_segment(p, a, b) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    length = ax * ax + ay * ay
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / length))
    return math.hypot(p[0] - a[0] - t * ax, p[1] - a[1] - t * ay)


@pytest.mark.parametrize(
    ("corners", "problem"),
    [
        pytest.param([(0, 0), (1, 0)], "An area needs at least 3 corners.", id="two-corners"),
        pytest.param([(0, 0), (1, 0), (1, 0), (0, 0)], "An area needs at least 3 corners.", id="repeats-dropped-then-too-few"),
        pytest.param([(0, 0), (1, 1), (1, 0), (0, 1)], "The area's edges cross each other.", id="a-bow-tie"),
        pytest.param([(0, 0), (2, 0), (1, 0), (1, 1)], "The area's edges cross each other.", id="an-edge-folding-back"),
        pytest.param([(0, 0), (1, 0), (2, 0)], "The area's edges cross each other.", id="all-on-one-line"),
        pytest.param([(0, 0), (2, 0), (2, 2), (1, 0.0), (0, 2)], "The area's edges cross each other.", id="a-corner-on-an-edge"),
        pytest.param([(0, 0), (200, 0), (0, 1)], "An area's corners are longitudes from -180 to 180 and latitudes from -90 to 90.",
                     id="off-the-globe"),
        pytest.param([(i, (i % 2) * 0.1) for i in range(MAX_AREA_CORNERS)] + [(MAX_AREA_CORNERS, 5), (0, 5)],
                     f"An area has at most {MAX_AREA_CORNERS} corners.", id="too-many-corners"),
        pytest.param([(0, 0), ("a", 1), (1, 1)], "An area's corners are pairs of numbers: longitude, latitude.", id="not-numbers"),
        pytest.param([(0, 0), (math.nan, 1), (1, 1)], "An area's corners are pairs of numbers: longitude, latitude.", id="nan"),
    ],
)
def test_corners_that_make_no_area_are_refused_in_words(corners, problem):
    with pytest.raises(ValueError) as refused:
        Area.of(corners)
    assert str(refused.value) == problem


def test_a_double_clicks_repeat_and_a_closing_corner_are_dropped():
    area = Area.of([(0, 0), (1, 0), (1, 0), (1, 1), (0, 0)])
    assert area.corners == ((0, 0), (1, 0), (1, 1))


def test_a_ring_that_does_not_cross_is_kept_whatever_its_direction():
    assert not crosses_itself(HOOK.corners) and not crosses_itself(HOOK.corners[::-1])


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.floats(-97, -96, allow_nan=False), st.floats(32, 33, allow_nan=False)), min_size=3, max_size=8))
def test_an_area_reads_back_from_its_link_text(corners):
    try:
        area = Area.of(corners)
    except ValueError:
        return
    assert Area.parse(area.text()) == area


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.floats(-97, -96), st.floats(32, 33)), min_size=3, max_size=8))
def test_the_box_holds_every_corner_to_a_1e_4_step(corners):
    try:
        area = Area.of(corners)
    except ValueError:
        return
    box = area.box()
    assert all(box.contains(lat, lng) for lng, lat in area.corners)
    for edge in (box.west, box.south, box.east, box.north):
        assert abs(edge * 1e4 - round(edge * 1e4)) < 1e-6
    assert box.east - box.west < max(lng for lng, _ in area.corners) - min(lng for lng, _ in area.corners) + 2.0001e-4


def frame(cells: list[str], deals: list[int]) -> pd.DataFrame:
    return pd.DataFrame({"cell": cells, "n_deals": deals, "n_investors": 1, "median_price": 250_000.0})


def test_the_cells_in_an_area_are_those_whose_centre_is_in_it():
    centre = h3.latlng_to_cell(32.75, -96.75, 8)
    around = sorted(h3.grid_disk(centre, 12))
    cells = frame(around, list(range(1, len(around) + 1)))
    kept = cells_in_area(cells, SQUARE)
    assert 0 < len(kept) < len(cells)
    expected = {cell for cell in around if SQUARE.contains(h3.cell_to_latlng(cell)[1], h3.cell_to_latlng(cell)[0])}
    assert set(kept["cell"]) == expected
    figures = area_figures(kept)
    assert figures.n_cells == len(expected)
    assert figures.n_deals == int(kept["n_deals"].sum())
    assert figures.busiest_deals == int(kept["n_deals"].max())
    assert kept.loc[kept["cell"] == figures.busiest_cell, "n_deals"].item() == figures.busiest_deals


def test_no_cells_make_no_figures():
    assert area_figures(cells_in_area(frame([], []), SQUARE)).n_cells == 0


def test_the_cells_box_takes_in_a_whole_cell_beyond_the_area():
    resolution = 8
    box, grown = SQUARE.box(), cells_box(SQUARE, resolution)
    # The cell of the area's corner: every one of its own corners is in the grown box.
    corner_cell = h3.latlng_to_cell(box.south, box.west, resolution)
    assert all(grown.contains(lat, lng) for lat, lng in h3.cell_to_boundary(corner_cell))
    assert grown.west < box.west and grown.north > box.north


def deal(latitude, longitude, deal_id="deal_1") -> Deal:
    return Deal.model_validate({"id": deal_id, "property": {"latitude": latitude, "longitude": longitude}})


def test_the_deals_kept_are_those_in_the_area_and_those_without_a_point_are_counted():
    rows = [deal(32.75, -96.75, "in"), deal(32.79, -96.71, "in-too"), deal(32.65, -96.75, "south"), deal(None, -96.75, "no-point"),
            Deal(id="no-property")]
    found = deals_in_area(rows, SQUARE)
    assert [row.id for row in found.rows] == ["in", "in-too"]
    assert (found.unplaced, found.read) == (2, 5)


def test_a_concave_areas_deals_leave_out_its_mouth():
    found = deals_in_area([deal(1.5, 0.5, "west-arm"), deal(1.5, 2, "mouth")], HOOK)
    assert [row.id for row in found.rows] == ["west-arm"]


def test_an_area_over_40_miles_across_is_too_large_and_its_size_is_said():
    # About 0.8 degrees of longitude at 32.7°: 46 miles.
    wide = Area.of([(-97.4, 32.7), (-96.6, 32.7), (-96.6, 32.8)])
    width, height = box_miles(wide.box())
    assert width > MAX_AREA_BOX_MILES > height
    problem = size_problem(wide)
    assert problem is not None and f"{width:,.0f} × {height:,.0f} miles" in problem and "40 miles" in problem
    assert size_problem(SQUARE) is None


def test_an_area_beyond_every_market_is_said_with_the_markets_there_are():
    assert markets_touched(SQUARE, [DFW, PHX]) == ["DFW"]
    assert outside_problem(SQUARE, [DFW, PHX]) is None
    ocean = Area.of([(-60, 30), (-59, 30), (-59, 31)])
    problem = outside_problem(ocean, [DFW, PHX])
    assert problem is not None and "DFW, PHX" in problem
