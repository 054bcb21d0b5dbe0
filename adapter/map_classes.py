"""The Map page's colour classes: a market's, for its filters, computed once and kept.

The breaks come from the market's cells at the market's own resolution (the free cells
read the map itself makes for the whole market, memoised in adapter/data.py) and are
kept here for every view of that market and those filters, so the legend and a cell's
colour stay the same at every zoom and pan (mapspec/classes.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from adapter import data
from adapter.map_files import ReadDealCells, cells_at_most
from adapter.values import frozen
from mapspec.classes import Classes
from mapspec.markets import Market, market_box
from mapspec.view import View, choose_resolution


def market_classes(market: Market | None, filters: Mapping[str, Any], metric: str, method: str) -> Classes | None:
    """The classes of `metric` by `method` over the market's cells under `filters`; None
    for a market without a box (coverage names none)."""
    box = market_box(market)
    if box is None:
        return None
    return _market_classes(data.read_key(), box.text(), frozen(filters), metric, method)


@st.cache_data(show_spinner=False, max_entries=64, ttl=data.MEMO_TTL_S)
def _market_classes(key: data.ReadKey, bbox_text: str, filters: tuple, metric: str, method: str) -> Classes:
    return classes_of_market(bbox_text, dict(filters), metric, method)


def classes_of_market(
    bbox_text: str, filters: Mapping[str, Any], metric: str, method: str, read: ReadDealCells | None = None
) -> Classes:
    """The classes over the market's cells read by `read` (the first paint of a link reads
    them with the server's own client: adapter/link_view.py)."""
    # At the market's resolution, or the finest coarser one the API answers, as the map reads it.
    cells, _ = cells_at_most({"bbox": bbox_text}, dict(filters), choose_resolution(View.parse(bbox_text)), read)
    return Classes.of_cells(cells, metric, method)
