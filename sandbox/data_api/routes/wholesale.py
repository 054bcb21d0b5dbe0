"""Wholesale (early access, 0 credits; data-api.md, Limits 3): `/v1/wholesale-listings`, `/{id}`,
`/v1/wholesalers/search`, `/{id}`, `/{id}/listings`, and `/v1/investors/{id}/wholesale-purchases`.

A place whose markets carry no published wholesale dataset answers `422 wholesale_unavailable`
(data-api.md, Errors); the shapes and query names the documents leave open are in docs/contract.md.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response

from sandbox.core.problems import Problem
from sandbox.data_api import shapes
from sandbox.data_api.data.wholesale import UNPUBLISHED
from sandbox.data_api.envelope import keyset_page, page_limit, respond
from sandbox.data_api.filters import DealFilters, deal_filters, split_list, validation_error
from sandbox.data_api.gate import Caller, V1Caller
from sandbox.data_api.ids import check_prefixed
from sandbox.data_api.routes.common import problem_responses, resolve
from sandbox.data_api.routes.deals import Cursor, checked_filters
from sandbox.data_api.routes.investors import InvestorId, current_investor
from sandbox.data_api.sql_wholesale import LISTING_SORTS, WholesaleSql

router = APIRouter(tags=["wholesale"])
ListingId = Annotated[str, Path(description="wl_ + 12 hex")]
WholesalerId = Annotated[str, Path(description="wsr_ + 12 hex")]
Statuses = Annotated[list[str] | None, Query(description="ACTIVE, PENDING, SOLD (comma-separated or repeated)")]
Limit = Annotated[int | None, Query(ge=1, description="1-500, default 100")]
ListingSort = Literal["published_desc", "asking_desc", "asking_asc"]
LISTINGS_LIMIT = (100, 500)
STATUSES = ("ACTIVE", "PENDING", "SOLD")
SEARCH_HITS = 50


def unavailable(markets: list[str]) -> Problem:
    return Problem(422, "wholesale_unavailable",
                   f"Market {', '.join(markets)} has no published wholesale dataset yet. "
                   "GET /v1/coverage shows which markets serve wholesale.")


def parse_statuses(values: list[str] | None) -> tuple[str, ...]:
    found = tuple(value.strip().upper() for value in split_list(values))
    for value in found:
        if value not in STATUSES:
            raise validation_error("status", f"unknown status {value!r}; use {', '.join(STATUSES)}.")
    return found


def listing(row: dict[str, Any]) -> dict[str, Any]:
    """A wholesale listing (fields: not shown by data-api.md; docs/contract.md decides them)."""
    sold = row["status"] == "SOLD"
    return {
        "id": row["listing_id"], "status": row["status"], "market": row["market"],
        "published_on": row["published_on"], "asking_price": row["asking_price"],
        "sold_on": row["sold_on"], "sold_price": row["sold_price"],
        "deal_id": shapes.DEAL_PREFIX + row["deal_id"] if row["deal_id"] else None,
        "wholesaler": {"id": row["wholesaler_id"], "investor_id": row["wholesaler_investor_id"],
                       "name": None if row["wholesaler_is_person"] else row["wholesaler_name"]},
        "buyer": shapes.party(row["buyer_id"], row["buyer_name"], row["buyer_is_person"],
                              display_name=row["buyer_display_name"], with_display=True) if sold else None,
        "property": {"property_id": shapes.PROPERTY_PREFIX + row["property_id"], "city": row["city"],
                     "zip": row["zip"], "county_fips": row["county_fips"],
                     "latitude": row["latitude"], "longitude": row["longitude"]},
    }


def listings_page(request: Request, caller: Caller, where: tuple[str, list[Any]], sort: str, cursor: str | None,
                  limit: int | None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    sql, order = WholesaleSql(caller.runtime.db), LISTING_SORTS[sort]
    rows, page = keyset_page(request, caller, lambda after, n: sql.listing_page(*where, order, after, n),
                             lambda row: [row["sort_value"], row["listing_id"]], cursor,
                             page_limit(limit, *LISTINGS_LIMIT))
    return [listing(row) for row in rows], page


def current_wholesaler(caller: Caller, wholesaler_id: str) -> tuple[dict[str, Any], list[str]]:
    check_prefixed(wholesaler_id, "wsr_", 12, "wholesaler_id")
    sql = WholesaleSql(caller.runtime.db)
    current, resolved_from = resolve(caller.runtime.db, "wholesaler", wholesaler_id,
                                     lambda candidate: sql.wholesaler(candidate) is not None)
    row = sql.wholesaler(current)
    assert row is not None
    return row, resolved_from


@router.get("/v1/wholesale-listings", responses=problem_responses(400, 422), summary="Wholesale listings in a place")
def list_wholesale_listings(request: Request, caller: V1Caller, filters: Annotated[DealFilters, Depends(deal_filters)],
                            status: Statuses = None, wholesaler_id: str | None = None,
                            sort: ListingSort = "published_desc", limit: Limit = None,
                            cursor: Cursor = None) -> Response:
    filters = checked_filters(caller, filters)
    if filters.kinds:
        raise validation_error("kind", "kind is a deal filter; wholesale listings take status.")
    if wholesaler_id is not None:
        check_prefixed(wholesaler_id, "wsr_", 12, "wholesaler_id")
    markets = caller.runtime.db.markets_of(filters)
    if markets and all(code in UNPUBLISHED for code in markets):
        raise unavailable(markets)
    where = WholesaleSql(caller.runtime.db).listing_where(filters, parse_statuses(status), wholesaler_id)
    data, page = listings_page(request, caller, where, sort, cursor, limit)
    return respond(request, caller, data, page=page, markets=markets)


@router.get("/v1/wholesale-listings/{listing_id}", responses=problem_responses(400, 404), summary="One wholesale listing")
def get_wholesale_listing(request: Request, caller: V1Caller, listing_id: ListingId) -> Response:
    check_prefixed(listing_id, "wl_", 12, "listing_id")
    row = WholesaleSql(caller.runtime.db).listing(listing_id)
    if row is None:
        raise Problem(404, "not_found", f"No wholesale listing {listing_id}.")
    return respond(request, caller, listing(row), markets=[row["market"]])


@router.get("/v1/wholesalers/search", responses=problem_responses(400), summary="Wholesalers by name")
def search_wholesalers(request: Request, caller: V1Caller,
                       q: Annotated[str, Query(min_length=2, max_length=100, description="2-100 characters")]) -> Response:
    if len(q.strip()) < 2:
        raise validation_error("q", "q needs at least 2 characters besides spaces.", "too_small")
    hits, capped = WholesaleSql(caller.runtime.db).wholesaler_search(q.strip(), SEARCH_HITS)
    data = [{"id": h["wholesaler_id"], "investor_id": h["investor_id"], "org_id": h["org_id"], "market": h["market"],
             "name": h["name"], "display_name": h["display_name"], "n_listings": h["n_listings"]} for h in hits]
    return respond(request, caller, data,
                   page={"next_cursor": None, "limit": SEARCH_HITS, "returned": len(data), "capped": capped})


@router.get("/v1/wholesalers/{wholesaler_id}", responses=problem_responses(400, 404), summary="One wholesaler")
def get_wholesaler(request: Request, caller: V1Caller, wholesaler_id: WholesalerId) -> Response:
    row, resolved_from = current_wholesaler(caller, wholesaler_id)
    person = row["is_natural_person"]
    buyers = WholesaleSql(caller.runtime.db).wholesaler_top_buyers(row["wholesaler_id"])
    data = {
        "id": row["wholesaler_id"], "investor_id": row["investor_id"], "org_id": row["org_id"],
        "market": row["market"], "name": None if person else row["name"],
        "display_name": None if person else row["display_name"],
        **{key: row[key] for key in ("n_listings", "n_active", "n_pending", "n_sold", "n_buyers", "median_asking_price",
                                     "first_published_on", "last_published_on")},
        "top_buyers": [{**shapes.party(b["buyer_id"], b["buyer_name"], b["buyer_is_person"]),
                        "n_purchases": b["n_purchases"]} for b in buyers],
        "wholesale_as_of": caller.runtime.publishing.data_end,
    }
    if person:
        data["contact_redacted"] = True
    meta = {"resolved_from": resolved_from} if resolved_from else None
    return respond(request, caller, data, markets=[row["market"]], meta=meta)


@router.get("/v1/wholesalers/{wholesaler_id}/listings", responses=problem_responses(400, 404),
            summary="A wholesaler's listings, newest first")
def wholesaler_listings(request: Request, caller: V1Caller, wholesaler_id: WholesalerId, status: Statuses = None,
                        sort: ListingSort = "published_desc", limit: Limit = None, cursor: Cursor = None) -> Response:
    row, _ = current_wholesaler(caller, wholesaler_id)
    where = WholesaleSql(caller.runtime.db).listing_where(DealFilters(), parse_statuses(status), row["wholesaler_id"])
    data, page = listings_page(request, caller, where, sort, cursor, limit)
    return respond(request, caller, data, page=page, markets=[row["market"]])


@router.get("/v1/investors/{investor_id}/wholesale-purchases", responses=problem_responses(400, 404, 410, 422),
            summary="An investor's purchases from wholesale listings, newest first")
def investor_wholesale_purchases(request: Request, caller: V1Caller, investor_id: InvestorId,
                                 limit: Limit = None, cursor: Cursor = None) -> Response:
    current, resolved_from = current_investor(caller, investor_id)
    sql = WholesaleSql(caller.runtime.db)
    market = sql.investor_market(current)
    if market in UNPUBLISHED:
        raise unavailable([market])
    where = sql.listing_where(DealFilters(), ("SOLD",), None, buyer_id=current)
    data, page = listings_page(request, caller, where, "published_desc", cursor, limit)
    meta = {"resolved_from": resolved_from} if resolved_from else None
    return respond(request, caller, data, page=page, markets=[market] if market else [], meta=meta)
