"""The Properties page's reads: the parcel search, a parcel's page, who would buy it, STR parcels.

Each returns plain data (`adapter.values.plain`). Every read here may cost credits (data-api.md,
Limits 3: a property or an investor new to the account costs 1), so none is memoised; the
`*_cost` functions say beforehand the most each may cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adapter.data import data_api
from adapter.values import plain
from services.data_api.resources.properties import matches_csv
from services.data_api.resources.properties import search_body as build
from services.errors import UnprocessableError


def search_body(**parts: Any) -> dict:
    """The checked body of a parcel search (raises `InvalidInputError` before any request)."""
    return build(**parts)


def search_cost(limit: int) -> int:
    return data_api().properties.estimate_search(limit)


def search(body: Mapping[str, Any]) -> list[dict]:
    """The first page of `POST /v1/properties/search` (its `limit` rows at most)."""
    return plain(list(data_api().properties.search(dict(body)).items))


def parcel_cost(property_id: str) -> int:
    """1 credit when this session has not been served the parcel yet, else 0 (raises on a malformed id)."""
    return data_api().properties.estimate_detail(property_id)


def parcel_page(property_id: str) -> dict:
    """Everything the property's page shows; one parcel charged once (the four detail reads share it).

    A market whose listing feed is not published answers `422 listings_unavailable`: the page
    says so where the listings would be, and the rest still shows.
    """
    api = data_api()
    found = api.properties.search({"place": {"property_id": property_id}}).items
    history, _ = api.properties.history(property_id)
    financing, financing_meta = api.properties.financing(property_id)
    permits, _ = api.properties.permits(property_id)
    try:
        listings, listings_note = plain(api.properties.listing_history(property_id)[0]), None
    except UnprocessableError as error:
        listings, listings_note = None, error.code
    return {
        "parcel": plain(found[0]) if found else None,
        "history": plain(history),
        "financing": plain(financing),
        "financing_as_of": getattr(financing_meta, "financing_as_of", None),
        "permits": plain(permits),
        "listings": listings,
        "listings_note": listings_note,
    }


def matches_cost(limit: int) -> int:
    return data_api().buyer_matches.estimate(limit)


def matches(property_id: str, *, limit: int, radius_miles: float | None = None) -> tuple[list[dict], str]:
    """`GET /v1/buyers/match`: the ranked investors and the same list as CSV."""
    page = data_api().buyer_matches.list(property_id, limit=limit, radius_miles=radius_miles)
    return plain(list(page.items)), matches_csv(page.items)


def str_cost(count: int) -> int:
    return data_api().estimate_cost("property", count=count)


def str_parcels(place: Mapping[str, Any], *, limit: int) -> list[dict]:
    """`GET /v1/str-parcels` in a place: raises `UnprocessableError` (`str_unavailable`) where the
    market publishes none and `PermissionDeniedError` (`plan_limit`) without the contract."""
    return plain(list(data_api().str_parcels.list(limit=limit, **dict(place)).items))
