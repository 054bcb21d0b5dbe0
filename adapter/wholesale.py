"""The Wholesale page's reads: listings in a place, a listing, wholesalers, an investor's purchases.

Wholesale routes are early access and cost 0 credits (data-api.md, Limits 3). Each returns the
service's typed results; a malformed id or filter is refused by the client's own check (`InvalidInputError`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adapter.data import data_api
from services.data_api.models import WholesaleListing, Wholesaler


def listings(place: Mapping[str, Any], filters: Mapping[str, Any], *,
             max_rows: int | None = None) -> list[WholesaleListing]:
    """`GET /v1/wholesale-listings` in a place with the page's filters, newest first, up to `max_rows`."""
    page = data_api().wholesale_listings.list(**dict(place), **dict(filters))
    return list(page.walk(max_rows=max_rows))


def listing(listing_id: str) -> WholesaleListing:
    return data_api().wholesale_listings.retrieve(listing_id).data


def search(query: str) -> tuple[list[Wholesaler], bool]:
    result = data_api().wholesalers.search(query)
    return list(result.items), bool(result.capped)


def wholesaler(wholesaler_id: str) -> Wholesaler:
    return data_api().wholesalers.retrieve(wholesaler_id).data


def wholesaler_listings(wholesaler_id: str, *, max_rows: int | None = None) -> list[WholesaleListing]:
    page = data_api().wholesalers.listings(wholesaler_id)
    return list(page.walk(max_rows=max_rows))


def purchases(investor_id: str, *, max_rows: int | None = None) -> list[WholesaleListing]:
    """`GET /v1/investors/{id}/wholesale-purchases`, newest first (free)."""
    page = data_api().investors.wholesale_purchases(investor_id)
    return list(page.walk(max_rows=max_rows))
