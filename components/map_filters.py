"""The Map page's filter widgets: sale dates, kinds and a price range (the values: mapspec.filters)."""

from __future__ import annotations

from datetime import date

import streamlit as st

from components.date_field import date_field
from mapspec.filters import KIND_LABELS, KINDS, DealFilters, filters_in, filters_label

# Wide bounds so any date a link carries is accepted (the API answers what it holds).
EARLIEST_SALE_DATE = date(1970, 1, 1)
LATEST_SALE_DATE = date(2100, 12, 31)


def _date_help(data_end: date | None) -> str:
    ends = f" The data ends {data_end.isoformat()}." if data_end else ""
    return f"Sale dates, inclusive.{ends}"


def render_filters(*, key: str, data_end: date | None = None) -> DealFilters:
    """Sale dates, kinds and a price range, every one optional, behind a button that says
    which are set.

    A popover, not an expander: Streamlit draws a popover's widgets only once it is opened,
    an expander's at once even closed, and two date pickers, a multiselect and two number
    inputs kept the Map page's first hexagons waiting about 0.2 s (bench/map_paint.py,
    whole app). The popover keeps its key, so it stays open while its label changes.
    """
    with st.popover(filters_label(filters_in(st.session_state, key)), key=f"{key}_popover", icon=":material/filter_list:"):
        bounds = {"min_value": EARLIEST_SALE_DATE, "max_value": LATEST_SALE_DATE, "help": _date_help(data_end)}
        dates = st.columns(2)
        with dates[0]:
            sold_from = date_field("Sold from", key=f"{key}_from", **bounds)
        with dates[1]:
            sold_to = date_field("Sold to", key=f"{key}_to", **bounds)
        kinds = st.multiselect("Kinds", KINDS, key=f"{key}_kinds", format_func=KIND_LABELS.get, placeholder="All kinds")
        prices = st.columns(2)
        # No bounds: a bounded box keeps its last value under a small "!" (the map went on with
        # it); DealFilters.checked says what is wrong with a price and leaves it out.
        min_price = prices[0].number_input("Min price ($)", key=f"{key}_min", value=None, step=10_000)
        max_price = prices[1].number_input("Max price ($)", key=f"{key}_max", value=None, step=10_000)
    return DealFilters(
        sold_from=sold_from,
        sold_to=sold_to,
        kinds=tuple(kinds),
        min_price=int(min_price) if min_price is not None else None,
        max_price=int(max_price) if max_price is not None else None,
    )
