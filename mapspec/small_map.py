"""The other pages' small maps and the network graph, described for the map element's script
(frontend/src/small_map.js, drawn by components/small_map.py).

Like pydeck, a map is layers of rows and a view; unlike st.pydeck_chart, it is drawn by the
Map's own deck.gl build, so a tab never holds two (docs/architecture.md, "One deck.gl in the
browser"). Layer kinds and their rows are said in frontend/src/small_layers.js. A map of
places carries the Map's offline context under what it shows: the states' borders
(`geo.us_states`) and the biggest cities' names (`mapspec.labels`), the names hidden
while the basemap's tiles (which carry their own) are drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from geo import us_states
from mapspec.labels import city_labels
from mapspec.layers import CARTO_POSITRON_TILES, CARTO_POSITRON_TILES_HIDPI, TILES_ATTRIBUTION
from mapspec.view import View

Color = Sequence[int]
OUTLINE_COLOR = [110, 110, 110, 170]
BORDERS_LAYER = "state-borders"
CITIES_LAYER = "city-names"
CITY_NAMES = 8
# The least box a map shows (degrees): one parcel is shown in its streets, not at zoom 20.
LEAST_SPAN_DEG = 0.01
# Room around what a map shows (a share of its span: the corner buttons sit over the edges).
MARGIN = 0.15
# Borders of states this far (degrees) around the shown box: they reach the map's edges.
BORDERS_MARGIN_DEG = 5.0


@dataclass(frozen=True)
class Canvas:
    """Where the small maps' script is (None: it cannot be served, components say so) and
    whether the basemap's tiles are drawn at first (DEEDSCOPE_BASEMAP)."""

    script_url: str | None
    basemap: bool = False


def layer(kind: str, layer_id: str, rows: Sequence[Mapping], **look: Any) -> dict:
    """One layer: `kind` of frontend/src/small_layers.js, its rows, and its look (fill, line, radius...)."""
    return {"kind": kind, "id": layer_id, "rows": [dict(row) for row in rows], **look}


def bounds_of(points: Sequence[Sequence[float]]) -> list[float]:
    """West, south, east, north around (longitude, latitude) points, with a margin and at least LEAST_SPAN_DEG."""
    longitudes = [point[0] for point in points]
    latitudes = [point[1] for point in points]
    west, east, south, north = min(longitudes), max(longitudes), min(latitudes), max(latitudes)
    half_x = max(east - west, LEAST_SPAN_DEG) * (0.5 + MARGIN)
    half_y = max(north - south, LEAST_SPAN_DEG) * (0.5 + MARGIN)
    centre_x, centre_y = (west + east) / 2, (south + north) / 2
    return [round(value, 6) for value in (centre_x - half_x, centre_y - half_y, centre_x + half_x, centre_y + half_y)]


def place_map(layers: Sequence[dict], *, bounds: Sequence[float], basemap: bool, label: str,
              borders: bool = True, cities: bool = True) -> dict:
    """A map of places showing `bounds` (west, south, east, north), over the states' borders
    and under the biggest cities' names of that box (the Map's offline context)."""
    west, south, east, north = bounds
    context = []
    if borders:
        paths = us_states.outlines_near(bounds, margin_deg=BORDERS_MARGIN_DEG)
        context.append(layer("paths", BORDERS_LAYER, [{"path": path} for path in paths], color=OUTLINE_COLOR, width=1))
    names = []
    if cities:
        names = [layer("text", CITIES_LAYER, [{"t": city.name, "p": [round(city.longitude, 4), round(city.latitude, 4)]}
                                              for city in city_labels(View(west, south, east, north), limit=CITY_NAMES)],
                       size=13, underTiles=False)]
    return {
        "graph": False,
        "view": {"bounds": list(bounds)},
        "tiles": CARTO_POSITRON_TILES,
        "tilesHiDpi": CARTO_POSITRON_TILES_HIDPI,
        "attribution": TILES_ATTRIBUTION,
        "tilesShown": basemap,
        # The cities' names above the shapes, the borders under them.
        "layers": [*context, *layers, *names],
        "label": label,
    }


def graph(layers: Sequence[dict], *, target: Sequence[float], zoom: float, label: str) -> dict:
    """A drawing in its own units (an orthographic view: the network), no tiles."""
    return {"graph": True, "view": {"target": list(target), "zoom": zoom}, "tiles": None, "tilesHiDpi": None,
            "attribution": "", "tilesShown": False, "layers": list(layers), "label": label}


def box_ring(bbox: Sequence[float]) -> list[list[float]]:
    west, south, east, north = bbox
    return [[west, south], [east, south], [east, north], [west, north], [west, south]]
