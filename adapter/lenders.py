"""The Lenders page's reads: search, a market's leading lenders, a profile, its rankings, loans (JSON and CSV),
borrowers, cells.

A market's leading lenders come from documented routes only: the registry as the host lists it
and each lender's own rank (services/data_api/lender_ranking.py), never a row's place in a list.

Lender routes are early access and cost 0 credits (data-api.md, Limits 3). Each returns the
service's typed results; a malformed id is refused by the client's own check
(`InvalidInputError`) before any request. The CSV is never cached (a fresh export each time).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from adapter.data import MEMO_TTL_S, ReadKey, data_api, read_key
from services.data_api.lender_ranking import MarketLeaders, RankedRegistry, leaders, read_ranked_registry
from services.data_api.models import Borrower, Lender, LenderCell, LoanRow, Ranking

Progress = Callable[[int, int], None]


def search(query: str) -> tuple[list[Lender], bool]:
    """`GET /v1/lenders/search`: the hits, most loans first, and whether the service capped them."""
    result = data_api().lenders.search(query)
    return list(result.items), bool(result.capped)


def market_leaders(market: str, *, max_rows: int = 25) -> MarketLeaders:
    """A market's leading lenders by their own rank there (`/v1/lenders/{id}/rankings`), up to
    `max_rows`, with what the ranking can claim (services/data_api/lender_ranking.py). The registry
    and its rankings are read once for every market (free reads, memoised for the settings and the
    dataset version in use); a registry closed to the key raises (404/403)."""
    return leaders(_ranked_registry(read_key()), market, max_rows)


@st.cache_data(ttl=MEMO_TTL_S, show_spinner=False, max_entries=4)
def _ranked_registry(key: ReadKey) -> RankedRegistry:
    return read_ranked_registry(data_api())  # this session's client, taken here: the readers have no session


def rankings(lender_id: str, market: str | None = None) -> list[Ranking]:
    """`GET /v1/lenders/{id}/rankings`: the lender's rank among each market's lenders."""
    return data_api().lenders.rankings(lender_id, **({"market": market} if market else {}))


def lender(lender_id: str) -> tuple[Lender, list[str]]:
    """`GET /v1/lenders/{id}`: the profile and the old ids followed to reach it."""
    retrieved = data_api().lenders.retrieve(lender_id)
    return retrieved.data, list(retrieved.resolved_from or [])


def loans(lender_id: str, filters: Mapping[str, Any], *, progress: Progress | None = None,
          max_rows: int | None = None) -> list[LoanRow]:
    """A lender's loans (`/loans`, JSON pages), newest first, up to `max_rows`."""
    page = data_api().lenders.loans(lender_id, **dict(filters))
    return list(page.walk(progress=progress, max_rows=max_rows))


def loans_csv(lender_id: str, filters: Mapping[str, Any]) -> str:
    """The same loans as CSV (`Accept: text/csv`); `422 csv_cap_exceeded` above 50,000 rows."""
    return data_api().lenders.loans_csv(lender_id, **dict(filters))


def borrowers(lender_id: str, *, max_rows: int | None = None) -> list[Borrower]:
    """`/v1/lenders/{id}/borrowers`, most loans first, up to `max_rows` (no `market=`: data-api.md names
    no parameter of it; a market's rows are kept by the caller)."""
    page = data_api().lenders.borrowers(lender_id)
    return list(page.walk(max_rows=max_rows))


def cells(lender_id: str, place: Mapping[str, Any], *, resolution: int = 7) -> list[LenderCell]:
    """`/v1/lenders/{id}/cells`: the lender's financed deals per H3 cell in a place."""
    return list(data_api().lenders.cells(lender_id, **dict(place), resolution=resolution).cells)
