"""The Map page's reads ahead (issue 18, Speed): what a market switch will draw, read and
drawn in the background once the page is drawn (adapter/read_ahead.py), so the switch
finds it memoised: each other market's cells and spec for the whole-market view the
switch opens, and its colour classes. Free reads only (the cells route costs no credit).
"""

from __future__ import annotations

from collections.abc import Mapping

import adapter.map_classes
import adapter.map_files
from adapter.read_ahead import read_ahead
from mapspec.classes import ColourChoice
from mapspec.filters import DealFilters
from mapspec.place import WHOLE_MARKET, PlaceChoice, place_request

# The markets read ahead, in coverage order: each is a read and a spec build on a shared machine.
MAX_MARKETS_AHEAD = 4


def read_ahead_markets(place: PlaceChoice, markets: list[Mapping], filters: DealFilters, colour: ColourChoice) -> int:
    """Queue the other markets' whole views with these filters and colours; how many reads
    were queued. Only from a whole market: the place picker keeps the mode on a switch,
    and a ZIP list or a city of one market is no place in another."""
    if place.mode != WHOLE_MARKET:
        return 0
    params = filters.params()
    markets_text = adapter.map_files.markets_text(markets)
    reads = []
    others = [market for market in markets if str(market.get("market")) != place.market][:MAX_MARKETS_AHEAD]
    for market in others:
        code = str(market.get("market"))
        geometry, view, _ = place_request(PlaceChoice(code, WHOLE_MARKET), market)
        if view is None:
            continue
        key = (code, repr(sorted(params.items())))
        reads.append((("map spec", *key), _spec_read(geometry, params, view.text(), markets_text)))
        if colour.manual()[0] is None:  # typed breaks need no classes
            reads.append((("map classes", *key, colour.metric, colour.computed_method), _classes_read(market, params, colour)))
    return read_ahead(reads)


def _spec_read(geometry: dict, params: dict, view_text: str, markets_text: str):
    # What pages/map.py's read_cells asks for a whole market's first view.
    return lambda: adapter.map_files.map_spec(geometry, params, view_text, False, markets_text)


def _classes_read(market: Mapping, params: dict, colour: ColourChoice):
    return lambda: adapter.map_classes.market_classes(market, params, colour.metric, colour.computed_method)
