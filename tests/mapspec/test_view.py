"""The map's view, table-driven: resolution choice, the camera, a cell's circle, boxes."""

from __future__ import annotations

import math

import h3
import pytest

from mapspec.view import FIT_WIDTH_PX, MAX_RESOLUTION, MAX_VIEW_CELLS, MIN_RESOLUTION, View, camera, cell_geometry, choose_resolution, estimated_cells
from services import contract

DALLAS = View(-97.58, 32.54, -96.34, 33.41)


def test_the_resolutions_and_the_radius_are_the_contracts():
    assert (MIN_RESOLUTION, MAX_RESOLUTION) == (contract.H3_MIN_RESOLUTION, contract.H3_MAX_RESOLUTION)


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
    assert math.isclose(view_state.latitude, latitude, abs_tol=1e-4)
    assert math.isclose(view_state.longitude, longitude, abs_tol=1e-4)
    # The fitted width in 512-px tiles (deck.gl) at this zoom spans at least the view's width,
    # and no more than twice it (issue 16: a fit on 256-px tiles showed half the view).
    shown = FIT_WIDTH_PX * 360 / (512 * 2 ** view_state.zoom)
    assert DALLAS.east - DALLAS.west - 1e-6 <= shown < 2 * (DALLAS.east - DALLAS.west)
    assert view_state.bounds == (DALLAS.west, DALLAS.south, DALLAS.east, DALLAS.north)
