"""The parcel level: `api.properties` (search, history, financing, permits, listing_history),
`api.buyer_matches.list`, `api.str_parcels.list`; `matches_csv` for the list a wholesaler sends.

data-api.md: `POST /v1/properties/search` is the only route with a JSON body; a property new to the
account costs 1 credit, an investor or a deal new to it 1 (Limits 3; a parcel's `/history` serves its deals). The body and the shapes are
docs/contract.md's "Parcel level". Before a charged read, `estimate_*` states its largest cost.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from services import contract
from services.base_client import parse_body
from services.data_api.models import Meta
from services.data_api.models.properties import (
    BuyerMatch,
    Deed,
    Parcel,
    ParcelListing,
    ParcelLoan,
    Permit,
    StrParcel,
)
from services.data_api.keyset_walk import bounded_limit
from services.data_api.resources import Resource, path_segment
from services.envelope import envelope_parser
from services.errors import InvalidInputError
from services.data_api.query_checks import check_id, check_limit, format_bool, place_params
from services.pagination import Page

if TYPE_CHECKING:
    from services.data_api.client import DataApi

SEARCH_PATH = "/v1/properties/search"
PLACE_NAMES = ("zip", "lat", "lng", "radius_miles", "bbox", "city", "property_id", "address", "apn", "county_fips")
SEARCH_SORTS = ("zip", "last_sale_desc", "last_sale_price_desc")
MATCH_CSV_COLUMNS = ("rank", "investor_id", "name", "kind", "score", "n_bought_nearby", "nearest_miles",
                     "last_bought_nearby_on", "median_price_nearby", "price_p25", "price_p75", "in_price_band",
                     "kinds_nearby")


def search_body(*, place: dict[str, Any], property: dict[str, Any] | None = None, owner: dict[str, Any] | None = None,
                last_sale: dict[str, Any] | None = None, sort: str | None = None,
                limit: int | None = None) -> dict[str, Any]:
    """The JSON body of a parcel search, checked before it is sent (one place; lists for ZIPs).

    Only what is given is sent: no `sort` unless one is chosen (the host's own order otherwise;
    the body is docs/contract.md's "Parcel level", the documents show none)."""
    unknown = sorted(set(place) - set(PLACE_NAMES))
    if unknown:
        raise InvalidInputError("place", f"unknown member {', '.join(unknown)}; use {', '.join(PLACE_NAMES)}")
    given = {key: value for key, value in place.items() if value not in (None, "", [], ())}
    if "zip" in given:
        raw = given["zip"].split(",") if isinstance(given["zip"], str) else given["zip"]
        zips = place_params(zip=[str(z).strip() for z in raw if str(z).strip()])["zip"]
        given["zip"] = zips.split(",")
    if "property_id" in given:
        given["property_id"] = check_id("property", given["property_id"])
    if "bbox" in given:
        given["bbox"] = [float(part) for part in place_params(bbox=given["bbox"])["bbox"].split(",")]
    if not given:
        raise InvalidInputError("place", "give a place: a ZIP list, an address with its ZIP, an APN, a city, a point or a box")
    if sort is not None and sort not in SEARCH_SORTS:
        raise InvalidInputError("sort", f"use one of {', '.join(SEARCH_SORTS)}")
    body: dict[str, Any] = {"place": given, **({"sort": sort} if sort is not None else {})}
    for name, criteria in (("property", property), ("owner", owner), ("last_sale", last_sale)):
        kept = {key: value for key, value in (criteria or {}).items() if value is not None}
        if kept:
            body[name] = kept
    if check_limit(limit, "properties_search"):
        body["limit"] = limit
    return body


class Properties(Resource):
    def __init__(self, api: DataApi) -> None:
        super().__init__(api)
        # Each parcel's deals its history served this session (what the account holds of it).
        self._history_deals: dict[str, frozenset[str]] = {}

    def search(self, body: dict[str, Any]) -> Page[Parcel]:
        """`POST /v1/properties/search` with a body from `search_body`; pages follow `next_cursor`.

        Not cached (a POST); each parcel served is held, so estimates count it 0 afterwards."""
        return self._search_page(body, None)

    def estimate_search(self, limit: int | None = None) -> int:
        """At most how many credits a search page costs: one per row it may return."""
        return self._api.estimate_cost("property", count=limit or contract.PAGE_LIMITS["properties_search"][0])

    def estimate_detail(self, property_id: str) -> int:
        """1 when this session has not been served the parcel yet (the account may hold it: then 0)."""
        return self._api.estimate_cost("property", ids=[check_id("property", property_id)])

    def estimate_history(self, property_id: str, deals: int | None) -> int | None:
        """At most what `/history` costs: the parcel (as `estimate_detail`) and 1 for each of its
        `deals` (data-api.md, What the service does 7: a read serving a deal new to the account costs 1;
        the count is a free `deals.summary(property_id=...)`) beyond those its history served this
        session (held: a republish adds to them; one that drops a deal and adds another is not
        foreseen, the count cannot tell); None when the deals were not counted."""
        parcel = self.estimate_detail(property_id)
        served = len(self._history_deals.get(property_id, ()))
        return None if deals is None else parcel + max(0, deals - served)

    def history(self, property_id: str) -> tuple[list[Deed], Meta]:
        """The parcel's chain of title; its deals are held as served (they cost 1 each when new)."""
        deeds, meta = self._detail(property_id, "history", Deed)
        served = frozenset(deed.deal_id for deed in deeds if deed.deal_id)
        self._api.credits.hold("deal", served)
        self._history_deals[property_id] = served
        return deeds, meta

    def financing(self, property_id: str) -> tuple[list[ParcelLoan], Meta]:
        return self._detail(property_id, "financing", ParcelLoan)

    def permits(self, property_id: str) -> tuple[list[Permit], Meta]:
        return self._detail(property_id, "permits", Permit)

    def listing_history(self, property_id: str) -> tuple[list[ParcelListing], Meta]:
        return self._detail(property_id, "listing-history", ParcelListing)

    def _detail(self, property_id: str, route: str, model: type) -> tuple[list[Any], Meta]:
        property_id = check_id("property", property_id)
        data, meta = self._data(f"/v1/properties/{path_segment(property_id)}/{route}", None, list[model],
                                f"property_{route}")
        self._api.credits.hold("property", [property_id])
        return list(data), meta

    def _search_page(self, body: dict[str, Any], cursor: str | None) -> Page[Parcel]:
        sent = {**body, **({"cursor": cursor} if cursor else {})}
        response = self._api._transport.request("POST", SEARCH_PATH, json=sent)
        envelope = parse_body(response.content, envelope_parser(list[Parcel]), SEARCH_PATH,
                              response.headers.get(contract.REQUEST_ID_HEADER))
        items = list(envelope.data)
        self._api.credits.hold("property", [item.property_id for item in items])
        return Page(items, envelope.page, envelope.meta,
                    fetch=lambda next_cursor: self._search_page(body, next_cursor),
                    fetch_ahead=lambda next_cursor, rows: self._search_page(
                        {**body, **bounded_limit(rows, envelope.page.limit if envelope.page else None)}, next_cursor),
                    dataset_version=response.headers.get(contract.DATASET_VERSION_HEADER),
                    current_version=self._api.refresh_version)


class BuyerMatches(Resource):
    def list(self, property_id: str, *, radius_miles: float | None = None, months: int | None = None,
             limit: int | None = None) -> Page[BuyerMatch]:
        """`GET /v1/buyers/match`: investors likely to buy the parcel, best first (1 credit per investor new)."""
        params: dict[str, Any] = {"property_id": check_id("property", property_id)}
        if radius_miles is not None:
            params["radius_miles"] = place_params(lat=0, lng=0, radius_miles=radius_miles)["radius_miles"]
        if months is not None:
            params["months"] = int(months)
        if check_limit(limit, "buyers_match"):
            params["limit"] = limit
        hold = lambda items: self._api.credits.hold("investor", [m.investor.investor_id for m in items])  # noqa: E731
        return self._api.page("/v1/buyers/match", params, BuyerMatch, hold=hold)

    def estimate(self, limit: int | None = None) -> int:
        return self._api.estimate_cost("investor", count=limit or contract.PAGE_LIMITS["buyers_match"][0])


class StrParcels(Resource):
    def list(self, *, active: bool | None = None, limit: int | None = None, **place: Any) -> Page[StrParcel]:
        """`GET /v1/str-parcels` in a place (sold by contract: `403 plan_limit` without it;
        `422 str_unavailable` where the market publishes none)."""
        params: dict[str, Any] = place_params(**place)
        if active is not None:
            params["active"] = format_bool(active)
        if check_limit(limit, "str_parcels"):
            params["limit"] = limit
        hold = lambda items: self._api.credits.hold("property", [p.property_id for p in items])  # noqa: E731
        return self._api.page("/v1/str-parcels", params, StrParcel, hold=hold)


def matches_csv(matches: Iterable[BuyerMatch]) -> str:
    """The buyers match as CSV, one investor a row (the route serves JSON only: data-api.md offers CSV for loans)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(MATCH_CSV_COLUMNS)
    for match in matches:
        why, band = match.why, match.why.price_band
        writer.writerow([match.rank, match.investor.investor_id, match.investor.display_name or match.investor.name or "",
                         match.investor.kind, match.score, why.n_bought_nearby, why.nearest_miles,
                         why.last_bought_nearby_on, why.median_price_nearby, band.p25 if band else "",
                         band.p75 if band else "", why.in_price_band, " ".join(why.kinds_nearby)])
    return buffer.getvalue()
