"""The lean `/v3` set: people's listings, a marketplace listing, buyers (data-api.md, Lean set).

No on-behalf header; `meta.coverage` is an empty array on lean responses.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response

from sandbox.core.problems import Problem
from sandbox.data_api.sql_common import Sort
from sandbox.data_api.envelope import keyset_page, page_limit, respond
from sandbox.data_api.filters import parse_zips, split_list
from sandbox.data_api.gate import LeanCaller
from sandbox.data_api.ids import parse_lean
from sandbox.data_api.routes.common import problem_responses
from sandbox.data_api.routes.deals import Cursor

router = APIRouter(tags=["lean"])
PEOPLE_LIMIT = (100, 500)  # data-api.md, Pagination
BUYERS_LIMIT = (100, 500)
# data-api.md, Lean set: newest first, undated last, mention_id as tie-break.
PERSON_LISTING_SORT = Sort("listed_on", True, tie_break="mention_id", tie_descending=False, cast="::DATE")


def _listing_row(row: dict[str, Any]) -> dict[str, Any]:
    """The listing row of one person's agent (data-api.md, Listing row of one person's agent)."""
    holders = [row["holder_org_id"]] if row["holder_org_id"] else []
    buyers = [row["buyer_org_id"]] if row["buyer_org_id"] else []
    return {
        "mention_id": row["mention_id"],
        "listing_id": row["listing_id"],
        "property_id": row["property_id"],
        "is_current": row["is_current"],
        "seen_from": row["seen_from"],
        "seen_to": row["seen_to"],
        "listed_on": row["listed_on"],
        "status": row["status"],
        "sold_on": row["sold_on"],
        "zip": row["zip"],
        "county_fips": row["county_fips"],
        "roles": "LIST_AGENT",
        "is_team": row["is_team"],
        "brokerage_name": row["brokerage_name"],
        "office_name": None,
        "holder_org_ids": holders,
        "n_holder_orgs": len(holders),
        "holder_basis": "DEED_OWNER" if holders else "NONE",
        "self_listing": row["self_listing"],
        "buyer_org_ids": buyers,
        "buyer_rule": "DEED_AFTER_SALE" if buyers else None,
        "buyer_deed_date": row["buyer_deed_date"],
        "buyer_flagged": row["buyer_flagged"],
        "price_match": row["price_match"],
    }


@router.get("/v3/people/{person_id}/listings", responses=problem_responses(400),
            summary="Listings of one person's agent, newest first (empty when the person is no agent)")
def person_listings(request: Request, caller: LeanCaller,
                    person_id: Annotated[str, Path(description="person: + 12 hex")],
                    status: Annotated[list[str] | None, Query(description="Keep these listing statuses")] = None,
                    listed_from: Annotated[date | None, Query(description="Listed on or after, YYYY-MM-DD")] = None,
                    all_versions: Annotated[bool, Query(description="Every weekly version, one row per mention")] = False,
                    self_listing: Annotated[bool, Query(description="Self-listings only")] = False,
                    flagged_purchase: Annotated[bool, Query(description="Deed after the sale was a flagged purchase")] = False,
                    limit: Annotated[int | None, Query(ge=1, description="1-500, default 100")] = None,
                    cursor: Cursor = None) -> Response:
    person = parse_lean(person_id, "person:", 12, "person id")
    statuses = tuple(s.upper() for s in split_list(status))
    db = caller.runtime.db
    rows, page = keyset_page(
        request, caller,
        lambda after, n: db.person_listing_page(person, statuses=statuses, listed_from=listed_from,
                                                all_versions=all_versions, self_listing=self_listing,
                                                flagged_purchase=flagged_purchase, sort=PERSON_LISTING_SORT,
                                                after=after, limit=n),
        lambda row: [row["listed_on"], row["mention_id"]], cursor, page_limit(limit, *PEOPLE_LIMIT))
    return respond(request, caller, [_listing_row(row) for row in rows], page=page)


@router.get("/v3/marketplace/listings/{listing_id}", responses=problem_responses(400, 404),
            summary="A marketplace listing with the reading of the deeds (0 credits)")
def marketplace_listing(request: Request, caller: LeanCaller,
                        listing_id: Annotated[str, Path(description="32 hex")]) -> Response:
    row = caller.runtime.db.marketplace_listing(parse_lean(listing_id, "", 32, "listing id"))
    if row is None:
        raise Problem(404, "not_found", f"No marketplace listing {listing_id}. Listing ids come from a deal's listing_id.")
    within = row["price"] is not None and row["price"] <= row["asking_price"]
    data = {
        "listing_id": row["listing_id"],
        "source": "sandbox_marketplace",
        "source_listing_id": "SL-" + row["listing_id"][:10].upper(),
        "published_on": row["published_on"],
        "status_word": "sold",
        "asking_price": row["asking_price"],
        "buy_now_price": row["buy_now_price"],
        "zip": row["zip"],
        "property_id": row["property_id"],
        "resolve": "exact",
        "n_candidates": 1,
        "legs": {"pre": 0, "close": 1, "late": 0},
        "closing": {
            "deal_id": row["deal_id"],
            "sale_date": row["sale_date"],
            "price": row["price"],
            "window": "close",
            "buyer": {"org_id": row["buyer_org_id"], "org_name": None if row["buyer_is_person"] else row["buyer_name"],
                      "from_registry": True},
        },
        "price_within_asking": within,
        "outcome": "closed",
        "seller": {"org_id": row["wholesaler_org_id"], "org_name": row["wholesaler_name"]},
        "wholesaler": {"org_id": row["wholesaler_org_id"], "match": "filed"},
        "parcel": {
            "line": None, "unit": None, "city": row["city"], "zip": row["zip"], "county_fips": row["county_fips"],
            "apn": None, "latitude": row["parcel_latitude"], "longitude": row["parcel_longitude"],
            "address_held_back": True, "location_radius_m": 150, "bedrooms": row["bedrooms"],
            "bathrooms": row["bathrooms"], "living_area_sqft": row["living_area_sqft"], "year_built": row["year_built"],
        },
        "distance_miles": None,
    }
    return respond(request, caller, data)


@router.get("/v3/buyers", responses=problem_responses(400, 422), summary="Buyers ordered by most purchases first")
def buyers(request: Request, caller: LeanCaller,
           zip: Annotated[list[str] | None, Query(description="ZIP list")] = None,
           date_from: Annotated[date | None, Query(alias="from", description="Purchases on or after")] = None,
           limit: Annotated[int | None, Query(ge=1, description="1-500, default 100")] = None) -> Response:
    zips = parse_zips(zip)
    db = caller.runtime.db
    unknown = [z for z in zips if z not in db.zip_markets]
    if unknown:
        raise Problem(422, "outside_coverage", f"No served market carries ZIP {', '.join(unknown)}.",
                      zips_unknown=unknown)
    used = page_limit(limit, *BUYERS_LIMIT)
    rows = db.lean_buyers(zips, date_from, used)
    data = [{"org_id": r["org_id"], "org_name": r["name"], "display_name": r["display_name"], "state": r["state"],
             "kind": r["org_kind"], "n_purchases": r["n_purchases"], "last_purchase_on": r["last_purchase_on"],
             "n_zips": r["n_zips"], **({"contact_redacted": True} if r["is_natural_person"] else {})} for r in rows]
    return respond(request, caller, data, page={"next_cursor": None, "limit": used, "returned": len(data)},
                   charge_ids=[r["investor_id"] for r in rows])
