"""What the map draws, as the map element (components/map_element.py) takes it: `MapSpec`.

`build_spec` turns a view's cells (`mapspec.cells` says their two row forms), the markets
in view and (without tiles) the city names into the element's message, each field of
which frontend/src/message.json names and describes.

The rows are not in the element's data (`MapSpec.rows` holds them as JSON text): the page
publishes them as a file the browser fetches and parses natively
(`adapter/static_files.py`), and the message the page sends on every rerun stays a few
kilobytes; `MapSpec.data` inlines them where no file can be served.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import h3
import pandas as pd

from mapspec.area import Area
from mapspec.cells import CENTRE_FORM, RING_FORM, HexShape, cell_centres, cell_rows
from mapspec.classes import DEALS, QUANTILE, Classes
from mapspec.labels import CityLabel
from mapspec.markets import MarketShape, market_of_cells
from mapspec.view import TILE_PX, Camera

# Layer ids: a click reports the row of a cell of these layers.
CELLS_LAYER = "cells"
FLAGGED_CELLS_LAYER = "cells-flagged"
CELL_LAYERS = (CELLS_LAYER, FLAGGED_CELLS_LAYER)

# The basemap: Carto's Positron, its raster tiles, drawn by the map element on the Map and
# on the other pages' small maps (no vector renderer in its script). The probe
# (adapter.settings.basemap_enabled) asks the vector style, on the same host.
CARTO_POSITRON = "https://basemaps.cartocdn.com/gl/positron-gl-style/style.json"
CARTO_POSITRON_TILES = "https://basemaps.cartocdn.com/light_all/{z}/{x}/{y}.png"
# The same tiles at twice the pixels, for screens that have them.
CARTO_POSITRON_TILES_HIDPI = "https://basemaps.cartocdn.com/light_all/{z}/{x}/{y}@2x.png"
TILES_ATTRIBUTION = "© OpenStreetMap contributors © CARTO"
OUTLINE_PX = 2


@dataclass(frozen=True)
class MapSpec:
    """What the map element draws, and what the legend and panel need to match it.

    `layout` is the element's data (frontend/src/map_element.js says each field) without
    the cell layers' rows; `rows` holds those as JSON text, by layer id, and `digests` a
    content hash of each (the name of its published file).
    """
    layout: Mapping[str, Any]
    rows: Mapping[str, str]
    digests: Mapping[str, str]
    scale: Classes
    n_cells: int
    resolution: int | None
    form: str

    @property
    def tooltip(self) -> list[str]:
        return list(self.layout["tooltip"])

    def data(
        self, urls: Mapping[str, str], *, selected: str | None = None, classes: Classes | None = None,
        area: Area | None = None, time: Mapping | None = None, camera: Camera | None = None,
    ) -> dict:
        """The element's data: each cell layer's rows at its URL where given, else inline;
        the selected cell framed; coloured by `classes` where given (the market's, fixed
        across its views: mapspec/classes.py), else by the view's own deal counts; the area
        drawn, if any (mapspec/area.py); the months the map plays (mapspec/timeline.py), if
        any; and `camera` where the person moved the map (it stays there), else the view's."""
        cells = [
            {**layer, "rows": urls[layer["id"]] if layer["id"] in urls else json.loads(self.rows[layer["id"]])}
            for layer in self.layout["cells"]
        ]
        colors = classes.colors(self.layout["countAt"]) if classes is not None else self.layout["colors"]
        return {**self.layout, "cells": cells, "colors": colors, "selected": selection_frame(selected) if selected else None,
                "area": area.points() if area is not None else None, "time": time,
                "view": camera.message() if camera is not None else self.layout["view"]}


def build_spec(
    cells: pd.DataFrame,
    *,
    camera: Camera,
    markets: Sequence[MarketShape] = (),
    labels: Sequence[CityLabel] = (),
    basemap: bool = False,
) -> MapSpec:
    """The cells, the market outlines and (without tiles) the city names of a view."""
    # Without the market's classes (MapSpec.data), the view's own deals by quantile.
    scale = Classes.of_cells(cells, DEALS, QUANTILE)
    hexes = cells["cell"].astype(str).tolist() if len(cells) else []
    centres = cell_centres(cells) if len(cells) else []
    shape = HexShape.fit(hexes, centres)
    form = CENTRE_FORM if shape is not None else RING_FORM
    count_at = 2 if shape is not None else 1
    markets_in_view = list(markets)
    # {n|one|many}: the count and its noun in the right number (frontend/src/cells.js, tooltipText).
    tooltip_lines = [f"{{{count_at}|deal|deals}} · {{{count_at + 1}|investor|investors}}", f"median price {{{count_at + 2}$}}"]
    rows, flagged_rows, note_line = _rows_by_market(cells, centres, shape is not None, markets_in_view, note_at=count_at + 3)
    if note_line is not None:
        tooltip_lines.append(note_line)

    # The plain layer is always there (maybe empty), so the element's layers stay the same.
    cell_layers = {CELLS_LAYER: rows}
    if flagged_rows:
        # Cells of a market whose coverage is stale or partial: outlined.
        cell_layers[FLAGGED_CELLS_LAYER] = flagged_rows
    texts = {layer_id: json.dumps(layer_rows, separators=(",", ":"), ensure_ascii=False) for layer_id, layer_rows in cell_layers.items()}
    layout: dict[str, Any] = {
        "view": camera.message(),
        # Offered always, drawn at first when `basemap` (the map's switch: frontend/src/basemap.js).
        "tiles": CARTO_POSITRON_TILES,
        "tilesHiDpi": CARTO_POSITRON_TILES_HIDPI,
        "attribution": TILES_ATTRIBUTION,
        "tilesShown": basemap,
        "colors": scale.colors(count_at),
        "cells": [{"id": layer_id, "flagged": layer_id == FLAGGED_CELLS_LAYER} for layer_id in cell_layers],
        "form": form,
        "shape": {"origin": list(shape.origin), "terms": shape.terms()} if shape is not None else None,
        "countAt": count_at,
        "tooltip": tooltip_lines,
        "outlines": [_frame(market.bbox, camera) for market in markets_in_view],
        # Drawn only while the tiles are not, whose own names would clash with them.
        "labels": [_label(label) for label in labels],
        # The months to play (mapspec/timeline.py), set by the page when its Time is on.
        "time": None,
    }
    return MapSpec(
        layout=layout,
        rows=texts,
        digests={layer_id: hashlib.sha256(text.encode()).hexdigest()[:32] for layer_id, text in texts.items()},
        scale=scale,
        n_cells=len(cells),
        resolution=h3.get_resolution(hexes[0]) if hexes else None,
        form=form,
    )


def _rows_by_market(
    cells: pd.DataFrame, centres: list[tuple[float, float]], centre_form: bool, markets: list[MarketShape], *, note_at: int
) -> tuple[list[list], list[list], str | None]:
    """The rows of plain cells and of cells of a flagged market, and the tooltip's line of
    the cells' market: one text for the whole view when all markets in it agree, else
    `{note_at}`, each row then carrying its market's note."""
    rows: list[list] = []
    flagged_rows: list[list] = []
    row_centres = centres if centre_form else None
    if not len(cells):
        return rows, flagged_rows, _note(markets[0]) if markets else None
    if len({_note(market) for market in markets}) > 1:
        # Markets of several data dates or flags in view: each cell carries its own note.
        cell_markets = market_of_cells(centres, markets)
        all_rows = cell_rows(cells, row_centres, notes=[_note(market) for market in cell_markets])
        for row, market in zip(all_rows, cell_markets):
            (flagged_rows if market is not None and market.flag else rows).append(row)
        return rows, flagged_rows, f"{{{note_at}}}"
    only = markets[0] if markets else None
    all_rows = cell_rows(cells, row_centres)
    if only is not None and only.flag:
        return rows, all_rows, _note(only)
    return all_rows, flagged_rows, _note(only) if only is not None else None


def _note(market: MarketShape | None) -> str:
    if market is None:
        return "outside the served markets"
    note = f"data as of {market.data_end}" if market.data_end else "data date unknown"
    if market.flag:
        note += f" · {market.flag}"
    return note


def _frame(bbox: tuple[float, float, float, float], camera: Camera) -> list[list[list[float]]]:
    """A market's box as a thin frame: a polygon with the box as its hole, OUTLINE_PX wide
    at the camera's first zoom, scaling with the map from there. (A software renderer
    spends about a second on a PathLayer's first frame; the frame shares the cells' layer
    type.)"""
    zoom = camera.zoom
    width = OUTLINE_PX * 360 / (TILE_PX * 2**zoom)  # degrees of longitude per pixel at that zoom
    west, south, east, north = bbox
    # A pixel spans fewer degrees of latitude than of longitude, by cos(latitude).
    across = width * math.cos(math.radians((south + north) / 2))
    outer = [[west - width, south - across], [east + width, south - across], [east + width, north + across],
             [west - width, north + across], [west - width, south - across]]
    inner = [[west, south], [west, north], [east, north], [east, south], [west, south]]
    return [outer, inner]


def selection_frame(cell: str) -> dict | None:
    """The selected cell as the map frames it: its centre and its ring of corners (the
    frame's width is in pixels, so the browser draws it for the zoom); None if `cell` is
    not an H3 cell."""
    if not h3.is_valid_cell(cell):
        return None
    latitude, longitude = h3.cell_to_latlng(cell)
    return {"centre": [longitude, latitude], "ring": [[lng, lat] for lat, lng in h3.cell_to_boundary(cell)]}


def _label(label: CityLabel) -> dict:
    return {"t": label.name, "p": [round(label.longitude, 4), round(label.latitude, 4)]}


