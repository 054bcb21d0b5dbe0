"""The Map's market trends (issue 46): a place's purchases by month and kind, its median price by
month, and the year's change (mapspec/trends.py), from free summaries; the ZIPs' busiest buyers.

- `view_trends`: 24 month summaries and 2 year summaries (`GET /v1/deals/summary`, free), read a
  few at a time, once per place, filters and dataset version (memoised here; each read also kept by
  the client's cache under the dataset version, so another session's view is no request at all).
- `top_buyers`: lean `GET /v3/buyers` (ZIPs, a start date, a limit), which the sandbox charges 1 per
  organization new to the account (docs/contract.md), so its cost is stated first; each buyer is
  named, and linked to its investor profile where a free name search finds it
  (`adapter.investors.profiles_of_organization`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

import streamlit as st

from adapter import data
from adapter.investors import profiles_of_organization
from adapter.values import frozen, plain
from mapspec.filters import DealFilters
from mapspec.timeline import month_filters
from mapspec.trends import Trends, gather, window_end

# Summaries in flight at once for one place (as the map's months: adapter/map_time.py).
TREND_READERS = 4
TOP_BUYERS = 10


def trend_filters(filters: DealFilters) -> dict[str, Any]:
    """The view's filters less its dates: the trends' own months replace them."""
    return {name: value for name, value in filters.params().items() if name not in ("from_", "to")}


def view_trends(place: Mapping[str, Any], filters: DealFilters, data_end: date) -> Trends:
    """The place's trends for the 24 whole months up to the data's end (or the filter's end)."""
    end = window_end(data_end, filters.sold_to)
    return _trends(data.read_key(), frozen(place), frozen(trend_filters(filters)), end)


@st.cache_data(show_spinner=False, max_entries=32, ttl=data.MEMO_TTL_S)
def _trends(key: data.ReadKey, place: tuple, conditions: tuple, end: date) -> Trends:
    api = data.data_api()  # this session's client, taken here: the readers have no session
    where, base = dict(place), dict(conditions)
    return gather(lambda span: plain(api.deals.summary(**where, **month_filters(base, span))), end, readers=TREND_READERS)


def top_buyers_cost(zips: Sequence[str], since: date, limit: int = TOP_BUYERS) -> int:
    """At most what the buyers list costs: nothing when this account's answer is kept, else its limit."""
    api = data.data_api()
    return 0 if api.buyers.list_served(zip=list(zips), from_=since, limit=limit) else limit


@dataclass(frozen=True)
class TopBuyer:
    """A buyer of the ZIPs, as the lean list serves it (its fields are not shown: any may be None)."""

    name: str | None
    purchases: int | None
    last_purchase_on: str | None
    kind: str | None
    private: bool  # a natural person: never named (data-api.md, What the service does 6)
    profiles: tuple[str, ...]  # its investor profiles (`inv_` ids) a name search found; may be none


def top_buyers(zips: Sequence[str], since: date, limit: int = TOP_BUYERS) -> list[TopBuyer]:
    """The ZIPs' buyers with the most purchases since `since`, most first, each with the investor
    profiles its name finds."""
    found = []
    for row in data.data_api().buyers.list(zip=list(zips), from_=since, limit=limit).items:
        buyer = plain(row)
        name = buyer.get("display_name") or buyer.get("org_name")
        private = bool(buyer.get("contact_redacted"))
        profiles = [] if private else profiles_of_organization(buyer.get("org_id"), buyer.get("org_name") or name)
        found.append(TopBuyer(
            name=name, purchases=buyer.get("n_purchases"), last_purchase_on=buyer.get("last_purchase_on"),
            kind=buyer.get("kind"), private=private, profiles=tuple(hit.id for hit in profiles)))
    return found
