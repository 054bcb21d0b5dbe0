"""The Map page's spec of a view, memoised, and the files the browser fetches for it.

The view's path: the page hands its view here, `_map_spec` (cached) hands it to
`mapspec.plan.draw_view` with the cached read of the cells, and gets the spec back; the
adapter adds only the cache and the files. A warm rerun costs a lookup, not 20,000 cells.
The map element's script and each cell layer's rows are published through Streamlit's
static serving (adapter/static_files.py), named by their content so a browser keeps them
cached until they change.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from adapter import data, static_files
from adapter.settings import basemap_enabled
from adapter.values import frozen
from mapspec.layers import MapSpec
from mapspec.markets import Market
from mapspec.plan import DrawnView, draw_view
from mapspec.small_map import Canvas
from mapspec.view import View
from services.contract import H3_MIN_RESOLUTION
from services.data_api.models import CoverageMarket
from services.errors import ValidationError

# static_files folder of the map's cell rows (static/map-cells/).
MAP_ROWS_FOLDER = "map-cells"
# A layer's rows this short (about 2,000 cells) go in the map's message: a zoomed-in view's
# few cells then reach the map with the rerun, where fetching their file took 0.3 to 1.5 s
# more on a busy server (bench/map_interact.py; issue 18, Speed). Longer rows, such as a
# market's whole view, are fetched once and kept by the browser.
INLINE_ROWS_MAX_CHARS = 64_000
# The map element's script, built by `make` (frontend/), and its static_files folder.
MAP_SCRIPT = Path(__file__).resolve().parent.parent / "frontend" / "dist" / "map_element.js"
MAP_SCRIPT_FOLDER = "map-element"


# Reads a place's cells under filters at a resolution: the session's memo (adapter.data.deal_cells),
# or the server's own read for a link's first paint (adapter/link_view.py).
ReadDealCells = Callable[[Mapping[str, Any], Mapping[str, Any], int], pd.DataFrame]


class MapUnavailable(RuntimeError):
    """The map's script cannot reach the browser; the message says what to do."""


def map_spec(
    geometry: Mapping[str, Any], filters: Mapping[str, Any], view_text: str, fit_to_cells: bool, markets_json: str
) -> DrawnView:
    """The Map page's drawing of a view (`mapspec.plan.draw_view`), memoised.

    Markets come as JSON text: Streamlit hashes a string at once, a nested list of dicts
    item by item on every rerun. Defined here, not in the page script, so the cached
    function is made once per process rather than on every rerun.
    """
    return _map_spec(
        data.read_key(), frozen(geometry), frozen(filters), view_text, fit_to_cells, markets_json, basemap_enabled()
    )


def markets_text(markets: Sequence[CoverageMarket]) -> str:
    """The markets as `map_spec` takes them, the same text for the same markets."""
    return json.dumps([market.model_dump(mode="json") for market in markets], sort_keys=True)


@st.cache_data(show_spinner=False, max_entries=32, ttl=data.MEMO_TTL_S)
def _map_spec(
    key: data.ReadKey, geometry: tuple, filters: tuple, view_text: str, fit_to_cells: bool, markets_json: str, basemap: bool
) -> DrawnView:
    """One call into mapspec, with the cached read of the cells it asks for."""
    markets = [CoverageMarket.model_validate(market) for market in json.loads(markets_json)]
    return drawing(dict(geometry), dict(filters), view_text, fit_to_cells, markets, basemap)


def drawing(
    place: dict, conditions: dict, view_text: str, fit_to_cells: bool, markets: Sequence[Market], basemap: bool,
    read: ReadDealCells | None = None,
) -> DrawnView:
    """`draw_view` of a request, its cells read by `read` (the session's memo unless given)."""
    return draw_view(
        View.parse(view_text),
        lambda resolution: cells_at_most(place, conditions, resolution, read),
        fit_to_cells=fit_to_cells,
        markets=markets,
        basemap=basemap,
    )


def cells_at_most(
    place: dict, conditions: dict, resolution: int, read: ReadDealCells | None = None
) -> tuple[pd.DataFrame, int]:
    """The cells at this resolution, or the finest coarser one the API answers: a place
    holding more than the API serves at once (50,000 cells, decisions.md) answers
    `400 validation_error` on `resolution`, and a coarser map of it is better than none.
    `read`: the session's memo unless given (looked up at each call: tests replace it)."""
    read = read or data.deal_cells
    while True:
        try:
            return read(place, conditions, resolution), resolution
        except ValidationError as error:
            if resolution <= H3_MIN_RESOLUTION or not any(item.get("param") == "resolution" for item in error.errors):
                raise
            resolution -= 1


def map_script_url() -> str:
    """Where the browser loads the map element's script (components/map_element.py):
    published like the cells' rows, under a name made of its content, so a browser keeps
    it cached until it changes."""
    try:
        text, digest = _map_script(MAP_SCRIPT.stat().st_mtime_ns)
    except FileNotFoundError:
        raise MapUnavailable(
            "The map's script is not built: run `make run`, which builds it (frontend/, with Node.js and npm)."
        ) from None
    url = static_files.publish(MAP_SCRIPT_FOLDER, digest, text, suffix=".js")
    if url is None:
        raise MapUnavailable(
            "The map's script cannot be served: turn on `server.enableStaticServing` (.streamlit/config.toml) "
            "and let the app write its `static/` folder."
        )
    return url


@functools.lru_cache(maxsize=2)
def _map_script(modified_ns: int) -> tuple[str, str]:
    """The built script and a hash of it, read again when the file changes."""
    text = MAP_SCRIPT.read_text(encoding="utf-8")
    return text, hashlib.sha256(text.encode()).hexdigest()[:32]


def map_data_urls(spec: MapSpec) -> dict[str, str]:
    """Where the browser fetches each cell layer's rows (adapter/static_files.py); empty,
    so the rows go inline, where files cannot be served. Short rows go inline too."""
    urls: dict[str, str] = {}
    for layer_id, rows in spec.rows.items():
        if len(rows) <= INLINE_ROWS_MAX_CHARS:
            continue
        url = static_files.publish(MAP_ROWS_FOLDER, spec.digests[layer_id], rows)
        if url is None:
            return {}
        urls[layer_id] = url
    return urls


def small_map_canvas() -> Canvas:
    """What the other pages' small maps are drawn with (components/small_map.py): the Map's
    script, or None where it cannot be served (the map then says so in its place)."""
    try:
        url = map_script_url()
    except MapUnavailable:
        url = None
    return Canvas(url, basemap_enabled())
