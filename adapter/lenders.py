"""The Lenders page's reads: search, a market's leading lenders, a profile, its rankings, loans (JSON and CSV),
borrowers, cells.

Lender routes are early access and cost 0 credits (data-api.md, Limits 3). Each returns the
service's typed results; a malformed id is refused by the client's own check
(`InvalidInputError`) before any request. The CSV is never cached (a fresh export each time).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from adapter.data import data_api
from services.data_api.models import Borrower, Lender, LenderCell, LoanRow, Ranking

Progress = Callable[[int, int], None]


def search(query: str) -> tuple[list[Lender], bool]:
    """`GET /v1/lenders/search`: the hits, most loans first, and whether the service capped them."""
    result = data_api().lenders.search(query)
    return list(result.items), bool(result.capped)


# A market's or an area's leading lenders: `GET /v1/lenders` in this sort (docs/contract.md).
LEADING_SORT = "loans_desc"


def leading(market: str | None = None, *, bbox: list[float] | None = None, hard_money: bool | None = None,
            max_rows: int = 25) -> list[Lender]:
    """The lenders with most loans in one market, an area (`bbox`) or all, most first, up to `max_rows`
    (`GET /v1/lenders?sort=loans_desc`, followed by `next_cursor`): a lender's rank is its place."""
    filters: dict[str, Any] = {"market": market, "hard_money": hard_money, "bbox": bbox}
    page = data_api().lenders.list(sort=LEADING_SORT, **{k: v for k, v in filters.items() if v is not None})
    return list(page.walk(max_rows=max_rows))


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


def borrowers(lender_id: str, market: str | None = None, *, max_rows: int | None = None) -> list[Borrower]:
    """`/v1/lenders/{id}/borrowers`, most loans first, up to `max_rows`."""
    page = data_api().lenders.borrowers(lender_id, market=market)
    return list(page.walk(max_rows=max_rows))


def cells(lender_id: str, place: Mapping[str, Any], *, resolution: int = 7) -> list[LenderCell]:
    """`/v1/lenders/{id}/cells`: the lender's financed deals per H3 cell in a place."""
    return list(data_api().lenders.cells(lender_id, **dict(place), resolution=resolution).cells)
