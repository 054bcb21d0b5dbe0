"""`GET /v1/str-parcels`: short-term-rental parcels, "sold by contract" (data-api.md).

A key whose plan has no STR contract answers `403 plan_limit` (docs/contract.md, Parcel level);
a place whose markets publish no STR dataset answers `422 str_unavailable`; the place as on the
deal list (a point with a radius, a bbox, a ZIP list, a postal city, a property id); `active`
filters; pages of 500 (data-api.md, Pagination). Each parcel new to the account costs 1 credit.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response

from sandbox.core.problems import Problem
from sandbox.data_api import shapes_properties as shapes
from sandbox.data_api.data.markets import MARKETS_BY_CODE, dataset_matrix
from sandbox.data_api.envelope import keyset_page, page_limit, respond
from sandbox.data_api.filters import DealFilters, deal_filters
from sandbox.data_api.gate import V1Caller
from sandbox.data_api.keys import has_str_contract
from sandbox.data_api.routes.common import problem_responses
from sandbox.data_api.routes.deals import Cursor, checked_filters
from sandbox.data_api.sql_properties import PropertyQueries

router = APIRouter(tags=["short-term rentals"])
STR_LIMIT = (500, 500)  # data-api.md, Pagination


def str_markets(markets: list[str]) -> list[str]:
    """The markets among these whose `str` dataset is published (served or partial)."""
    return [m for m in markets if dataset_matrix(MARKETS_BY_CODE[m])["str"]["status"] in ("served", "partial")]


async def str_place(
    lat: Annotated[float | None, Query(ge=-90, le=90)] = None,
    lng: Annotated[float | None, Query(ge=-180, le=180)] = None,
    radius_miles: Annotated[float | None, Query(description="Above 0, at most 20")] = None,
    bbox: Annotated[str | None, Query(description="west,south,east,north")] = None,
    zip: Annotated[list[str] | None, Query(description="ZIP list")] = None,
    city: Annotated[str | None, Query(min_length=1, max_length=64)] = None,
    property_id: Annotated[str | None, Query(description="prop_ + 32 hex")] = None,
) -> DealFilters:
    """The place, parsed as the deal list parses it (no dates, kinds or prices here)."""
    return await deal_filters(lat=lat, lng=lng, radius_miles=radius_miles, bbox=bbox, zip=zip, city=city,
                              property_id=property_id, date_from=None, date_to=None, kind=None, min_price=None,
                              max_price=None)


@router.get("/v1/str-parcels", responses=problem_responses(400, 403, 422), summary="Short-term-rental parcels")
def list_str_parcels(
    request: Request, caller: V1Caller, place: Annotated[DealFilters, Depends(str_place)],
    active: Annotated[bool | None, Query(description="true: listed now; false: no longer listed")] = None,
    limit: Annotated[int | None, Query(ge=1, description="1-500, default 500")] = None,
    cursor: Cursor = None,
) -> Response:
    if not has_str_contract(caller.plan.key):
        raise Problem(403, "plan_limit", "Short-term-rental parcels are sold by contract, and this key's plan has none. "
                      "Ask for the STR contract in the developer console.")
    filters = checked_filters(caller, place)
    db = caller.runtime.db
    touched = db.markets_of(filters)
    served = str_markets(touched)
    if touched and not served:
        raise Problem(422, "str_unavailable",
                      f"No short-term-rental data is published for {', '.join(touched)}. "
                      "GET /v1/coverage lists the markets whose str dataset is served.")
    where, params = db.deal_where(filters, prefix="s.")
    queries = PropertyQueries(db)
    rows, page = keyset_page(request, caller, lambda after, n: queries.str_page(where, params, active, after, n),
                             lambda row: [row["seq"], row["seq"]], cursor, page_limit(limit, *STR_LIMIT))
    data = [shapes.str_parcel(row) for row in rows]
    return respond(request, caller, data, page=page, markets=touched, charge_ids=[row["property_id"] for row in data])
