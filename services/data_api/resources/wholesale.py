"""Wholesale (`/v1/wholesale-listings...`, `/v1/wholesalers...`; early access, 0 credits; data-api.md).

`api.wholesale_listings.list/retrieve`, `api.wholesalers.search/retrieve/listings`; an investor's
purchases are `api.investors.wholesale_purchases` and a lender's borrowers `api.lenders.borrowers`
(both here as functions those resources call). Query names are the sandbox's (docs/contract.md).
"""

from __future__ import annotations

from typing import Any

from services import contract
from services.data_api.models import Retrieved, SearchResult
from services.data_api.models.wholesale import Borrower, WholesaleListing, Wholesaler
from services.data_api.resources import Resource, path_segment
from services.errors import InvalidInputError
from services.data_api.query_checks import FILTER_NAMES, check_choice, check_id, check_limit, check_query, place_params
from services.pagination import Page


def listing_query(*, status: Any = None, sort: str | None = None, limit: int | None = None,
                  wholesaler_id: str | None = None, **filters: Any) -> dict[str, Any]:
    """The shared place and price/date filters, then `status` (list), `sort`, `wholesaler_id`, `limit`."""
    unknown = sorted(set(filters) - set(FILTER_NAMES))
    if unknown:
        raise InvalidInputError(unknown[0], "not a filter of wholesale listings")
    params: dict[str, Any] = place_params(**filters) if filters else {}
    statuses = [status] if isinstance(status, str) else list(status or [])
    for value in statuses:
        check_choice("status", value, contract.WHOLESALE_STATUSES)
    if statuses:
        params["status"] = ",".join(statuses)
    if check_choice("sort", sort, contract.WHOLESALE_SORTS):
        params["sort"] = sort
    if wholesaler_id is not None:
        params["wholesaler_id"] = check_id("wholesaler", wholesaler_id)
    if check_limit(limit):
        params["limit"] = limit
    return params


class WholesaleListings(Resource):
    def list(self, **query: Any) -> Page[WholesaleListing]:
        """Wholesale listings in a place (a place is required: `400 geometry_required`)."""
        return self._api.page("/v1/wholesale-listings", listing_query(**query), WholesaleListing)

    def retrieve(self, listing_id: str) -> Retrieved[WholesaleListing]:
        listing_id = check_id("wholesale_listing", listing_id)
        return self._retrieve(f"/v1/wholesale-listings/{path_segment(listing_id)}", None, WholesaleListing,
                              "wholesale_listing")


class Wholesalers(Resource):
    def search(self, q: str) -> SearchResult[Wholesaler]:
        return self._search("/v1/wholesalers/search", check_query(q), Wholesaler, "wholesaler_search")

    def retrieve(self, wholesaler_id: str) -> Retrieved[Wholesaler]:
        wholesaler_id = check_id("wholesaler", wholesaler_id)
        return self._retrieve(f"/v1/wholesalers/{path_segment(wholesaler_id)}", None, Wholesaler, "wholesaler")

    def listings(self, wholesaler_id: str, *, status: Any = None, sort: str | None = None,
                 limit: int | None = None) -> Page[WholesaleListing]:
        wholesaler_id = check_id("wholesaler", wholesaler_id)
        return self._api.page(f"/v1/wholesalers/{path_segment(wholesaler_id)}/listings",
                              listing_query(status=status, sort=sort, limit=limit), WholesaleListing)


def wholesale_purchases(resource: Resource, investor_id: str, *, limit: int | None = None) -> Page[WholesaleListing]:
    """An investor's purchases from wholesale listings, newest first (0 credits)."""
    investor_id = check_id("investor", investor_id)
    return resource._api.page(f"/v1/investors/{path_segment(investor_id)}/wholesale-purchases",
                              listing_query(limit=limit), WholesaleListing)


def borrowers(resource: Resource, lender_id: str, *, market: str | None = None,
              limit: int | None = None) -> Page[Borrower]:
    """A lender's borrowers, most loans first (0 credits)."""
    lender_id = check_id("lender", lender_id)
    params: dict[str, Any] = {"market": market} if market else {}
    if check_limit(limit):
        params["limit"] = limit
    return resource._api.page(f"/v1/lenders/{path_segment(lender_id)}/borrowers", params, Borrower)
