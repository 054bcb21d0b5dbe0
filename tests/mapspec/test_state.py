"""What the map's script sends back (its `pick` and `view` state), as the page reads it."""

from __future__ import annotations

import pytest

from mapspec.cells import cell_of_row
from mapspec.message import picked_row, reported_view


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


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        pytest.param(
            {"view": {"bbox": [-97.1, 32.7, -96.9, 32.9], "camera": {"latitude": 32.8, "longitude": -97.0, "zoom": 11.5}}},
            ((-97.1, 32.7, -96.9, 32.9), {"latitude": 32.8, "longitude": -97.0, "zoom": 11.5}),
            id="a-settled-view",
        ),
        pytest.param({"view": None}, None, id="not-moved-yet"),
        pytest.param({"view": {"bbox": [1, 2, 3], "camera": {}}}, None, id="a-malformed-box"),
        pytest.param(None, None, id="no-state"),
    ],
)
def test_the_view_a_person_moved_the_map_to_is_read_from_its_state(state, expected):
    reported = reported_view(state)
    assert (None if reported is None else (reported.bbox, reported.camera.message())) == expected
