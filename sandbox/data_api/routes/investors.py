"""`/v1/investors`, `/search`, `/{investor_id}`, `/{investor_id}/deals` (data-api.md, decisions.md)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response

from sandbox.data_api import shapes
from sandbox.data_api.envelope import keyset_page, page_limit, respond
from sandbox.data_api.filters import DealFilters, deal_filters, parse_kinds, validation_error
from sandbox.data_api.gate import Caller, V1Caller
from sandbox.data_api.db import Database
from sandbox.data_api.routes.common import Registry, problem_responses
from sandbox.data_api.routes.deals import Cursor, checked_filters, deal_rows_page, DEALS_LIMIT

router = APIRouter(tags=["investors"])
InvestorSort = Literal["events_desc", "parcels_desc", "volume_desc", "last_bought_desc", "last_deal_desc",
                       "flips_desc", "holds_desc"]
INVESTORS_LIMIT = (100, 200)  # data-api.md, Pagination
SEARCH_HITS = 50  # data-api.md, Limits 6
InvestorId = Annotated[str, Path(description="inv_ + 12 hex; an old id is followed to the current record")]
SearchQuery = Annotated[str, Query(min_length=2, max_length=100, description="Name, 2-100 characters")]


INVESTORS = Registry("investor", "inv_", Database.investor)


def current_investor(caller: Caller, investor_id: str) -> tuple[str, list[str]]:
    """The current id of an `inv_` id (old ids followed; retired 410, unknown 404)."""
    return INVESTORS.current(caller, investor_id)


@router.get("/v1/investors", responses=problem_responses(400, 422), summary="Investors active in a place")
def list_investors(request: Request, caller: V1Caller, filters: Annotated[DealFilters, Depends(deal_filters)],
                   sort: InvestorSort = "events_desc",
                   limit: Annotated[int | None, Query(ge=1, description="1-200, default 100")] = None,
                   cursor: Cursor = None) -> Response:
    filters = checked_filters(caller, filters)
    db = caller.runtime.db
    order = db.investor_sort(sort)
    rows, page = keyset_page(request, caller, lambda after, n: db.investor_page(filters, order, after, n),
                             lambda row: [row["sort_value"], row["investor_id"]], cursor,
                             page_limit(limit, *INVESTORS_LIMIT))
    data = [shapes.investor_row(row) for row in rows]
    return respond(request, caller, data, page=page, markets=db.markets_of(filters),
                   charge_ids=[row["id"] for row in data])


@router.get("/v1/investors/search", responses=problem_responses(400), summary="Ranked name lookup (0 credits)")
def search_investors(request: Request, caller: V1Caller, q: SearchQuery,
                     market: Annotated[str | None, Query(min_length=1, max_length=16)] = None,
                     limit: Annotated[int | None, Query(ge=1, description="1-50, default 50")] = None) -> Response:
    if len(q.strip()) < 2:
        raise validation_error("q", "q needs at least 2 characters besides spaces.", "too_small")
    used = page_limit(limit, SEARCH_HITS, SEARCH_HITS)
    hits, capped = caller.runtime.db.investor_search(q.strip(), market.upper() if market else None, used)
    data = [{"id": h["investor_id"], "org_id": h["org_id"], "name": h["name"], "display_name": h["display_name"],
             "market": h["market"], "state": h["state"], "kind": h["org_kind"], "n_deals": h["n_deals"],
             "last_bought_on": h["last_bought_on"]} for h in hits]
    markets = sorted({h["market"] for h in data})
    return respond(request, caller, data, markets=markets,
                   page={"next_cursor": None, "limit": used, "returned": len(data), "capped": capped})


@router.get("/v1/investors/{investor_id}", responses=problem_responses(400, 404, 410), summary="Investor profile")
def get_investor(request: Request, caller: V1Caller, investor_id: InvestorId) -> Response:
    db = caller.runtime.db
    row, resolved_from = INVESTORS.record(caller, investor_id)
    current = row["investor_id"]
    profile = shapes.investor_profile(
        row,
        old_ids=db.old_ids_of("investor", current),
        lenders_used=db.investor_financing(current),
        last_loan=db.investor_last_loan(current),
        share_financed_24m=db.investor_share_financed_24m(current),
        agent_links=db.investor_agent_links(current),
        segment_mix=db.investor_segment_mix(current),
    )
    return respond(request, caller, profile, markets=[row["market"]], charge_ids=[current],
                   resolved_from=resolved_from)


@router.get("/v1/investors/{investor_id}/deals", responses=problem_responses(400, 404, 410),
            summary="An investor's deals (purchases), newest first by default")
def investor_deals(request: Request, caller: V1Caller, investor_id: InvestorId,
                   date_from: Annotated[date | None, Query(alias="from")] = None,
                   date_to: Annotated[date | None, Query(alias="to")] = None,
                   kind: Annotated[list[str] | None, Query()] = None,
                   sort: Literal["date_desc", "date_asc", "price_desc", "price_asc"] = "date_desc",
                   limit: Annotated[int | None, Query(ge=1, description="1-500, default 500")] = None,
                   cursor: Cursor = None) -> Response:
    db = caller.runtime.db
    current, resolved_from = current_investor(caller, investor_id)
    if date_from and date_to and date_from > date_to:
        raise validation_error("from", "from is after to.")
    where, params = db.deal_where(DealFilters(date_from=date_from, date_to=date_to, kinds=parse_kinds(kind)))
    rows, page = deal_rows_page(request, caller, f"buyer_id = ? AND {where}", [current, *params], sort, None,
                                cursor, page_limit(limit, *DEALS_LIMIT))
    data = [shapes.deal(row, with_distance=False) for row in rows]
    row = db.investor(current)
    return respond(request, caller, data, page=page, markets=[row["market"]] if row else [],
                   charge_ids=[deal["id"] for deal in data], resolved_from=resolved_from)
