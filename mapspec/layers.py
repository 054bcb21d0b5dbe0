"""What the map draws, as the map element (components/map_element.py) takes it.

A view holds up to 20,000 cells, so each cell travels as a short array, and the browser
computes its hexagon and its colour (frontend/src/map_element.js):

- Centre form (most views): a cell is `[x, y, deals, investors, "$median"]`, its centre in
  integer 1e-6 degrees (about 0.1 m), and the hexagon's corners are an affine function of
  that centre fitted to the view's cells (`HexShape`). No H3 code runs in the browser;
  `HexShape.fit` checks the fit on the view's cells and falls back when the error would
  show. The corners are degrees from the view's origin (deck.gl's `lnglat-offsets`):
  deck.gl then keeps them as 32-bit floats, where absolute longitudes and latitudes take
  its 64-bit emulation, twice the vertex data and a longer shader for a software renderer
  to run. It projects offsets to the second order, about a metre off at the edge of a
  metro view: the same shift for neighbouring corners, so no seam opens.
- Ring form (fallback: views spanning many degrees, where the shape drifts with latitude,
  or holding a pentagon): `[hex, deals, investors, "$median", ring]`, the ring the cell's
  six corners in degrees, as H3 gives them.

The rows are not in the element's data (`MapSpec.rows` holds them as JSON text): the page
publishes them as a file the browser fetches and parses natively (`static_data.py`), and
the message the page sends on every rerun stays a few kilobytes; `MapSpec.data` inlines
them where no file can be served.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

# Layer ids: a click reports the row of a cell of these layers.
CELLS_LAYER = "cells"
FLAGGED_CELLS_LAYER = "cells-flagged"
CELL_LAYERS = (CELLS_LAYER, FLAGGED_CELLS_LAYER)

# The basemap: Carto's Positron. The other pages' pydeck charts draw its vector style;
# the map element draws its raster tiles (no vector renderer in its script). The probe
# (adapter.settings.basemap_enabled) asks the style, on the same host.
CARTO_POSITRON = "https://basemaps.cartocdn.com/gl/positron-gl-style/style.json"
CARTO_POSITRON_TILES = "https://basemaps.cartocdn.com/light_all/{z}/{x}/{y}.png"
# The same tiles at twice the pixels, for screens that have them.
CARTO_POSITRON_TILES_HIDPI = "https://basemaps.cartocdn.com/light_all/{z}/{x}/{y}@2x.png"
TILES_ATTRIBUTION = "© OpenStreetMap contributors © CARTO"
# Yellow to red (ColorBrewer YlOrRd, 5 classes): more deals, hotter.
PALETTE = ((255, 237, 160), (254, 178, 76), (253, 141, 60), (240, 59, 32), (189, 0, 38))
CELL_ALPHA = 190
# Centres travel as integers in 1e-6 degrees (about 0.1 m): neighbouring hexagons, each
# placed by its own rounded centre, then meet within a pixel even at the map's closest
# zoom (at 1e-5, 1 m, a seam showed there). One byte shorter than the same decimal.
COORDINATE_SCALE = 1_000_000
# The centre form is used while every checked cell's true corners are within this share
# of the cell's radius of the fitted ones (at 0.5%, 1 px on a cell 200 px wide).
SHAPE_TOLERANCE = 0.005
# The two row forms: [x, y, deals, ...] or [hex, deals, ...].
CENTRE_FORM = "centre"
RING_FORM = "ring"
# A ring's corners in degrees: 1e-6 (about 0.1 m), as the centre form's centres.
RING_DECIMALS = 6
OUTLINE_PX = 2


@dataclass(frozen=True)
class MarketShape:
    """What the map draws of a market: its outline, its data date, whether it is flagged."""

    market: str
    name: str
    bbox: tuple[float, float, float, float]
    data_end: str | None
    flag: str | None = None  # e.g. "stale: str, permits" when coverage is stale or partial

    def contains(self, latitude: float, longitude: float) -> bool:
        west, south, east, north = self.bbox
        return south <= latitude <= north and west <= longitude <= east


@dataclass(frozen=True)
class CityLabel:
    name: str
    latitude: float
    longitude: float


@dataclass
class ColorScale:
    """Deal-count thresholds of the five colour classes (lower bounds, ascending)."""

    thresholds: list[int] = field(default_factory=lambda: [1, 2, 3, 5, 10])

    @classmethod
    def for_counts(cls, counts: Sequence[int] | np.ndarray) -> "ColorScale":
        """Quantile classes, so a sparse and a dense view both use the whole palette."""
        values = np.asarray(counts, dtype=float)
        if values.size == 0:
            return cls()
        quantiles = np.quantile(values, [0.0, 0.4, 0.65, 0.85, 0.95])
        thresholds: list[int] = []
        for value in quantiles:
            bound = max(int(math.ceil(value)), thresholds[-1] + 1 if thresholds else 1)
            thresholds.append(bound)
        return cls(thresholds)

    def classes(self) -> list[tuple[tuple[int, int, int], str]]:
        """(colour, label) for the legend, coolest first."""
        labels = []
        for index, lower in enumerate(self.thresholds):
            upper = self.thresholds[index + 1] - 1 if index + 1 < len(self.thresholds) else None
            if upper is None:
                label = f"{lower}+"
            elif upper == lower:
                label = f"{lower}"
            else:
                label = f"{lower}–{upper}"
            labels.append((PALETTE[index], label))
        return labels


def format_price(price: object) -> str:
    """Median price as the tooltip prints it: `$250k`; `n/a` when the deeds carry none."""
    if price is None or (isinstance(price, float) and math.isnan(price)):
        return "n/a"
    value = float(price)
    if value >= 1_000_000:
        return f"${value / 1_000_000:.1f}M"
    return f"${round(value / 1000):.0f}k"


def encoded_centre(latitude: float, longitude: float) -> tuple[int, int]:
    """A centre as a row carries it: (x, y) in integer 1e-6 degrees."""
    return round(longitude * COORDINATE_SCALE), round(latitude * COORDINATE_SCALE)


def cell_centres(cells: pd.DataFrame) -> list[tuple[float, float]]:
    """Each cell's centre as (latitude, longitude)."""
    import h3

    return [h3.cell_to_latlng(cell) for cell in cells["cell"].astype(str)]


@dataclass(frozen=True)
class HexShape:
    """The corners of every hexagon of a view, as a function of its centre.

    Each corner coordinate is `P * x + Q * y + R`, with (x, y) the centre as the row
    carries it (integer 1e-6 degrees of longitude and latitude), fitted by least squares to
    the true corners of the view's cells. H3 cells change shape slowly across a view (by
    about 1% of their size over 20,000 cells at resolution 8), and almost linearly: the fit
    leaves about 0.02% there, so neighbours meet without a visible seam however far the
    map is zoomed in the browser.
    """

    # Per corner coordinate (longitude 0, latitude 0, longitude 1, ...): (P, Q, R), R
    # relative to `origin`.
    coefficients: tuple[tuple[float, float, float], ...]
    # (longitude, latitude) in degrees the corners are drawn from: the fitted cells' mean.
    origin: tuple[float, float]

    @classmethod
    def fit(cls, cells: Sequence[str], centres: Sequence[tuple[float, float]], *, samples: int = 400) -> HexShape | None:
        """The view's shape, fitted and checked on its extreme cells and an even sample of
        the rest; None (draw the hex form) if any sampled cell is off by more than
        `SHAPE_TOLERANCE` of its radius: a pentagon, a view crossing an icosahedron face
        (corners numbered differently), or a view too large for a linear fit."""
        import h3

        if not len(cells):
            return None
        latitudes = [centre[0] for centre in centres]
        longitudes = [centre[1] for centre in centres]
        extremes = {latitudes.index(min(latitudes)), latitudes.index(max(latitudes)),
                    longitudes.index(min(longitudes)), longitudes.index(max(longitudes))}
        chosen = sorted(extremes | set(range(0, len(cells), max(1, len(cells) // samples))))
        resolution = h3.get_resolution(cells[0])
        positions, corners = [], []
        for index in chosen:
            boundary = h3.cell_to_boundary(cells[index])
            if len(boundary) != 6 or h3.get_resolution(cells[index]) != resolution:
                return None
            positions.append(encoded_centre(*centres[index]))
            corners.append([value for lat, lng in boundary for value in (lng, lat)])
        position = np.asarray(positions, dtype=float)
        target = np.asarray(corners, dtype=float)
        # Fitted around the sample's mean (well conditioned), then written for raw x and y.
        mean = position.mean(axis=0)
        design = np.column_stack([position - mean, np.ones(len(position))])
        solution, *_ = np.linalg.lstsq(design, target, rcond=None)
        p, q, r = solution
        r = r - p * mean[0] - q * mean[1]
        predicted = position[:, :1] * p + position[:, 1:] * q + r
        radius = np.abs(target - np.tile(position / COORDINATE_SCALE, 6)).max()
        if np.abs(predicted - target).max() > SHAPE_TOLERANCE * radius:
            return None
        # Rounded so the spec stays short; R absorbs whatever the origin is.
        origin = (round(float(mean[0]) / COORDINATE_SCALE, 4), round(float(mean[1]) / COORDINATE_SCALE, 4))
        r = r - np.tile(origin, 6)
        return cls(tuple((float(pi), float(qi), float(ri)) for pi, qi, ri in zip(p, q, r)), origin)

    def terms(self) -> list[list[float]]:
        """Per corner coordinate, [P, Q, R], as the map element computes them."""
        return [list(term) for term in self.coefficients]


def cell_rows(
    cells: pd.DataFrame,
    centres: Sequence[tuple[float, float]] | None,
    *,
    notes: Sequence[str] | None = None,
) -> list[list]:
    """The per-cell arrays the browser receives: the centre, deals, investors, median (and
    a note); in ring form (`centres` None) the hex first and the ring of corners last."""
    deals = cells["n_deals"].astype(int).tolist()
    investors = cells["n_investors"].astype(int).tolist()
    prices = [format_price(value) for value in cells["median_price"].tolist()]
    values = zip(deals, investors, prices) if notes is None else zip(deals, investors, prices, notes)
    if centres is not None:
        return [[*encoded_centre(lat, lng), *rest] for (lat, lng), rest in zip(centres, values)]
    hexes = cells["cell"].astype(str).tolist()
    return [[cell, *rest, cell_ring(cell)] for cell, rest in zip(hexes, values)]


def cell_ring(cell: str) -> list[float]:
    """A cell's six corners as a flat ring, longitude first, in degrees."""
    import h3

    return [round(value, RING_DECIMALS) for lat, lng in h3.cell_to_boundary(cell) for value in (lng, lat)]


def market_of_cells(centres: Sequence[tuple[float, float]], markets: Sequence[MarketShape]) -> list[MarketShape | None]:
    """Each cell's market, by its centre falling in the market's bbox (first match wins)."""
    if len(markets) == 1:
        return [markets[0]] * len(centres)
    return [next((market for market in markets if market.contains(lat, lng)), None) for lat, lng in centres]


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
    scale: ColorScale
    n_cells: int
    resolution: int | None
    form: str

    @property
    def tooltip(self) -> list[str]:
        return list(self.layout["tooltip"])

    def data(self, urls: Mapping[str, str], *, selected: str | None = None) -> dict:
        """The element's data: each cell layer's rows at its URL where given, else inline;
        the selected cell framed."""
        cells = [
            {**layer, "rows": urls[layer["id"]] if layer["id"] in urls else json.loads(self.rows[layer["id"]])}
            for layer in self.layout["cells"]
        ]
        return {**self.layout, "cells": cells, "selected": selection_frame(selected) if selected else None}


def build_spec(
    cells: pd.DataFrame,
    *,
    camera: dict,
    markets: Sequence[MarketShape] = (),
    labels: Sequence[CityLabel] = (),
    basemap: bool = False,
) -> MapSpec:
    """The cells, the market outlines and (without tiles) the city names of a view."""
    import h3

    scale = ColorScale.for_counts(cells["n_deals"].to_numpy() if len(cells) else [])
    hexes = cells["cell"].astype(str).tolist() if len(cells) else []
    centres = cell_centres(cells) if len(cells) else []
    shape = HexShape.fit(hexes, centres)
    form = CENTRE_FORM if shape is not None else RING_FORM
    count_at = 2 if shape is not None else 1
    markets_in_view = list(markets)
    tooltip_lines = [f"{{{count_at}}} deals · {{{count_at + 1}}} investors", f"median price {{{count_at + 2}}}"]
    # What the tooltip says of a cell's market; one text for the whole view when all agree.
    distinct_notes = {_note(market) for market in markets_in_view}
    rows: list[list] = []
    flagged_rows: list[list] = []
    row_centres = centres if shape is not None else None
    if hexes and len(distinct_notes) > 1:
        # Markets of several data dates or flags in view: each cell carries its own note.
        cell_markets = market_of_cells(centres, markets_in_view)
        all_rows = cell_rows(cells, row_centres, notes=[_note(market) for market in cell_markets])
        for row, market in zip(all_rows, cell_markets):
            (flagged_rows if market is not None and market.flag else rows).append(row)
        tooltip_lines.append(f"{{{count_at + 3}}}")
    else:
        only = markets_in_view[0] if markets_in_view else None
        if only is not None:
            tooltip_lines.append(_note(only))
        all_rows = cell_rows(cells, row_centres) if hexes else []
        if only is not None and only.flag:
            flagged_rows = all_rows
        else:
            rows = all_rows

    # The plain layer is always there (maybe empty), so the element's layers stay the same.
    cell_layers = {CELLS_LAYER: rows}
    if flagged_rows:
        # Cells of a market whose coverage is stale or partial: outlined.
        cell_layers[FLAGGED_CELLS_LAYER] = flagged_rows
    texts = {layer_id: json.dumps(layer_rows, separators=(",", ":"), ensure_ascii=False) for layer_id, layer_rows in cell_layers.items()}
    layout: dict[str, Any] = {
        "view": camera,
        "tiles": CARTO_POSITRON_TILES if basemap else None,
        "tilesHiDpi": CARTO_POSITRON_TILES_HIDPI if basemap else None,
        "attribution": TILES_ATTRIBUTION if basemap else "",
        "colors": {"thresholds": scale.thresholds, "palette": [list(color) for color in PALETTE], "alpha": CELL_ALPHA},
        "cells": [{"id": layer_id, "flagged": layer_id == FLAGGED_CELLS_LAYER} for layer_id in cell_layers],
        "form": form,
        "shape": {"origin": list(shape.origin), "terms": shape.terms()} if shape is not None else None,
        "countAt": count_at,
        "tooltip": tooltip_lines,
        "outlines": [_frame(market.bbox, camera) for market in markets_in_view],
        # Drawn only without tiles, whose own names would clash with them.
        "labels": [] if basemap else [_label(label) for label in labels],
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


def _note(market: MarketShape | None) -> str:
    if market is None:
        return "outside the served markets"
    note = f"data as of {market.data_end}" if market.data_end else "data date unknown"
    if market.flag:
        note += f" · {market.flag}"
    return note


def _frame(bbox: tuple[float, float, float, float], camera: Mapping) -> list[list[list[float]]]:
    """A market's box as a thin frame: a polygon with the box as its hole, OUTLINE_PX wide
    at the camera's first zoom, scaling with the map from there. (A software renderer
    spends about a second on a PathLayer's first frame; the frame shares the cells' layer
    type.)"""
    zoom = float(camera.get("zoom", 10))
    width = OUTLINE_PX * 360 / (256 * 2**zoom)  # degrees of longitude per pixel at that zoom
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
    import h3

    if not h3.is_valid_cell(cell):
        return None
    latitude, longitude = h3.cell_to_latlng(cell)
    return {"centre": [longitude, latitude], "ring": [[lng, lat] for lat, lng in h3.cell_to_boundary(cell)]}


def _label(label: CityLabel) -> dict:
    return {"t": label.name, "p": [round(label.longitude, 4), round(label.latitude, 4)]}


def cell_of_row(row: Sequence, resolution: int | None) -> str | None:
    """The H3 cell of a drawn row: its hex (hex form), or its centre's cell (centre form)."""
    import h3

    if not row:
        return None
    if isinstance(row[0], str):
        return row[0]
    if resolution is None or len(row) < 2:
        return None
    return h3.latlng_to_cell(row[1] / COORDINATE_SCALE, row[0] / COORDINATE_SCALE, resolution)
