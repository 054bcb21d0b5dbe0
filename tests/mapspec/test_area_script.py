"""The map and the page count a drawn area the same: the map's own script (frontend/src/area.js,
run by Node.js) against mapspec/area.py, on the same corners, points and cells."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import h3
import pandas as pd
import pytest

from mapspec.area import Area, cells_in_area, crosses_itself, ring_contains
from mapspec.cells import cell_centres, cell_rows

AREA_SCRIPT = Path(__file__).resolve().parents[2] / "frontend" / "src" / "area.js"
RUNNER = f"""
import {{countInside, crossesItself, ringContains, roundCorner}} from {json.dumps(AREA_SCRIPT.as_uri())};
let input = '';
process.stdin.on('data', (chunk) => {{ input += chunk; }});
process.stdin.on('end', () => {{
  const {{rings, points, counts, form = 'centre', countAt = 2}} = JSON.parse(input);
  process.stdout.write(JSON.stringify({{
    inside: rings.map((ring) => points.map(([x, y]) => ringContains(ring, x, y))),
    crossing: rings.map((ring) => crossesItself(ring)),
    rounded: points.map((point) => roundCorner(point)),
    counts: counts.map(({{rows, corners}}) => countInside([{{rows}}], form, countAt, corners)),
  }}));
}});
"""


def run_script(request: dict) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to run the map's script (`make test` installs it with nodejs and npm)")
    result = subprocess.run(
        [node, "--input-type=module", "-e", RUNNER], input=json.dumps(request), capture_output=True, text=True, check=True, timeout=60
    )
    return json.loads(result.stdout)


def count_by_script(rows: list, form: str, count_at: int, corners: list) -> dict:
    """The map's count of the drawn rows whose centre lies in the area: {cells, deals}."""
    request = {"rings": [], "points": [], "counts": [{"rows": rows, "corners": corners}], "form": form, "countAt": count_at}
    return run_script(request)["counts"][0]


def random_ring(rng: random.Random) -> list[list[float]]:
    """3 to 9 corners around Dallas, to 1e-5 degrees as the map sends them; some crossing."""
    count = rng.randint(3, 9)
    return [[round(rng.uniform(-96.9, -96.6), 5), round(rng.uniform(32.6, 32.9), 5)] for _ in range(count)]


def test_the_map_and_the_page_agree_on_every_point_and_on_crossing_edges():
    rng = random.Random(18)
    rings = [random_ring(rng) for _ in range(300)]
    # Points anywhere about, and points exactly on corners (the rule's edge cases).
    points = [[rng.uniform(-96.95, -96.55), rng.uniform(32.55, 32.95)] for _ in range(200)]
    points += [corner for ring in rings[:20] for corner in ring]
    answer = run_script({"rings": rings, "points": points, "counts": []})
    for ring, inside, crossing in zip(rings, answer["inside"], answer["crossing"]):
        assert inside == [ring_contains([tuple(corner) for corner in ring], x, y) for x, y in points]
        assert crossing == crosses_itself([tuple(corner) for corner in ring])
    assert sum(answer["crossing"]) > 20 and sum(not value for value in answer["crossing"]) > 20, "both kinds were tried"
    # Corners kept to 1e-5 degrees, the same on both sides.
    assert answer["rounded"] == [[round(x, 5), round(y, 5)] for x, y in points]


def test_the_cells_the_map_counts_in_an_area_are_the_ones_the_page_finds():
    """The rows the page sends the map (centre form) counted by the map's script, and the
    cells of the same read found by mapspec: the same cells and the same deals."""
    rng = random.Random(8)
    centre = h3.latlng_to_cell(32.75, -96.75, 8)
    cells = sorted(h3.grid_disk(centre, 25))
    frame = pd.DataFrame({"cell": cells, "n_deals": [rng.randint(1, 40) for _ in cells], "n_investors": 1, "median_price": None})
    rows = cell_rows(frame, cell_centres(frame))
    areas = []
    while len(areas) < 40:
        try:
            areas.append(Area.of(random_ring(rng)))
        except ValueError:
            continue
    answer = run_script({"rings": [], "points": [], "counts": [{"rows": rows, "corners": area.points()} for area in areas]})
    found = [cells_in_area(frame, area) for area in areas]
    assert answer["counts"] == [{"cells": len(cells), "deals": int(cells["n_deals"].sum())} for cells in found]
    assert any(len(cells) > 10 for cells in found), "areas holding many cells were tried"
