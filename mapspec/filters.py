"""The deal filters shared by cells, summary, investors and deals (decisions.md, Data API).

Plain values: the Map page's filter widgets (components/map_filters.py) give a
`DealFilters`, and the page, its link and the adapter read it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from services.contract import DEAL_KINDS

# How a person reads each kind, in the order they read them (the values are the
# contract's, services/contract.py).
KIND_LABELS = {
    "flip": "Flip",
    "wholesale": "Wholesale",
    "long_hold": "Long hold",
    "hold": "Hold",
    "build": "Build",
    "acquisition": "Acquisition",
}


def _reading_order(kind: str) -> tuple[int, str]:
    order = list(KIND_LABELS)
    return (order.index(kind) if kind in KIND_LABELS else len(order), kind)


# The highest price a filter takes: a billion dollars is above any deal the deeds record,
# and below the 2^53 the API reads a number up to (a link's "1e300" is refused, not sent).
MAX_PRICE = 1_000_000_000

# Every kind the contract names, in reading order (one it adds later comes last).
KINDS = tuple(sorted(DEAL_KINDS, key=_reading_order))


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

    def checked(self) -> tuple[DealFilters, list[str]]:
        """The filters a read can take, and what was dropped and why: a price below $0 or past
        MAX_PRICE, a date range or a price range the wrong way round is left out, said in a
        person's words."""
        filters, problems = self, []
        for name, words in (("min_price", "minimum"), ("max_price", "maximum")):
            price = getattr(filters, name)
            if price is not None and not 0 <= price <= MAX_PRICE:
                problems.append(f"The {words} price is a whole number of dollars from $0 to ${MAX_PRICE:,}: "
                                "correct it or clear it.")
                filters = replace(filters, **{name: None})
        if filters.sold_from and filters.sold_to and filters.sold_from > filters.sold_to:
            problems.append("The start date is after the end date: swap them or clear one.")
            filters = DealFilters(kinds=filters.kinds, min_price=filters.min_price, max_price=filters.max_price)
        if filters.min_price is not None and filters.max_price is not None and filters.min_price > filters.max_price:
            problems.append("The minimum price is above the maximum: correct one of them.")
            filters = DealFilters(sold_from=filters.sold_from, sold_to=filters.sold_to, kinds=filters.kinds)
        return filters, problems


def filters_label(filters: DealFilters) -> str:
    """What the filters' button says: the filters set, or that every deal counts."""
    parts = _filter_parts(filters)
    return "Filters: " + " · ".join(parts) if parts else "Filters: any date, kind, price"


def filters_words(filters: DealFilters) -> str:
    """The deals counted, as a sentence's words (a brief's "Deals counted: …"): "every deal, of any date,
    kind and price", or the filters set ("sold 2024-01-01 to 2024-06-30; Flip; $100,000 to $300,000")."""
    parts = _filter_parts(filters)
    if not parts:
        return "every deal, of any date, kind and price"
    if filters.sold_from or filters.sold_to:
        parts[0] = "sold " + parts[0]
    return "; ".join(parts)


def _filter_parts(filters: DealFilters) -> list[str]:
    """The filters set in the app's spellings: ISO dates, kinds' labels, whole dollars."""
    return filter_words(filters, day=date.isoformat, kinds=_kind_labels, price=lambda dollars: f"${dollars:,}")


def _kind_labels(kinds: tuple[str, ...]) -> str:
    labels = [KIND_LABELS.get(kind, kind) for kind in kinds]
    return ", ".join(labels) if len(labels) <= 2 else f"{len(labels)} kinds"


def filter_words(filters: DealFilters, *, day: Callable[[date], str], kinds: Callable[[tuple[str, ...]], str],
                 price: Callable[[int], str]) -> list[str]:
    """The filters set, each in words (dates, kinds, prices), in the given spellings: the button's
    label, the brief's words, a watch's name (watches/names.py)."""
    parts = []
    if filters.sold_from and filters.sold_to:
        parts.append(f"{day(filters.sold_from)} to {day(filters.sold_to)}")
    elif filters.sold_from:
        parts.append(f"from {day(filters.sold_from)}")
    elif filters.sold_to:
        parts.append(f"to {day(filters.sold_to)}")
    if filters.kinds:
        parts.append(kinds(filters.kinds))
    if filters.min_price is not None and filters.max_price is not None:
        parts.append(f"{price(filters.min_price)} to {price(filters.max_price)}")
    elif filters.min_price is not None:
        parts.append(f"{price(filters.min_price)} or more")
    elif filters.max_price is not None:
        parts.append(f"up to {price(filters.max_price)}")
    return parts


def filters_in(state: Mapping[str, Any], key: str) -> DealFilters:
    """The filters widgets keyed `{key}_<name>` hold (set by a person or restored from a
    link), read before the widgets are drawn so the button's label can say them."""
    min_price, max_price = state.get(f"{key}_min"), state.get(f"{key}_max")
    return DealFilters(
        sold_from=state.get(f"{key}_from"),
        sold_to=state.get(f"{key}_to"),
        kinds=tuple(state.get(f"{key}_kinds") or ()),
        min_price=int(min_price) if min_price is not None else None,
        max_price=int(max_price) if max_price is not None else None,
    )


def filters_widgets(filters: DealFilters, key: str) -> dict[str, Any]:
    """The filter widgets' values that give `filters` back (`filters_in` reads them)."""
    return {
        f"{key}_from": filters.sold_from, f"{key}_to": filters.sold_to, f"{key}_kinds": list(filters.kinds),
        f"{key}_min": filters.min_price, f"{key}_max": filters.max_price,
    }
