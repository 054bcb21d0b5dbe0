"""The deal filters shared by cells, summary, investors and deals (decisions.md, Data API)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import streamlit as st

# decisions.md, Data API: `kind` values, in the order a person reads them.
DEAL_KINDS = ("flip", "wholesale", "long_hold", "hold", "build", "acquisition")
KIND_LABELS = {
    "flip": "Flip",
    "wholesale": "Wholesale",
    "long_hold": "Long hold",
    "hold": "Hold",
    "build": "Build",
    "acquisition": "Acquisition",
}


# Wide bounds so any date a link carries is accepted (the API answers what it holds).
EARLIEST_SALE_DATE = date(1970, 1, 1)
LATEST_SALE_DATE = date(2100, 12, 31)


@dataclass(frozen=True)
class DealFilters:
    sold_from: date | None = None
    sold_to: date | None = None
    kinds: tuple[str, ...] = ()
    min_price: int | None = None
    max_price: int | None = None

    def params(self) -> dict:
        """Keyword filters of `services` (`from_` because `from` is a Python keyword)."""
        params: dict = {}
        if self.sold_from:
            params["from_"] = self.sold_from.isoformat()
        if self.sold_to:
            params["to"] = self.sold_to.isoformat()
        if self.kinds:
            params["kind"] = list(self.kinds)
        if self.min_price is not None:
            params["min_price"] = self.min_price
        if self.max_price is not None:
            params["max_price"] = self.max_price
        return params


def _date_help(data_end: date | None) -> str:
    return f"Sale dates, inclusive. The data ends {data_end.isoformat()}." if data_end else "Sale dates, inclusive."


def render_filters(*, key: str, data_end: date | None = None) -> DealFilters:
    """Sale dates, kinds and a price range, every one optional, behind a button that says
    which are set.

    A popover, not an expander: Streamlit draws a popover's widgets only once it is opened,
    an expander's at once even closed, and two date pickers, a multiselect and two number
    inputs kept the Map page's first hexagons waiting about 0.2 s (bench/map_paint.py,
    whole app). The popover keeps its key, so it stays open while its label changes.
    """
    with st.popover(filters_label(_filters_in(st.session_state, key)), key=f"{key}_popover", icon=":material/filter_list:"):
        bounds = {"min_value": EARLIEST_SALE_DATE, "max_value": LATEST_SALE_DATE, "format": "YYYY-MM-DD", "help": _date_help(data_end)}
        dates = st.columns(2)
        sold_from = dates[0].date_input("Sold from", key=f"{key}_from", value=None, **bounds)
        sold_to = dates[1].date_input("Sold to", key=f"{key}_to", value=None, **bounds)
        kinds = st.multiselect("Kinds", DEAL_KINDS, key=f"{key}_kinds", format_func=KIND_LABELS.get, placeholder="All kinds")
        prices = st.columns(2)
        min_price = prices[0].number_input("Min price ($)", key=f"{key}_min", value=None, min_value=0, step=10_000)
        max_price = prices[1].number_input("Max price ($)", key=f"{key}_max", value=None, min_value=0, step=10_000)
    return DealFilters(
        sold_from=sold_from,
        sold_to=sold_to,
        kinds=tuple(kinds),
        min_price=int(min_price) if min_price is not None else None,
        max_price=int(max_price) if max_price is not None else None,
    )


def filters_label(filters: DealFilters) -> str:
    """What the filters' button says: the filters set, or that every deal counts."""
    parts = []
    if filters.sold_from and filters.sold_to:
        parts.append(f"{filters.sold_from.isoformat()} to {filters.sold_to.isoformat()}")
    elif filters.sold_from:
        parts.append(f"from {filters.sold_from.isoformat()}")
    elif filters.sold_to:
        parts.append(f"to {filters.sold_to.isoformat()}")
    if filters.kinds:
        labels = [KIND_LABELS.get(kind, kind) for kind in filters.kinds]
        parts.append(", ".join(labels) if len(labels) <= 2 else f"{len(labels)} kinds")
    if filters.min_price is not None and filters.max_price is not None:
        parts.append(f"${filters.min_price:,} to ${filters.max_price:,}")
    elif filters.min_price is not None:
        parts.append(f"${filters.min_price:,} or more")
    elif filters.max_price is not None:
        parts.append(f"up to ${filters.max_price:,}")
    return "Filters: " + " · ".join(parts) if parts else "Filters: any date, kind, price"


def _filters_in(state, key: str) -> DealFilters:
    """The filters the widgets hold (set by a person or restored from a link), read before
    the widgets are drawn so the button's label can say them."""
    min_price, max_price = state.get(f"{key}_min"), state.get(f"{key}_max")
    return DealFilters(
        sold_from=state.get(f"{key}_from"),
        sold_to=state.get(f"{key}_to"),
        kinds=tuple(state.get(f"{key}_kinds") or ()),
        min_price=int(min_price) if min_price is not None else None,
        max_price=int(max_price) if max_price is not None else None,
    )
