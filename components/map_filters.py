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
    """Sale dates, kinds and a price range; every one optional."""
    with st.expander("Filters: sale dates, kinds, price", expanded=False):
        columns = st.columns([1, 1, 2, 1, 1])
        bounds = {"min_value": EARLIEST_SALE_DATE, "max_value": LATEST_SALE_DATE, "format": "YYYY-MM-DD", "help": _date_help(data_end)}
        sold_from = columns[0].date_input("Sold from", key=f"{key}_from", value=None, **bounds)
        sold_to = columns[1].date_input("Sold to", key=f"{key}_to", value=None, **bounds)
        kinds = columns[2].multiselect("Kinds", DEAL_KINDS, key=f"{key}_kinds", format_func=KIND_LABELS.get, placeholder="All kinds")
        min_price = columns[3].number_input("Min price ($)", key=f"{key}_min", value=None, min_value=0, step=10_000)
        max_price = columns[4].number_input("Max price ($)", key=f"{key}_max", value=None, min_value=0, step=10_000)
    return DealFilters(
        sold_from=sold_from,
        sold_to=sold_to,
        kinds=tuple(kinds),
        min_price=int(min_price) if min_price is not None else None,
        max_price=int(max_price) if max_price is not None else None,
    )
