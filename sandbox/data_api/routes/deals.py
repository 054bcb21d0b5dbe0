"""`/v1/deals`, `/v1/deals/summary`, `/v1/deals/cells`, `/v1/deals/{deal_id}` (data-api.md; decisions.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response

from sandbox.core.problems import Problem
from sandbox.data_api import shapes
from sandbox.data_api.sql_common import Sort
from sandbox.data_api.envelope import keyset_page, page_limit, respond
from sandbox.data_api.filters import DealFilters, deal_filters
from sandbox.data_api.gate import Caller, V1Caller
from sandbox.data_api.ids import parse_prefixed
from sandbox.data_api.routes.common import problem_responses

router = APIRouter(tags=["deals"])
Filters = Annotated[DealFilters, Depends(deal_filters)]
# Length is checked by the codec so that any bad cursor answers `400 invalid_cursor` (data-api.md, Limits 6).
Cursor = Annotated[str | None, Query(description="page.next_cursor of the previous page, 1-4096 characters")]
DEAL_SORTS = {
    "date_desc": Sort("sale_date", True, cast="::DATE", nullable=False),
    "date_asc": Sort("sale_date", False, cast="::DATE", nullable=False),
    "price_desc": Sort("price", True),
    "price_asc": Sort("price", False),
    "distance": Sort("distance", False),
}
DealSort = Literal["distance", "date_desc", "date_asc", "price_desc", "price_asc"]
DEALS_LIMIT = (500, 500)  # data-api.md, Pagination: default, maximum


def checked_filters(caller: Caller, filters: DealFilters) -> DealFilters:
    """An unknown ZIP answers `422 outside_coverage` naming `zips_unknown` (data-api.md, geometry rules)."""
    unknown = [z for z in filters.zips if z not in caller.runtime.db.zip_markets]
    if unknown:
        raise Problem(422, "outside_coverage",
                      f"No served market carries ZIP {', '.join(unknown)}. See GET /v1/coverage for the served markets.",
                      zips_unknown=unknown)
    return filters


def deal_rows_page(request: Request, caller: Caller, where: str, params: list, sort_name: str,
                   point: tuple[float, float] | None, cursor: str | None,
                   limit: int) -> tuple[list[dict], dict]:
    """One keyset page of deal rows in `sort_name` order; the cursor carries [sort value, row number]."""
    db = caller.runtime.db
    sort = DEAL_SORTS[sort_name]
    return keyset_page(
        request, caller,
        lambda after, n: db.deal_page(where, params, sort, after, n, point),
        lambda row: [row[sort.expression], row["seq"]],
        cursor, limit,
    )


@router.get("/v1/deals", responses=problem_responses(400, 422), summary="Deals in a geometry or place")
def list_deals(request: Request, caller: V1Caller, filters: Filters,
               sort: Annotated[DealSort, Query(description="distance needs a point")] = "date_desc",
               limit: Annotated[int | None, Query(ge=1, description="1-500, default 500")] = None,
               cursor: Cursor = None) -> Response:
    filters = checked_filters(caller, filters)
    point = (filters.point.lat, filters.point.lng) if filters.point else None
    if sort == "distance" and point is None:
        raise Problem(400, "sort_requires_point", "sort=distance needs a point: send lat and lng (with radius_miles or a place).")
    where, params = caller.runtime.db.deal_where(filters)
    rows, page = deal_rows_page(request, caller, where, params, sort, point, cursor, page_limit(limit, *DEALS_LIMIT))
    data = [shapes.deal(row, with_distance=point is not None) for row in rows]
    return respond(request, caller, data, page=page, markets=caller.runtime.db.markets_of(filters),
                   charge_ids=[deal["id"] for deal in data])


@router.get("/v1/deals/summary", responses=problem_responses(400, 422), summary="Counts over the filtered deals")
def deal_summary(request: Request, caller: V1Caller, filters: Filters) -> Response:
    filters = checked_filters(caller, filters)
    db = caller.runtime.db
    return respond(request, caller, db.deal_summary(filters), markets=db.markets_of(filters))


@router.get("/v1/deals/cells", responses=problem_responses(400, 422), summary="Deal counts per H3 cell (0 credits)")
def deal_cells(request: Request, caller: V1Caller, filters: Filters,
               resolution: Annotated[int, Query(ge=4, le=10, description="H3 resolution 4-10")] = 8) -> Response:
    filters = checked_filters(caller, filters)
    db = caller.runtime.db
    cells = db.deal_cells(filters, resolution)
    if cells is None:
        message = f"more than {db.max_cells:,} cells; lower the resolution or narrow the place."
        raise Problem(400, "validation_error", f"Invalid value for resolution: {message}",
                      errors=[{"param": "resolution", "message": message, "code": "too_big"}])
    return respond(request, caller, None, data_json=shapes.cells_json(cells, "n_deals", "n_investors"),
                   rows=len(cells), markets=db.markets_of(filters), meta={"resolution": resolution})


@router.get("/v1/deals/{deal_id}", responses=problem_responses(400, 404), summary="One deal")
def get_deal(request: Request, caller: V1Caller,
             deal_id: Annotated[str, Path(description="deal_ + 32 hex")]) -> Response:
    db = caller.runtime.db
    row = db.deal(parse_prefixed(deal_id, "deal_", 32, "deal_id"))
    if row is None:
        raise Problem(404, "not_found", f"No deal {deal_id}. Deal ids come from /v1/deals or an investor's deals.")
    data = shapes.deal(row, with_distance=False)
    market = db.zip_markets.get(row["zip"])
    return respond(request, caller, data, markets=[market] if market else [], charge_ids=[data["id"]])
