"""The message between the Map page and its script, defined once in frontend/src/message.json.

The same file is bundled into the script by esbuild (frontend/src/map_element.js imports
it), so the two sides read one definition: the fields the page sends (`FIELDS`), the row
forms (`CENTRE_FORM`, `RING_FORM`), the most corners of a drawn area (`MAX_AREA_CORNERS`)
the state the script sends back (`STATE_FIELDS`) and its one trigger (`PAINTED`), read here (`picked_row`,
`reported_view`, `reported_area`).
tests/mapspec/test_message.py checks what `build_spec` writes against the schema, and
frontend/test/message.test.js that the script reads exactly its fields.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mapspec.view import Camera

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "frontend" / "src" / "message.json"
SCHEMA: Mapping[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))

FIELDS: tuple[str, ...] = tuple(SCHEMA["properties"])
CENTRE_FORM, RING_FORM = SCHEMA["properties"]["form"]["enum"]
STATE_FIELDS: tuple[str, ...] = tuple(SCHEMA["$defs"]["state"]["properties"])
PICK, VIEW, AREA = STATE_FIELDS
TRIGGER_FIELDS: tuple[str, ...] = tuple(SCHEMA["$defs"]["triggers"]["properties"])
(PAINTED,) = TRIGGER_FIELDS
MAX_AREA_CORNERS: int = SCHEMA["$defs"]["area"]["maxItems"]


# A picture of a map whose page says nothing to add: no lines under its legend.
PLAIN_PICTURE: Mapping[str, Any] = {"lines": [], "fileName": "deedscope-map.png"}


def element_data(
    data: Mapping[str, Any], *, script_url: str, height: int, legend: Mapping | None = None, picture: Mapping | None = None,
    report_paint: bool = False,
) -> dict[str, Any]:
    """The whole message: what to draw (`MapSpec.data`), where the element loads its
    script, its least height, its legend (None: no legend drawn), what its downloaded
    picture says besides, and whether the page waits for its first frame (`PAINTED`)."""
    return {
        **data, "script": script_url, "height": height, "legend": legend, "picture": dict(picture or PLAIN_PICTURE),
        "reportPaint": report_paint,
    }


def picked_row(state: Mapping | None) -> tuple | None:
    """The row of the cell last clicked, as the page sent it, from the element's state
    (read before the map is drawn, so the map frames the cell just clicked); None if none."""
    picked = state.get(PICK) if isinstance(state, Mapping) else None
    return tuple(picked) if isinstance(picked, (list, tuple)) and picked else None


@dataclass(frozen=True)
class ReportedView:
    """Where a person has moved the map: the box it shows and its camera."""

    bbox: tuple[float, float, float, float]  # west, south, east, north
    camera: Camera  # latitude, longitude, zoom, as the map reported them


def reported_view(state: Mapping | None) -> ReportedView | None:
    """The view the map last settled on after a person moved it; None before they do."""
    view = state.get(VIEW) if isinstance(state, Mapping) else None
    if not isinstance(view, Mapping):
        return None
    bbox, camera = view.get("bbox"), view.get("camera")
    try:
        west, south, east, north = (float(value) for value in bbox)
        latitude, longitude, zoom = (float(camera[name]) for name in ("latitude", "longitude", "zoom"))
    except (TypeError, ValueError, KeyError):
        return None
    return ReportedView((west, south, east, north), Camera(latitude, longitude, zoom))


@dataclass(frozen=True)
class ReportedArea:
    """An area a person closed on the map (its corners, (lng, lat)) or cleared (None); `at`
    tells one report from the next (a link's area cleared sends None, as a map that never
    drew one reports)."""

    corners: tuple[tuple[float, float], ...] | None
    at: float


def reported_area(state: Mapping | None) -> ReportedArea | None:
    """What the map last said of its drawn area; None before it said anything. Corners that
    do not read as [lng, lat] numbers are reported as a clearing (the map checks them)."""
    area = state.get(AREA) if isinstance(state, Mapping) else None
    if not isinstance(area, Mapping):
        return None
    try:
        at = float(area.get("at"))
    except (TypeError, ValueError):
        return None
    corners = area.get("corners")
    try:
        points = tuple((float(lng), float(lat)) for lng, lat in corners) if corners else None
    except (TypeError, ValueError):
        points = None
    return ReportedArea(points, at)
