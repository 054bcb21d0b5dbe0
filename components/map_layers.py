"""The map's deck.gl spec, written as compact JSON by hand.

pydeck pretty-prints every cell as an object (about 80 bytes); a view holds up to 20,000
cells, so each cell travels here as a short array `[hex, deals, investors, "$median"]`
(about 30 bytes) and the colour is computed in the browser from the deal count. The
accessors (`@@=this[0]`) are deck.gl JSON expressions, which Streamlit's chart evaluates.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

# Layer ids: Streamlit keys a selection by layer id (st.pydeck_chart, on_select).
CELLS_LAYER = "cells"
FLAGGED_CELLS_LAYER = "cells-flagged"
OUTLINES_LAYER = "market-outlines"
LABELS_LAYER = "city-labels"
CELL_LAYERS = (CELLS_LAYER, FLAGGED_CELLS_LAYER)

CARTO_POSITRON = "https://basemaps.cartocdn.com/gl/positron-gl-style/style.json"
NO_MAP_STYLE = "__MAP_STYLE__"
# Yellow to red (ColorBrewer YlOrRd, 5 classes): more deals, hotter.
PALETTE = ((255, 237, 160), (254, 178, 76), (253, 141, 60), (240, 59, 32), (189, 0, 38))
CELL_ALPHA = 190
FLAGGED_LINE_COLOR = (60, 60, 60, 230)
OUTLINE_COLOR = (15, 110, 110, 200)
LABEL_COLOR = (29, 42, 47, 255)


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

    def expression(self) -> str:
        """A deck.gl expression choosing the colour from the deal count `this[1]`."""
        expression = _rgba(PALETTE[0])
        for index in range(1, len(self.thresholds)):
            expression = f"this[1]>={self.thresholds[index]}?{_rgba(PALETTE[index])}:{expression}"
        return "@@=" + expression


def _rgba(color: tuple[int, int, int]) -> str:
    return f"[{color[0]},{color[1]},{color[2]},{CELL_ALPHA}]"


def format_price(price: object) -> str:
    """Median price as the tooltip prints it: `$250k`; `n/a` when the deeds carry none."""
    if price is None or (isinstance(price, float) and math.isnan(price)):
        return "n/a"
    value = float(price)
    if value >= 1_000_000:
        return f"${value / 1_000_000:.1f}M"
    return f"${round(value / 1000):.0f}k"


def cell_rows(cells: pd.DataFrame, *, notes: Sequence[str] | None = None) -> list[list]:
    """The per-cell arrays the browser receives: hex, deals, investors, median (and a note)."""
    hexes = cells["cell"].astype(str).tolist()
    deals = cells["n_deals"].astype(int).tolist()
    investors = cells["n_investors"].astype(int).tolist()
    prices = [format_price(value) for value in cells["median_price"].tolist()]
    if notes is None:
        return [list(row) for row in zip(hexes, deals, investors, prices)]
    return [list(row) for row in zip(hexes, deals, investors, prices, notes)]


def market_of_cells(cells: pd.DataFrame, markets: Sequence[MarketShape]) -> list[MarketShape | None]:
    """Each cell's market, by its centre falling in the market's bbox (first match wins)."""
    import h3

    if len(markets) == 1:
        return [markets[0]] * len(cells)
    found: list[MarketShape | None] = []
    for cell in cells["cell"].astype(str):
        latitude, longitude = h3.cell_to_latlng(cell)
        found.append(next((market for market in markets if market.contains(latitude, longitude)), None))
    return found


@dataclass(frozen=True)
class DeckSpec:
    """The JSON Streamlit's chart receives, and what the legend and panel need to match it."""

    json: str
    tooltip: dict
    scale: ColorScale
    n_cells: int


def build_spec(
    cells: pd.DataFrame,
    *,
    camera: dict,
    markets: Sequence[MarketShape] = (),
    labels: Sequence[CityLabel] = (),
    basemap: bool = False,
) -> DeckSpec:
    """The compact deck.gl spec of the cells, the market outlines and (without tiles) city labels."""
    scale = ColorScale.for_counts(cells["n_deals"].to_numpy() if len(cells) else [])
    markets_in_view = list(markets)
    tooltip_lines = ["{1} deals · {2} investors", "median price {3}"]
    # What the tooltip says of a cell's market; one text for the whole view when all agree.
    distinct_notes = {_note(market) for market in markets_in_view}
    rows: list[list] = []
    flagged_rows: list[list] = []
    if len(cells) and len(distinct_notes) > 1:
        # Markets of several data dates or flags in view: each cell carries its own note.
        cell_markets = market_of_cells(cells, markets_in_view)
        all_rows = cell_rows(cells, notes=[_note(market) for market in cell_markets])
        for row, market in zip(all_rows, cell_markets):
            (flagged_rows if market is not None and market.flag else rows).append(row)
        tooltip_lines.append("{4}")
    else:
        only = markets_in_view[0] if markets_in_view else None
        if only is not None:
            tooltip_lines.append(_note(only))
        all_rows = cell_rows(cells) if len(cells) else []
        if only is not None and only.flag:
            flagged_rows = all_rows
        else:
            rows = all_rows

    layers: list[dict] = [_outline_layer(markets_in_view)]
    if not basemap and labels:
        layers.append(_label_layer(labels))
    # The plain layer is always there (maybe empty) so a selection keeps its layer id.
    layers.append(_cell_layer(CELLS_LAYER, rows, scale, flagged=False))
    if flagged_rows:
        layers.append(_cell_layer(FLAGGED_CELLS_LAYER, flagged_rows, scale, flagged=True))

    spec: dict = {
        "initialViewState": camera,
        "layers": layers,
        "views": [{"@@type": "MapView", "controller": True}],
    }
    if basemap:
        spec["mapProvider"] = "carto"
        spec["mapStyle"] = CARTO_POSITRON
    else:
        # What pydeck writes for `map_provider=None`; Streamlit then loads no style at all.
        spec["mapStyle"] = NO_MAP_STYLE
    tooltip = {"text": "\n".join(tooltip_lines)}
    text = json.dumps(spec, separators=(",", ":"), ensure_ascii=False)
    return DeckSpec(json=text, tooltip=tooltip, scale=scale, n_cells=len(cells))


def _note(market: MarketShape | None) -> str:
    if market is None:
        return "outside the served markets"
    note = f"data as of {market.data_end}" if market.data_end else "data date unknown"
    if market.flag:
        note += f" · {market.flag}"
    return note


def _cell_layer(layer_id: str, rows: list[list], scale: ColorScale, *, flagged: bool) -> dict:
    layer = {
        "@@type": "H3HexagonLayer",
        "id": layer_id,
        "data": rows,
        "getHexagon": "@@=this[0]",
        "getFillColor": scale.expression(),
        "pickable": True,
        "filled": True,
        "extruded": False,
        # Each hexagon as its own polygon in one buffer, drawn in one call. The default
        # (one hexagon instanced per cell) costs a software renderer (SwiftShader, a
        # machine without a GPU) a draw per instance: 20,000 cells took ~3 s to paint
        # after the canvas appeared, ~1.3 s this way (bench/map_paint.py).
        "highPrecision": True,
        "stroked": flagged,
    }
    if flagged:
        # Cells of a market whose coverage is stale or partial: a dark outline marks them.
        layer["getLineColor"] = list(FLAGGED_LINE_COLOR)
        layer["lineWidthMinPixels"] = 2
    return layer


def _outline_layer(markets: Sequence[MarketShape]) -> dict:
    data = []
    for market in markets:
        west, south, east, north = market.bbox
        data.append({"p": [[west, south], [east, south], [east, north], [west, north], [west, south]], "m": market.name})
    return {
        "@@type": "PathLayer",
        "id": OUTLINES_LAYER,
        "data": data,
        "getPath": "@@=p",
        "getColor": list(OUTLINE_COLOR),
        "widthMinPixels": 2,
        "pickable": False,
    }


def _label_layer(labels: Sequence[CityLabel]) -> dict:
    return {
        "@@type": "TextLayer",
        "id": LABELS_LAYER,
        "data": [{"t": label.name, "p": [round(label.longitude, 4), round(label.latitude, 4)]} for label in labels],
        "getText": "@@=t",
        "getPosition": "@@=p",
        "getSize": 13,
        "getColor": list(LABEL_COLOR),
        "fontWeight": 600,
        "outlineWidth": 3,
        "outlineColor": [255, 255, 255, 220],
        "fontSettings": {"sdf": True},
        "pickable": False,
    }


class CompactDeck:
    """What `st.pydeck_chart` takes, carrying the compact spec above.

    Streamlit reads a deck through `to_json()`, its tooltip (`_tooltip`), `layers` and
    `mapbox_key`. A `pydeck.Deck` would cost a probe for Jupyter on every rerun and
    serialise its layers again, so this stands in for it with exactly those members.
    """

    layers: list = []
    mapbox_key = None
    deck_widget = None
    width = None

    def __init__(self, spec: DeckSpec) -> None:
        self._compact_json = spec.json
        self._tooltip = spec.tooltip

    def to_json(self) -> str:
        return self._compact_json


def picked_cell(event) -> str | None:
    """The hex of the cell the chart reports selected, if any."""
    selection = _member(event, "selection") or {}
    objects = _member(selection, "objects") or {}
    for layer in CELL_LAYERS:
        picked = objects.get(layer) if hasattr(objects, "get") else None
        if picked:
            first = picked[0]
            if isinstance(first, (list, tuple)) and first:
                return str(first[0])
            if isinstance(first, Mapping):
                return str(first.get("0") or first.get("cell") or "") or None
    return None


def _member(value, name: str):
    if value is None:
        return None
    if isinstance(value, Mapping):
        return value.get(name)
    return getattr(value, name, None)
