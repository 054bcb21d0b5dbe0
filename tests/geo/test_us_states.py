"""geo/us_states.py: the states' borders shipped with the app, decoded and thinned."""

from __future__ import annotations

import pytest

from geo import us_states


def test_a_quantized_arc_is_decoded_from_its_deltas():
    topology = {"transform": {"scale": [0.5, 0.25], "translate": [-100.0, 30.0]}, "arcs": [[[2, 4], [2, -4], [0, 8]]]}
    assert us_states.decoded_arcs(topology) == [[(-99.0, 31.0), (-98.0, 30.0), (-98.0, 32.0)]]


@pytest.mark.parametrize(
    ("points", "kept"),
    [
        pytest.param([(0, 0), (1, 0.001), (2, 0), (3, -0.001), (4, 0)], [(0, 0), (4, 0)], id="a-near-straight-line"),
        pytest.param([(0, 0), (1, 0), (2, 1), (3, 0), (4, 0)], [(0, 0), (1, 0), (2, 1), (3, 0), (4, 0)], id="a-corner"),
        pytest.param([(0, 0), (1, 1)], [(0, 0), (1, 1)], id="two-points"),
        pytest.param([(0, 0), (1, 1), (0, 0)], [(0, 0), (1, 1), (0, 0)], id="a-closed-ring"),
    ],
)
def test_thinning_leaves_out_only_what_barely_moves_the_line(points, kept):
    assert us_states.thinned(points, 0.01) == kept


def test_the_outline_holds_the_lower_48_and_the_red_river():
    paths = us_states.state_outlines()
    longitudes = [x for path in paths for x, _ in path]
    latitudes = [y for path in paths for _, y in path]
    # Point Arena, CA (-123.7°) to West Quoddy Head, ME (-67.0°); Key West (24.5°) to the border (49°).
    assert min(x for x in longitudes if x > -130) < -123.5 and max(longitudes) > -67.2
    assert min(y for y in latitudes if y > 20) < 24.6 and max(y for y, x in zip(latitudes, longitudes) if x > -130) >= 49.0
    # Texas meets Oklahoma along the Red River, north of Dallas-Fort Worth.
    assert any(-97.5 < x < -96.0 and 33.6 < y < 34.0 for path in paths for x, y in path)
    assert sum(len(path) for path in paths) < 8_000, "thinned for a small map"


def test_only_the_borders_near_a_box_are_given():
    dallas = [-97.6, 32.5, -96.5, 33.3]
    near = us_states.outlines_near(dallas, margin_deg=2)
    assert near and all(any(-99.6 <= x <= -94.5 and 30.5 <= y <= 35.3 for x, y in path) for path in near)
    assert len(near) < len(us_states.state_outlines()) / 5
