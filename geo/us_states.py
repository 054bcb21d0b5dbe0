"""The outline of the US states, shipped with the app (geo/data/README.md says from where),
as paths of (longitude, latitude) for a thin line layer under a small map's boxes.

The file is TopoJSON: each border is one arc, stored once however many states share it, so
drawing every arc draws every state border and coast exactly once. The arcs are decoded here
(delta-encoded integers, scaled and translated: the TopoJSON specification, 2.1.4) and thinned
for a small map: a point that moves a line by less than `tolerance` degrees is left out.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

OUTLINE_FILE = Path(__file__).resolve().parent / "data" / "us-states-10m.json"
# About a third of a pixel of a map that shows the country (a pixel is ~0.09° at zoom 3).
DEFAULT_TOLERANCE_DEG = 0.03

Point = tuple[float, float]


def decoded_arcs(topology: dict) -> list[list[Point]]:
    """Every arc of a quantized topology in longitude, latitude."""
    (scale_x, scale_y), (translate_x, translate_y) = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for delta_x, delta_y in arc:
            x, y = x + delta_x, y + delta_y
            points.append((x * scale_x + translate_x, y * scale_y + translate_y))
        arcs.append(points)
    return arcs


def thinned(points: Sequence[Point], tolerance: float) -> list[Point]:
    """The line with the points that move it less than `tolerance` left out (Douglas-Peucker),
    its ends kept so that neighbouring arcs still meet."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        farthest, distance = _farthest(points, first, last)
        if distance > tolerance:
            keep[farthest] = True
            stack.extend(((first, farthest), (farthest, last)))
    return [point for point, kept in zip(points, keep) if kept]


def _farthest(points: Sequence[Point], first: int, last: int) -> tuple[int, float]:
    (x1, y1), (x2, y2) = points[first], points[last]
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    best, best_distance = first, 0.0
    for index in range(first + 1, last):
        x, y = points[index]
        if length == 0:
            distance = ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5
        else:
            distance = abs((x2 - x1) * (y1 - y) - (x1 - x) * (y2 - y1)) / length
        if distance > best_distance:
            best, best_distance = index, distance
    return best, best_distance


@lru_cache(maxsize=4)
def state_outlines(tolerance: float = DEFAULT_TOLERANCE_DEG) -> tuple[tuple[Point, ...], ...]:
    """Every state border and coast once, thinned, rounded to 0.001° (~100 m)."""
    topology = json.loads(OUTLINE_FILE.read_text(encoding="utf-8"))
    paths = []
    for arc in decoded_arcs(topology):
        path = tuple((round(x, 3), round(y, 3)) for x, y in thinned(arc, tolerance))
        if len(path) >= 2:
            paths.append(path)
    return tuple(paths)


def outlines_loaded() -> bool:
    """Whether the default outlines are decoded and thinned: 0.2 s once per process, which the
    first small map (a property's, in a tour's step) would otherwise wait for; the Map reads
    them ahead once it is drawn (pages/map_sections/read_ahead.py)."""
    return state_outlines.cache_info().currsize > 0


def outlines_near(bbox: Sequence[float], *, margin_deg: float = 5.0) -> list[list[list[float]]]:
    """The outline paths that reach into `bbox` (west, south, east, north) widened by `margin_deg`,
    as lists for a chart: a map of a few markets does not carry the whole country's borders."""
    west, south, east, north = bbox
    west, south, east, north = west - margin_deg, south - margin_deg, east + margin_deg, north + margin_deg
    return [
        [list(point) for point in path]
        for path in state_outlines()
        if any(west <= x <= east and south <= y <= north for x, y in path)
    ]
