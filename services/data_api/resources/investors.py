"""`/v1/investors`, `/search`, `/{id}`, `/{id}/deals` (data-api.md)."""

from __future__ import annotations

from typing import Any

from typing_extensions import Unpack

from services import contract
from services.data_api.models import (
    Deal,
    InvestorProfile,
    InvestorRow,
    Retrieved,
    SearchResult,
)
from services.data_api.query_checks import (
    DateKindFilters,
    PlaceFilters,
    check_choice,
    check_id,
    check_limit,
    check_query,
    date_kind_params,
    place_params,
)
from services.data_api.resources import Resource, holder, path_segment
from services.data_api.resources.deals import check_sort
from services.data_api.resources.wholesale import wholesale_purchases
from services.pagination import Page


class Investors(Resource):
    def list(
        self, *, sort: str | None = "events_desc", limit: int | None = None, **filters: Unpack[PlaceFilters]
    ) -> Page[InvestorRow]:
        """Investors active in a place, most events first by default."""
        params = _list_params(sort, limit, filters)
        return self._api.page("/v1/investors", params, InvestorRow, hold=holder(self._api, "investor", "id"))

    def list_cost(
        self, *, sort: str | None = "events_desc", limit: int | None = None, **filters: Unpack[PlaceFilters]
    ) -> int:
        """At most what `list`'s first page costs: 0 when this account's answer to the same read is
        kept (its investors were served to the account, which holds them), else 1 per row it may
        hold (`limit`, or the documented default page)."""
        params = _list_params(sort, limit, filters)
        if self._api.served("/v1/investors", params):
            return 0
        return self._api.estimate_cost("investor", count=limit or contract.PAGE_LIMITS["investors"][0])

    def search(self, q: str) -> SearchResult[InvestorRow]:
        """Ranked name lookup: at most 50 hits, `capped` when more matched (0 credits)."""
        return self._search("/v1/investors/search", check_query(q), InvestorRow, "investor_search")

    def retrieve(self, investor_id: str) -> Retrieved[InvestorProfile]:
        """An investor profile; an old id is followed (`resolved_from`), a retired one raises `GoneError`."""
        investor_id = check_id("investor", investor_id)
        result = self._retrieve(f"/v1/investors/{path_segment(investor_id)}", None, InvestorProfile, "investor")
        self._api.credits.hold("investor", [result.data.id, investor_id])
        return result

    def retrieve_cost(self, investor_id: str) -> int:
        """What `retrieve` costs: 0 when this account is known to hold the investor (served to this
        session, or its profile's answer kept for the account), else 1; a malformed id raises
        `InvalidInputError` before anything is asked."""
        investor_id = check_id("investor", investor_id)
        if self._api.served(f"/v1/investors/{path_segment(investor_id)}"):
            return 0
        return self._api.estimate_cost("investor", ids=[investor_id])

    def deals(
        self, investor_id: str, *, sort: str | None = None, limit: int | None = None, **filters: Unpack[DateKindFilters]
    ) -> Page[Deal]:
        """An investor's deals, walked page by page (each new deal costs 1 credit)."""
        investor_id = check_id("investor", investor_id)
        params: dict[str, Any] = date_kind_params(**filters)
        if check_sort(sort, contract.DEAL_SORTS - {"distance"}, params):
            params["sort"] = sort
        if check_limit(limit, "investor_deals"):
            params["limit"] = limit
        return self._api.page(
            f"/v1/investors/{path_segment(investor_id)}/deals", params, Deal, hold=holder(self._api, "deal", "id")
        )

    def wholesale_purchases(self, investor_id: str, *, limit: int | None = None):
        """An investor's purchases from wholesale listings, newest first (early access, 0 credits)."""
        return wholesale_purchases(self, investor_id, limit=limit)


def _list_params(sort: str | None, limit: int | None, filters: PlaceFilters) -> dict[str, Any]:
    params: dict[str, Any] = place_params(**filters)
    if check_choice("sort", sort, contract.INVESTOR_SORTS):
        params["sort"] = sort
    if check_limit(limit, "investors"):
        params["limit"] = limit
    return params
