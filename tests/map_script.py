"""The map element's own drawing code (frontend/src/cells.js), run by Node.js for tests:
what the browser draws is checked against H3, not against a copy of the code."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

CELLS_SCRIPT = Path(__file__).resolve().parent.parent / "frontend" / "src" / "cells.js"
RUNNER = f"""
import {{binaryRings}} from {json.dumps(CELLS_SCRIPT.as_uri())};
let input = '';
process.stdin.on('data', (chunk) => {{ input += chunk; }});
process.stdin.on('end', () => {{
  const {{rows, data, closed}} = JSON.parse(input);
  const binary = binaryRings(rows, data, closed);
  process.stdout.write(JSON.stringify({{
    starts: Array.from(binary.startIndices),
    positions: Array.from(binary.attributes.getPolygon.value),
  }}));
}});
"""


def rings_drawn(data: dict, layer_id: str) -> list[list[tuple[float, float]]]:
    """Each row's ring as the map element draws it, in degrees (the centre form's corners
    are degrees from the view's origin; the origin is added back here)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to run the map's script (`make test` installs it with nodejs and npm)")
    layer = next(layer for layer in data["cells"] if layer["id"] == layer_id)
    if isinstance(layer["rows"], str):
        raise ValueError("pass the data with its rows inline (MapSpec.data({}))")
    request = {"rows": layer["rows"], "data": data, "closed": bool(layer["flagged"])}
    result = subprocess.run(
        [node, "--input-type=module", "-e", RUNNER], input=json.dumps(request), capture_output=True, text=True, check=True, timeout=60
    )
    drawn = json.loads(result.stdout)
    origin = data["shape"]["origin"] if data["form"] == "centre" else [0.0, 0.0]
    positions, starts = drawn["positions"], drawn["starts"]
    return [
        [(origin[0] + positions[2 * vertex], origin[1] + positions[2 * vertex + 1]) for vertex in range(start, end)]
        for start, end in zip(starts, starts[1:])
    ]
