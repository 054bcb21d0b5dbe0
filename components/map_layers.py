"""The map's deck.gl spec, written as compact JSON by hand.

pydeck pretty-prints every cell as an object (about 80 bytes); a view holds up to 20,000
cells, so each cell travels here as a short array and its colour is computed in the
browser from the deal count. The accessors (`@@=this[2]`) are deck.gl JSON expressions,
which Streamlit's chart evaluates.

How a cell is drawn decides how fast the first hexagons appear:

- Centre form (most views): a cell is `[x, y, deals, investors, "$median"]`, its centre in
  integer 1e-6 degrees (about 0.1 m), and the hexagon's corners are an affine function of
  that centre fitted to the view's cells (`HexShape`). No H3 code runs in the browser and
  each hexagon is a plain polygon (one draw call); `HexShape.fit` checks the fit on the
  view's cells and falls back when the error would show. The corners are written as
  degrees from the view's origin (deck.gl's `lnglat-offsets`): deck.gl then keeps them as
  32-bit floats, where absolute longitudes and latitudes take its 64-bit emulation, twice
  the vertex data and a longer shader for a software renderer to run. It projects offsets
  to the second order, about a metre off at the edge of a metro view: the same shift for
  neighbouring corners, so no seam opens.
- Hex form (fallback: views spanning many degrees, where the shape drifts with latitude,
  or holding a pentagon): `[hex, deals, investors, "$median"]`, drawn by H3HexagonLayer.

The rows themselves are not in the spec (`DeckSpec.template` holds a placeholder): the
page publishes them as a JSON file the browser fetches and parses natively
(`static_data.py`), which is several times faster than the chart parsing them inside its
spec (JSON5, in JavaScript); `DeckSpec.json` inlines them where no file can be served. The
city names travel the same way, for another reason (`build_spec`).
"""

from __future__ import annotations

import hashlib
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
# Centres travel as integers in 1e-6 degrees (about 0.1 m): neighbouring hexagons, each
# placed by its own rounded centre, then meet within a pixel even at the map's closest
# zoom (at 1e-5, 1 m, a seam showed there). One byte shorter than the same decimal.
COORDINATE_SCALE = 1_000_000
# The centre form is used while every checked cell's true corners are within this share
# of the cell's radius of the fitted ones (at 0.5%, 1 px on a cell 200 px wide).
SHAPE_TOLERANCE = 0.005
# The two row forms: [x, y, deals, ...] or [hex, deals, ...].
CENTRE_FORM = "centre"
HEX_FORM = "hex"
DATA_PLACEHOLDER = "@@deedscope-rows:"
FLAGGED_LINE_COLOR = (60, 60, 60, 230)
OUTLINE_COLOR = (15, 110, 110, 200)
OUTLINE_PX = 2
LABEL_COLOR = (29, 42, 47, 255)
LABEL_PX = 14
LABEL_FONT = "'Source Sans', sans-serif"
LABEL_GLYPH_PX = 32  # a glyph's size in the font atlas


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

    def expression(self, count_at: int = 1) -> str:
        """A deck.gl expression choosing the colour from the deal count `this[count_at]`."""
        expression = _rgba(PALETTE[0])
        for index in range(1, len(self.thresholds)):
            expression = f"this[{count_at}]>={self.thresholds[index]}?{_rgba(PALETTE[index])}:{expression}"
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

    def polygon_expression(self, *, closed: bool) -> str:
        """A deck.gl expression of a row's hexagon: a flat ring of its corners, in degrees
        from `origin`. A filled polygon needs no closing corner (deck.gl triangulates the
        ring as it is, one vertex fewer per cell to compute and draw); an outlined one
        does, or its outline misses the last edge."""
        terms = [f"this[0]*{p!r}+this[1]*{q!r}+{r!r}" for p, q, r in self.coefficients]
        return "@@=[" + ",".join([*terms, *(terms[:2] if closed else [])]) + "]"


def cell_rows(
    cells: pd.DataFrame,
    centres: Sequence[tuple[float, float]] | None,
    *,
    notes: Sequence[str] | None = None,
) -> list[list]:
    """The per-cell arrays the browser receives: the centre (or the hex when `centres` is
    None), deals, investors, median (and a note)."""
    if centres is None:
        head = [[cell] for cell in cells["cell"].astype(str).tolist()]
    else:
        head = [list(encoded_centre(lat, lng)) for lat, lng in centres]
    deals = cells["n_deals"].astype(int).tolist()
    investors = cells["n_investors"].astype(int).tolist()
    prices = [format_price(value) for value in cells["median_price"].tolist()]
    if notes is None:
        return [[*place, *rest] for place, rest in zip(head, zip(deals, investors, prices))]
    return [[*place, *rest] for place, rest in zip(head, zip(deals, investors, prices, notes))]


def market_of_cells(centres: Sequence[tuple[float, float]], markets: Sequence[MarketShape]) -> list[MarketShape | None]:
    """Each cell's market, by its centre falling in the market's bbox (first match wins)."""
    if len(markets) == 1:
        return [markets[0]] * len(centres)
    return [next((market for market in markets if market.contains(lat, lng)), None) for lat, lng in centres]


@dataclass(frozen=True)
class DeckSpec:
    """The JSON Streamlit's chart receives, and what the legend and panel need to match it.

    `template` is the spec with a placeholder string where each fetched layer's data goes
    (the cell layers' rows, the city names); `rows` holds that data as JSON text, by layer
    id, and `digests` a content hash of each (the name of its published file).
    """

    template: str
    rows: Mapping[str, str]
    digests: Mapping[str, str]
    tooltip: dict
    scale: ColorScale
    n_cells: int
    resolution: int | None
    form: str

    @property
    def json(self) -> str:
        """The whole spec with the rows inline (where no file can be served)."""
        return self.with_data({})

    def with_data(self, urls: Mapping[str, str]) -> str:
        """The spec with each cell layer's data: its URL where given, else its rows inline."""
        text = self.template
        for layer_id, rows in self.rows.items():
            data = json.dumps(urls[layer_id]) if layer_id in urls else rows
            text = text.replace(json.dumps(DATA_PLACEHOLDER + layer_id), data, 1)
        return text


def build_spec(
    cells: pd.DataFrame,
    *,
    camera: dict,
    markets: Sequence[MarketShape] = (),
    labels: Sequence[CityLabel] = (),
    basemap: bool = False,
) -> DeckSpec:
    """The compact deck.gl spec of the cells, the market outlines and (without tiles) city labels."""
    import h3

    scale = ColorScale.for_counts(cells["n_deals"].to_numpy() if len(cells) else [])
    hexes = cells["cell"].astype(str).tolist() if len(cells) else []
    centres = cell_centres(cells) if len(cells) else []
    shape = HexShape.fit(hexes, centres)
    form = CENTRE_FORM if shape is not None else HEX_FORM
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

    # Drawn in this order: the cells, then the market frames and the city names over them
    # (under the translucent cells they were washed out).
    layers: list[dict] = []
    # The plain layer is always there (maybe empty) so a selection keeps its layer id.
    cell_layers = {CELLS_LAYER: rows}
    if flagged_rows:
        cell_layers[FLAGGED_CELLS_LAYER] = flagged_rows
    texts: dict[str, str] = {}
    for layer_id, layer_rows in cell_layers.items():
        layer = _cell_layer(layer_id, shape, scale, flagged=layer_id == FLAGGED_CELLS_LAYER, count_at=count_at)
        layers.append(_set_apart(layer, layer_rows, texts))
    if markets_in_view:
        layers.append(_outline_layer(markets_in_view, camera))
    if not basemap and labels:
        # The names are fetched too, though they are a few hundred bytes. Inline, deck.gl
        # draws them in its first frame, before the cells' rows arrive; a software renderer
        # (SwiftShader) then spends about half a second on that first textured draw, and
        # the page's WebGL calls waited behind it while the cells were being prepared.
        # Fetched, the names come with the cells and are drawn after them in one frame
        # (bench/map_paint.py, whole app: the first hexagons about 0.45 s sooner).
        label_layer = _label_layer(labels)
        layers.append(_set_apart(label_layer, label_layer["data"], texts))

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
    return DeckSpec(
        template=json.dumps(spec, separators=(",", ":"), ensure_ascii=False),
        rows=texts,
        digests={layer_id: hashlib.sha256(text.encode()).hexdigest()[:32] for layer_id, text in texts.items()},
        tooltip=tooltip,
        scale=scale,
        n_cells=len(cells),
        resolution=h3.get_resolution(hexes[0]) if hexes else None,
        form=form,
    )


def _set_apart(layer: dict, data: list, texts: dict[str, str]) -> dict:
    """The layer with a placeholder for its data, the data kept as JSON text in `texts`
    (DeckSpec.rows): fetched as a file, or put back inline (DeckSpec.with_data)."""
    texts[layer["id"]] = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return {**layer, "data": DATA_PLACEHOLDER + layer["id"]}


def _note(market: MarketShape | None) -> str:
    if market is None:
        return "outside the served markets"
    note = f"data as of {market.data_end}" if market.data_end else "data date unknown"
    if market.flag:
        note += f" · {market.flag}"
    return note


def _cell_layer(layer_id: str, shape: HexShape | None, scale: ColorScale, *, flagged: bool, count_at: int) -> dict:
    layer: dict = {"id": layer_id, "getFillColor": scale.expression(count_at), "pickable": True, "filled": True, "extruded": False}
    if shape is None:
        layer.update({
            "@@type": "H3HexagonLayer",
            "getHexagon": "@@=this[0]",
            # Each hexagon as its own polygon in one buffer, drawn in one call. The default
            # (one hexagon instanced per cell) costs a software renderer (SwiftShader, a
            # machine without a GPU) a draw per instance (bench/map_paint.py).
            "highPrecision": True,
            "stroked": flagged,
        })
    else:
        layer.update({
            # A polygon layer computes outline paths of every polygon; the solid one does
            # not, so the plain cells (no outline) use it.
            "@@type": "PolygonLayer" if flagged else "SolidPolygonLayer",
            "getPolygon": shape.polygon_expression(closed=flagged),
            "positionFormat": "XY",
            "coordinateSystem": "lnglat-offsets",
            "coordinateOrigin": [*shape.origin, 0],
            # The rings come flat (and closed where outlined): nothing to normalise.
            "_normalize": False,
        })
        if flagged:
            layer["stroked"] = True
    if flagged:
        # Cells of a market whose coverage is stale or partial: a dark outline marks them.
        layer["getLineColor"] = list(FLAGGED_LINE_COLOR)
        layer["lineWidthMinPixels"] = 2
    return layer


def _outline_layer(markets: Sequence[MarketShape], camera: Mapping) -> dict:
    """Each market's box as a thin frame: a polygon with the box as its hole.

    Drawn by the same SolidPolygonLayer as the cells, not a PathLayer: a software renderer
    (SwiftShader) spent about a second on the PathLayer's first frame for seven boxes
    (bench/map_paint.py, whole app), time the first hexagons waited for. The frame is
    OUTLINE_PX wide at the camera's first zoom and scales with the map from there.
    """
    zoom = float(camera.get("zoom", 10))
    width = OUTLINE_PX * 360 / (256 * 2**zoom)  # degrees of longitude per pixel at that zoom
    data = []
    for market in markets:
        west, south, east, north = market.bbox
        # A pixel spans fewer degrees of latitude than of longitude, by cos(latitude).
        across = width * math.cos(math.radians((south + north) / 2))
        outer = [[west - width, south - across], [east + width, south - across], [east + width, north + across],
                 [west - width, north + across], [west - width, south - across]]
        inner = [[west, south], [west, north], [east, north], [east, south], [west, south]]
        data.append({"p": [outer, inner], "m": market.name})
    return {
        "@@type": "SolidPolygonLayer",
        "id": OUTLINES_LAYER,
        "data": data,
        "getPolygon": "@@=p",
        "getFillColor": list(OUTLINE_COLOR),
        "filled": True,
        "extruded": False,
        "pickable": False,
    }


def _label_layer(labels: Sequence[CityLabel]) -> dict:
    """The city names, drawn from a font atlas of only the letters they use.

    deck.gl draws every glyph of its character set into the atlas (signed distance
    fields, for the white halo) before the first frame; its default set is all of
    printable ASCII, and building it cost the first hexagons about 150 ms
    (bench/map_paint.py, whole app). A dozen names use a few dozen letters, and letters
    outside ASCII (Cañon City) are drawn too. Drawn at 14 px, glyphs of 32 px stay sharp.
    """
    return {
        "@@type": "TextLayer",
        "id": LABELS_LAYER,
        "data": [{"t": label.name, "p": [round(label.longitude, 4), round(label.latitude, 4)]} for label in labels],
        "getText": "@@=t",
        "getPosition": "@@=p",
        "getSize": LABEL_PX,
        "getColor": list(LABEL_COLOR),
        # The app's own face (Streamlit loads it); deck.gl's default is a monospace.
        "fontFamily": LABEL_FONT,
        "fontWeight": 600,
        "outlineWidth": 3,
        "outlineColor": [255, 255, 255, 220],
        "characterSet": "".join(sorted({character for label in labels for character in label.name})),
        "fontSettings": {"sdf": True, "fontSize": LABEL_GLYPH_PX, "buffer": 4, "radius": 8},
        "pickable": False,
    }


class CompactDeck:
    """What `st.pydeck_chart` takes, carrying the compact spec above.

    Streamlit reads a deck through `to_json()`, its tooltip (`_tooltip`), `layers` and
    `mapbox_key`. A `pydeck.Deck` would cost a probe for Jupyter on every rerun and
    serialise its layers again, so this stands in for it with exactly those members.
    `data_urls` gives, by layer id, where the browser fetches a layer's data.
    """

    layers: list = []
    mapbox_key = None
    deck_widget = None
    width = None

    def __init__(self, spec: DeckSpec, data_urls: Mapping[str, str] | None = None) -> None:
        self._compact_json = spec.with_data(data_urls or {})
        self._tooltip = spec.tooltip

    def to_json(self) -> str:
        return self._compact_json


def picked_row(event) -> tuple | None:
    """The row of the cell the chart reports selected, as the browser sent it; None if none."""
    selection = _member(event, "selection") or {}
    objects = _member(selection, "objects") or {}
    for layer in CELL_LAYERS:
        picked = objects.get(layer) if hasattr(objects, "get") else None
        if picked:
            first = picked[0]
            if isinstance(first, (list, tuple)) and first:
                return tuple(first)
            if isinstance(first, Mapping):
                # An array may come back as an object keyed "0", "1", ...
                values = [value for _, value in sorted((int(key), value) for key, value in first.items() if str(key).isdigit())]
                return tuple(values) or None
    return None


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


def _member(value, name: str):
    if value is None:
        return None
    if isinstance(value, Mapping):
        return value.get(name)
    return getattr(value, name, None)
