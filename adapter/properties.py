"""The Properties page's reads: the parcel search, a parcel's page, who would buy it, STR parcels.

Each returns the service's typed results, gathered in frozen view-models where a page shows several
together (`Parcels`, `ParcelPage`, `Matches`). Every read here may cost credits (data-api.md,
Limits 3: a property or an investor new to the account costs 1), so none is memoised across
sessions; the `*_cost` functions say beforehand the most each may cost. A parcel's page is kept
in its session (it was paid for, and its search is a POST the client's cache does not keep).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from adapter.data import data_api, deal_summary
from adapter.kept import kept
from services.data_api.models import BuyerMatch, Deed, Parcel, ParcelCandidate, ParcelListing, ParcelLoan, Permit, StrParcel
from services.data_api.resources.properties import matches_csv
from services.data_api.resources.properties import search_body as build
from services.contract import PAGE_LIMITS
from services.errors import ApiError, UnprocessableError


def search_body(**parts: Any) -> dict:
    """The checked body of a parcel search (raises `InvalidInputError` before any request)."""
    return build(**parts)


def search_cost(limit: int) -> int:
    return data_api().properties.estimate_search(limit)


@dataclass(frozen=True)
class Parcels:
    """Rows of a list read up to a bound, and whether it may go on (data-api.md, Pagination: a short
    page is not the end)."""

    rows: tuple[Parcel | StrParcel, ...]
    more: bool


def search(body: Mapping[str, Any], *, max_rows: int) -> Parcels:
    """`POST /v1/properties/search` followed page by page up to `max_rows` parcels. The body's
    `limit` (the first page) is at most `max_rows`."""
    rows, more = data_api().properties.search(dict(body)).walk_bounded(max_rows)
    return Parcels(tuple(rows), more)


@dataclass(frozen=True)
class Candidates:
    """The parcels an ambiguous address or APN names (none when the host names none)."""

    candidates: tuple[ParcelCandidate, ...]


def search_or_candidates(body: Mapping[str, Any], *, max_rows: int) -> Parcels | Candidates:
    """`search`, or the `candidates` an ambiguous address names (`422 ambiguous_address`,
    `ambiguous_apn`; the member is optional: a host may name none, and a candidate without an id
    is no parcel to open)."""
    try:
        return search(body, max_rows=max_rows)
    except UnprocessableError as error:
        if error.code not in ("ambiguous_address", "ambiguous_apn"):
            raise
        named = [item for item in error.problem.get("candidates") or [] if isinstance(item, dict)]
        return Candidates(tuple(ParcelCandidate.model_validate(item) for item in named if item.get("property_id")))


@dataclass(frozen=True)
class PageCost:
    """At most what opening a property costs: `parcel` (1 when new to this session, else 0), the
    `deals` its chain of title serves (1 each when new to the account: data-api.md, What the
    service does 7), and their `total`; `deals` and `total` None when the deals were not counted."""

    parcel: int
    deals: int | None
    total: int | None


def parcel_cost(property_id: str) -> PageCost:
    """What opening the property may cost (raises `InvalidInputError` on a malformed id). Its deals
    are counted by the parcel's free summary (`/v1/deals/summary?property_id=`, the deal lists'
    geometry); a page kept in this session costs nothing (everything on it was served)."""
    api = data_api()
    if property_id in kept(PARCEL_PAGES, max_entries=KEPT_PARCEL_PAGES):
        return PageCost(0, 0, 0)  # `parcel_page` serves it again, asking nothing
    parcel = api.properties.estimate_detail(property_id)
    try:
        deals: int | None = deal_summary({"property_id": property_id}, {}).n_deals
    except ApiError:
        deals = None  # not counted here: the words say so, and the read is confirmed without a number
    return PageCost(parcel, deals, api.properties.estimate_history(property_id, deals))


# The parcel-level datasets a market may not publish (data-api.md, Errors 422): each read that
# answers one of these shows its own words in its own place; the rest of the page still shows.
UNPUBLISHED_CODES = frozenset({"parcels_unavailable", "addresses_unavailable", "history_unavailable",
                               "listings_unavailable"})


# The session's last parcel pages, by dataset version and id: a tour's start reads its step's
# parcel ahead (adapter/tour.py), and the page opened on it then asks the service nothing. Its
# search (a POST) is kept by no cache below (services/data_api/resources/properties.py).
PARCEL_PAGES = "adapter_parcel_pages"
KEPT_PARCEL_PAGES = 8


@dataclass(frozen=True)
class ParcelPage:
    """Everything a property's page shows. A part the market does not publish is None, with its code
    (`parcels_unavailable`, ...) in `notes` under the part's name."""

    parcel: Parcel | None
    history: tuple[Deed, ...] | None
    financing: tuple[ParcelLoan, ...] | None
    financing_as_of: date | None
    permits: tuple[Permit, ...] | None
    listings: tuple[ParcelListing, ...] | None
    notes: Mapping[str, str] = field(default_factory=dict)


def parcel_page(property_id: str) -> ParcelPage:
    """`read_parcel_page`, kept in the session for the dataset version it was read from."""
    pages = kept(PARCEL_PAGES, max_entries=KEPT_PARCEL_PAGES)
    if property_id not in pages:
        pages[property_id] = read_parcel_page(property_id)
    return pages[property_id]


def read_parcel_page(property_id: str) -> ParcelPage:
    """Everything the property's page shows; one parcel charged once (the four detail reads share it).

    Each read stands alone: a `422` naming a dataset the market does not publish
    (`parcels_unavailable`, `addresses_unavailable`, `history_unavailable`, `listings_unavailable`)
    leaves that part None with its code in `notes`, and the other parts are still read.
    """
    api = data_api()
    notes: dict[str, str] = {}

    def part(name: str, read):
        try:
            return read()
        except UnprocessableError as error:
            if error.code not in UNPUBLISHED_CODES:
                raise
            notes[name] = error.code
            return None

    found = part("parcel", lambda: api.properties.search({"place": {"property_id": property_id}}).items)
    history = part("history", lambda: api.properties.history(property_id)[0])
    financing = part("financing", lambda: api.properties.financing(property_id))
    permits = part("permits", lambda: api.properties.permits(property_id)[0])
    listings = part("listings", lambda: api.properties.listing_history(property_id)[0])
    return ParcelPage(
        parcel=found[0] if found else None,
        history=None if history is None else tuple(history),
        financing=None if financing is None else tuple(financing[0]),
        financing_as_of=financing[1].financing_as_of if financing else None,
        permits=None if permits is None else tuple(permits),
        listings=None if listings is None else tuple(listings),
        notes=notes,
    )


def matches_cost(limit: int) -> int:
    return data_api().buyer_matches.estimate(limit)


@dataclass(frozen=True)
class Matches:
    """The buyers match read up to a bound: the ranked investors, the same list as CSV (of the
    service's codes), and whether more may exist."""

    rows: tuple[BuyerMatch, ...]
    csv: str
    more: bool


def matches(property_id: str, *, limit: int, radius_miles: float | None = None) -> Matches:
    """`GET /v1/buyers/match` followed up to `limit` investors."""
    page = data_api().buyer_matches.list(property_id, limit=min(limit, PAGE_LIMITS["buyers_match"][1]),
                                         radius_miles=radius_miles)
    rows, more = page.walk_bounded(limit)
    return Matches(tuple(rows), matches_csv(rows), more)


def str_cost(count: int) -> int:
    return data_api().estimate_cost("property", count=count)


def str_parcels(place: Mapping[str, Any], *, limit: int) -> Parcels:
    """`GET /v1/str-parcels` in a place, followed up to `limit` parcels. Raises `UnprocessableError`
    (`str_unavailable`) where the market publishes none and `PermissionDeniedError` (`plan_limit`)
    without the contract."""
    page = data_api().str_parcels.list(limit=min(limit, PAGE_LIMITS["str_parcels"][1]), **dict(place))
    rows, more = page.walk_bounded(limit)
    return Parcels(tuple(rows), more)
