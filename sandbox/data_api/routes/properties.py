"""`POST /v1/properties/search` and a parcel's `/financing`, `/permits`, `/history`, `/listing-history`.

data-api.md: the search is the only route with a JSON body (criteria nest); a `zip` list with no
point, bbox or property id searches only the markets carrying those ZIPs, an unknown ZIP answers
`422 outside_coverage` naming `zips_unknown`; `property_id` is `prop_` + 32 hex; a property new to
the account costs 1 credit, and so does each deal `/history` serves (Limits 3); the search pages 100 by default, 500 at most (Pagination).
The body, the detail shapes and the 422 candidates are ours: docs/contract.md, Parcel level.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response

from sandbox.core.problems import Problem
from sandbox.data_api import shapes_properties as shapes
from sandbox.data_api.data.markets import MARKETS_BY_CODE, dataset_matrix
from sandbox.data_api.datasets import published, require_published
from sandbox.data_api.envelope import keyset_rows, page_limit, respond
from sandbox.data_api.gate import Caller, V1Caller
from sandbox.data_api.ids import parse_prefixed
from sandbox.data_api.property_search import PropertySearch, checked_criteria, place_kind
from sandbox.data_api.routes.common import problem_responses
from sandbox.data_api.sql_properties import PARCEL_SORTS, PropertyQueries

router = APIRouter(tags=["properties"])
PropertyId = Annotated[str, Path(description="prop_ + 32 hex")]
SEARCH_LIMIT = (100, 500)  # data-api.md, Pagination


def _unknown_zips(caller: Caller, zips: list[str]) -> None:
    unknown = [z for z in zips if z not in caller.runtime.db.zip_markets]
    if unknown:
        raise Problem(422, "outside_coverage",
                      f"No served market carries ZIP {', '.join(unknown)}. See GET /v1/coverage for the served markets.",
                      zips_unknown=unknown)


def _one_parcel(queries: PropertyQueries, kind: str, where: str, params: list[Any]) -> None:
    """An address or an APN naming several parcels answers 422 with the candidates to choose from."""
    found = queries.candidates(where, params)
    if len(found) < 2:
        return
    if kind == "address":
        raise Problem(422, "ambiguous_address",
                      f"The address names {len(found)} parcels. Add the unit, or search by one candidate's property_id.",
                      candidates=[{k: c[k] for k in ("property_id", "line", "unit", "zip")} for c in found])
    raise Problem(422, "ambiguous_apn",
                  f"The APN names {len(found)} parcels in different counties. Add county_fips, or search by a "
                  "candidate's property_id.",
                  candidates=[{k: c[k] for k in ("property_id", "apn", "county_fips")} for c in found])


def _search_hash(search: PropertySearch) -> str:
    """The query a cursor belongs to: the whole body but `cursor` and `limit` (a change of limit keeps it)."""
    body = search.model_dump(mode="json", by_alias=True, exclude={"cursor", "limit"})
    return json.dumps(body, sort_keys=True)


@router.post("/v1/properties/search", responses=problem_responses(400, 422), summary="Parcel search (JSON body)")
def search_properties(request: Request, caller: V1Caller, search: PropertySearch) -> Response:
    kind = place_kind(search.place)
    checked_criteria(search)
    db = caller.runtime.db
    if search.place.zip:
        _unknown_zips(caller, search.place.zip)
    if search.place.address is not None:
        _unknown_zips(caller, [search.place.address.zip])
        require_published(db.zip_markets[search.place.address.zip], "addresses")
    queries = PropertyQueries(db)
    where, params = queries.search_where(search)
    if kind in ("address", "apn"):
        _one_parcel(queries, kind, where, params)
    place = search.place
    point = (place.lat, place.lng) if place.lat is not None else None
    sort = PARCEL_SORTS[search.sort]
    query_hash = caller.runtime.cursors.query_hash(request.url.path, [("body", _search_hash(search))])

    def fetch(after: list[Any] | None, limit: int) -> list[dict[str, Any]]:
        if kind == "property_id":
            return [] if after is not None else queries.parcel_by_id(where, params)
        return queries.parcel_page(where, params, sort, after, limit, point)

    rows, page = keyset_rows(caller, query_hash, search.cursor, page_limit(search.limit, *SEARCH_LIMIT), fetch,
                             lambda row: [row[sort.expression], row["seq"]])
    markets = sorted({row["market"] for row in rows})
    if markets and not any(published(code, "parcels") for code in markets):
        require_published(markets[0], "parcels")
    # A search over several markets leaves out the parcels of one that publishes none.
    rows = [row for row in rows if published(row["market"], "parcels")]
    data = [shapes.parcel(row, with_distance=point is not None) for row in rows]
    markets = sorted({row["market"] for row in rows})
    page["returned"] = len(data)
    return respond(request, caller, data, page=page, markets=markets, charge_ids=[row["property_id"] for row in data])


def _parcel_of(caller: Caller, property_id: str) -> tuple[PropertyQueries, dict[str, Any]]:
    queries = PropertyQueries(caller.runtime.db)
    row = queries.parcel(parse_prefixed(property_id, "prop_", 32, "property_id"))
    if row is None:
        raise Problem(404, "not_found", f"No parcel {property_id}. Property ids come from the parcel search or a deal.")
    return queries, row


def _detail(request: Request, caller: Caller, row: dict[str, Any], data: list[dict[str, Any]],
            meta: dict[str, Any] | None = None, deal_ids: Sequence[str] = ()) -> Response:
    """A parcel's detail list: unpaged, newest first; charges the parcel, and each deal it serves
    (`deal_ids`), when new to the account (data-api.md, What the service does 7)."""
    property_id = shapes.PROP + row["property_id"]
    return respond(request, caller, data, markets=[row["market"]], charge_ids=[property_id, *deal_ids],
                   meta={"property_id": property_id, **(meta or {})})


@router.get("/v1/properties/{property_id}/history", responses=problem_responses(400, 404, 422),
            summary="A parcel's chain of title (its deeds), newest first")
def property_history(request: Request, caller: V1Caller, property_id: PropertyId) -> Response:
    queries, row = _parcel_of(caller, property_id)
    require_published(row["market"], "history")
    deeds = [shapes.deed(deed) for deed in queries.deeds(row["property_id"])]
    # Each deed is a deal served: 1 credit per deal new to the account, besides the parcel (data-api.md,
    # What the service does 7; Limits 3). A deal read before (a deal list, an investor's deals) costs nothing.
    return _detail(request, caller, row, deeds, deal_ids=[deed["deal_id"] for deed in deeds])


@router.get("/v1/properties/{property_id}/financing", responses=problem_responses(400, 404),
            summary="A parcel's loans with their lenders, newest first")
def property_financing(request: Request, caller: V1Caller, property_id: PropertyId) -> Response:
    queries, row = _parcel_of(caller, property_id)
    loans = [shapes.loan(loan) for loan in queries.loans(row["property_id"])]
    as_of = dataset_matrix(MARKETS_BY_CODE[row["market"]])["financing"]["as_of"]
    return _detail(request, caller, row, loans, {"financing_as_of": as_of})


@router.get("/v1/properties/{property_id}/permits", responses=problem_responses(400, 404),
            summary="A parcel's building permits, newest first")
def property_permits(request: Request, caller: V1Caller, property_id: PropertyId) -> Response:
    queries, row = _parcel_of(caller, property_id)
    status = dataset_matrix(MARKETS_BY_CODE[row["market"]])["permits"]["status"]
    return _detail(request, caller, row, queries.permits(row["property_id"]), {"permits_status": status})


@router.get("/v1/properties/{property_id}/listing-history", responses=problem_responses(400, 404, 422),
            summary="A parcel's listings, newest first")
def property_listing_history(request: Request, caller: V1Caller, property_id: PropertyId) -> Response:
    queries, row = _parcel_of(caller, property_id)
    if dataset_matrix(MARKETS_BY_CODE[row["market"]])["listings"]["status"] not in ("served", "partial"):
        raise Problem(422, "listings_unavailable",
                      f"The listing feed of {row['market']} is not published; this parcel's listings are not known.")
    return _detail(request, caller, row, [shapes.listing(listing) for listing in queries.listings(row["property_id"])])
