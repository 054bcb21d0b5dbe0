"""The Map page's reads ahead (issue 18, Speed): what a market switch or a zoom will read,
read in the background once the page is drawn (adapter/read_ahead.py), so they find it
memoised: each other market's cells and spec for the whole-market view the switch opens,
and its colour classes; the cells a zoom in or out by one resolution reads, where they are
known before the zoom. Free reads only (the cells route costs no credit). And the offline tables the
next pages need (where a cell is, for a first cell's panel; the states' outlines, for a first small
map), which would otherwise load while the person waits.
"""

from __future__ import annotations

import adapter.map_classes
import adapter.map_files
from adapter.read_ahead import read_ahead
from geo.us_states import outlines_loaded, state_outlines
from mapspec.classes import ColourChoice
from mapspec.filters import DealFilters
from mapspec.labels import load_place_names, place_names_loaded
from mapspec.place import WHOLE_MARKET, PlaceChoice, place_request
from mapspec.view import MAX_RESOLUTION, MAX_VIEW_CELLS, MIN_RESOLUTION, View, estimated_cells
from services.data_api.models import CoverageMarket

# The markets read ahead, in coverage order: each is a read and a spec build on a shared machine.
MAX_MARKETS_AHEAD = 4


def read_ahead_markets(place: PlaceChoice, markets: list[CoverageMarket], filters: DealFilters, colour: ColourChoice) -> int:
    """Queue the other markets' whole views with these filters and colours; how many reads
    were queued. Only from a whole market: the place picker keeps the mode on a switch,
    and a ZIP list or a city of one market is no place in another."""
    if place.mode != WHOLE_MARKET:
        return 0
    params = filters.params()
    markets_text = adapter.map_files.markets_text(markets)
    reads = []
    others = [market for market in markets if market.market != place.market][:MAX_MARKETS_AHEAD]
    for market in others:
        code = market.market
        geometry, view, _ = place_request(PlaceChoice(code, WHOLE_MARKET), market)
        if view is None:
            continue
        key = (code, repr(sorted(params.items())))
        reads.append((("map spec", *key), _spec_read(geometry, params, view.text(), markets_text)))
        if colour.manual()[0] is None:  # typed breaks need no classes
            reads.append((("map classes", *key, colour.metric, colour.computed_method), _classes_read(market, params, colour)))
    return read_ahead(reads)


def read_ahead_offline_tables() -> int:
    """Queue the loads, once per process, of the table that names a cell's place (mapspec/labels.py)
    and of the states' outlines under a small map (geo/us_states.py): 0.15 to 0.2 s each."""
    loads = [(("place names",), load_place_names)] if not place_names_loaded() else []
    if not outlines_loaded():
        loads.append((("state outlines",), state_outlines))
    return read_ahead(loads)


def _spec_read(geometry: dict, params: dict, view_text: str, markets_text: str):
    # What pages/map.py's read_cells asks for a whole market's first view.
    return lambda: adapter.map_files.map_spec(geometry, params, view_text, False, markets_text)


def _classes_read(market: CoverageMarket, params: dict, colour: ColourChoice):
    return lambda: adapter.map_classes.market_classes(market, params, colour.metric, colour.computed_method)


def read_ahead_zoom(
    place: PlaceChoice, geometry: dict, place_view: View | None, filters: DealFilters, request: dict, resolution: int
) -> int:
    """Queue the cells a zoom will read at the next finer and coarser resolution, where the
    zoom's request is known before it: a place read whole (ZIPs, a city, a circle; a whole
    market while its cells at that resolution fit a view, mapspec.place.request_for_view)
    reads the same request whatever the view. A large market's part in view (`request` not
    the place's own) is read for the zoom's own box: no read before it answers that, since
    the cells at a box's edge count only the deals inside it."""
    if request != geometry:
        return 0
    params = filters.params()
    reads = []
    for step in (resolution + 1, resolution - 1):
        if not MIN_RESOLUTION <= step <= MAX_RESOLUTION:
            continue
        if place.mode == WHOLE_MARKET and (place_view is None or estimated_cells(place_view, step) > MAX_VIEW_CELLS):
            continue
        key = ("map cells", repr(sorted(request.items())), repr(sorted(params.items())), step)
        reads.append((key, _cells_read(request, params, step)))
    return read_ahead(reads)


def _cells_read(request: dict, params: dict, resolution: int):
    # What the zoom's drawing asks for (adapter/map_files.py, _map_spec).
    return lambda: adapter.map_files.cells_at_most(dict(request), dict(params), resolution)
