"""`GET /v1/buyers/match`: who would buy this parcel (data-api.md, "buyer matching list").

The query and the ranking are ours (docs/contract.md, Buyers match): `property_id` (required),
`radius_miles` (default 3, at most 20), `months` (default 24), `limit` (100 by default, 200 at most:
data-api.md, Pagination), `cursor`. Investors who bought within the radius in those months, ranked
by `score` with the reasons (`why`); a natural person's name is `null` with `contact_redacted`.
Each investor new to the account costs 1 credit (What the service does 7).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from sandbox.core.problems import Problem
from sandbox.data_api import shapes_properties as shapes
from sandbox.data_api.envelope import keyset_page, page_limit, respond
from sandbox.data_api.filters import MAX_RADIUS_MILES
from sandbox.data_api.gate import V1Caller
from sandbox.data_api.ids import parse_prefixed
from sandbox.data_api.routes.common import problem_responses
from sandbox.data_api.routes.deals import Cursor
from sandbox.data_api.sql_common import Sort
from sandbox.data_api.sql_properties import PropertyQueries

router = APIRouter(tags=["buyers"])
MATCH_LIMIT = (100, 200)  # data-api.md, Pagination
MATCH_SORT = Sort("score", True, tie_break="investor_id", tie_descending=False, nullable=False)


@router.get("/v1/buyers/match", responses=problem_responses(400, 404, 422), summary="Investors likely to buy a parcel")
def buyers_match(request: Request, caller: V1Caller,
                 property_id: Annotated[str, Query(description="prop_ + 32 hex: the parcel to match")],
                 radius_miles: Annotated[float, Query(gt=0, le=MAX_RADIUS_MILES, description="Default 3")] = 3.0,
                 months: Annotated[int, Query(ge=1, le=60, description="Purchases of the last N months, default 24")] = 24,
                 limit: Annotated[int | None, Query(ge=1, description="1-200, default 100")] = None,
                 cursor: Cursor = None) -> Response:
    queries = PropertyQueries(caller.runtime.db)
    parcel = queries.parcel(parse_prefixed(property_id, "prop_", 32, "property_id"))
    if parcel is None:
        raise Problem(404, "not_found", f"No parcel {property_id}. Property ids come from the parcel search or a deal.")
    if parcel["latitude"] is None:
        raise Problem(422, "outside_coverage", f"The parcel {property_id} has no location, so nothing is near it.")
    reference = parcel["last_sale_price"]
    rows, page = keyset_page(
        request, caller,
        lambda after, n: queries.buyers_match(parcel, radius_miles, months, reference, MATCH_SORT, after, n),
        lambda row: [row["score"], row["investor_id"]], cursor, page_limit(limit, *MATCH_LIMIT))
    data = [shapes.buyer_match(row) for row in rows]
    meta = {"subject": {"property_id": property_id, "reference_price": reference, "radius_miles": radius_miles,
                        "months": months}}
    return respond(request, caller, data, page=page, markets=[parcel["market"]], meta=meta,
                   charge_ids=[row["investor"]["investor_id"] for row in data])
