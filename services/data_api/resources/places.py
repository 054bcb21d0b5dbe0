"""Coverage (`/v1/coverage`, a probe), lean buyers (`/v3/buyers`), the marketplace listing read."""

from __future__ import annotations

from datetime import date
from typing import Any, Iterable

from services.data_api.query_checks import check_id, check_limit, format_date, place_params
from services.data_api.models import BuyerRow, Coverage, MarketplaceListing
from services.pagination import Page
from services.data_api.resources import Resource, path_segment
from services.data_api.resources.agents import check_market


class CoverageResource(Resource):
    def retrieve(
        self,
        *,
        lat: float | None = None,
        lng: float | None = None,
        county: str | None = None,
        zip: str | None = None,
        market: str | None = None,
    ) -> Coverage:
        """Per-market dataset matrix (0 credits). A place nothing covers is not an error:
        `place.status == "outside"` with no markets (data-api.md, /v1/coverage)."""
        params: dict[str, Any] = {}
        if lat is not None or lng is not None:
            params.update(place_params(lat=lat, lng=lng))
        if zip is not None:
            params.update(place_params(zip=zip))
        if county is not None and str(county).strip():
            params["county"] = str(county).strip()
        if market is not None:
            params["market"] = check_market(market)
        data, _ = self._data("/v1/coverage", params or None, Coverage, "coverage")
        return data


class Buyers(Resource):
    def list(
        self,
        *,
        zip: str | Iterable[str] | None = None,
        from_: date | str | None = None,
        limit: int | None = None,
    ) -> Page[BuyerRow]:
        """Buyers (organizations) by most purchases first (lean `/v3/buyers`)."""
        return self._api.page("/v3/buyers", _buyers_params(zip, from_, limit), BuyerRow)

    def list_served(
        self, *, zip: str | Iterable[str] | None = None, from_: date | str | None = None, limit: int | None = None
    ) -> bool:
        """Whether this account's answer to the same list is kept: its buyers were then served to the
        account, which holds them, so reading them again costs nothing (data-api.md, Limits 3)."""
        return self._api.served("/v3/buyers", _buyers_params(zip, from_, limit))


def _buyers_params(zip: str | Iterable[str] | None, from_: date | str | None, limit: int | None) -> dict[str, Any]:
    params: dict[str, Any] = place_params(zip=zip) if zip is not None else {}
    start = format_date("from", from_)
    if start:
        params["from"] = start
    if check_limit(limit):
        params["limit"] = limit
    return params


class MarketplaceListings(Resource):
    def retrieve(self, listing_id: str) -> MarketplaceListing:
        """A marketplace listing with the reading of the deeds (0 credits).

        The id is 32 hex characters, as a deal's `listing_id` carries it (data-api.md, Conventions).
        """
        listing_id = check_id("listing", listing_id)
        data, _ = self._data(f"/v3/marketplace/listings/{path_segment(listing_id)}", None, MarketplaceListing, "listing")
        return data
