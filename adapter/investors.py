"""The Investors page's reads: name search, a place's leaderboard, a profile and its deals.

Each returns the service's typed results. A profile and its deals are charged reads
(data-api.md, Limits 3), never memoised here: the session's meter sees every charge, and
`profile_cost` / `deals_cost` say beforehand what they may cost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from adapter.data import data_api, estimate_cost
from services.contract import NAME_QUERY_MAX_LENGTH, NAME_QUERY_MIN_LENGTH, PAGE_LIMITS
from services.data_api.models import Deal, InvestorProfile, InvestorRow
from services.errors import ApiError


def search(query: str) -> tuple[list[InvestorRow], bool]:
    """`GET /v1/investors/search` (free): the hits, best first, and whether the service capped them."""
    result = data_api().investors.search(query)
    return list(result.items), bool(result.capped)


def profiles_of_organization(org_id: str | None, org_name: str | None) -> list[InvestorRow]:
    """The investor profiles of a lean organization (`<STATE>:<registry>`, `/v3`): the documents give
    no route from its id to an `inv_` id, so a free name search on its name, kept to the hit carrying
    its id, else to exact names (docs/contract.md); none when the search fails."""
    if not org_name or len(org_name) < NAME_QUERY_MIN_LENGTH:
        return []
    try:
        hits, _ = search(org_name[:NAME_QUERY_MAX_LENGTH])
    except ApiError:
        return []
    by_org = [hit for hit in hits if org_id and hit.org_id == org_id]
    if by_org:
        return by_org
    wanted = org_name.casefold()
    return [hit for hit in hits if wanted in {(hit.name or "").casefold(), (hit.display_name or "").casefold()}]


def leaderboard(place: Mapping[str, Any], filters: Mapping[str, Any]) -> list[InvestorRow]:
    """`GET /v1/investors` in a place, in the filters' `sort`, followed up to their `limit` rows
    (a short page is not the end: data-api.md, Pagination)."""
    page = data_api().investors.list(**dict(place), **dict(filters))
    limit = filters.get("limit")
    return list(page.walk(max_rows=int(limit)) if limit else page.items)


def leaderboard_cost(size: int, place: Mapping[str, Any] | None = None, filters: Mapping[str, Any] | None = None) -> int:
    """At most what a leaderboard of `size` investors costs (1 per investor new to this session);
    0 when the place is given and this account's answer to that very read is known (its
    investors are the account's: reading them again is free)."""
    if place is None:
        return estimate_cost("investor", count=size)
    return data_api().investors.list_cost(**dict(place), **{**dict(filters or {}), "limit": size})


def profile_cost(investor_id: str) -> int:
    """What opening this profile costs: 0 when the account is known to hold it (read in this
    session, or its answer kept for the account by the process's cache), else 1.

    Raises `InvalidInputError` for a malformed id, the client's own check, so nothing is
    asked or spent for an id the service would refuse.
    """
    return data_api().investors.retrieve_cost(investor_id)


def profile(investor_id: str) -> tuple[InvestorProfile, list[str]]:
    """`GET /v1/investors/{id}`: the profile and the old ids followed to reach it (`resolved_from`)."""
    retrieved = data_api().investors.retrieve(investor_id)
    return retrieved.data, list(retrieved.resolved_from or [])


def deals_cost(expected: int) -> int:
    """At most what reading `expected` deals costs (1 per deal new to this session)."""
    return estimate_cost("deal", count=expected)


def deals_read_bound(on_record: int, max_rows: int) -> int:
    """The most deals (and so credits) a read of an investor's deals takes: whole pages of the
    documented maximum (500; data-api.md, Pagination) covering the profile's count, at most
    `max_rows`; the read stops there. The count alone is no bound: the documents do not say
    the list holds the investor's purchases only, and a page may charge up to its size."""
    page = PAGE_LIMITS["investor_deals"][1]
    return min(max_rows, max(1, -(-on_record // page)) * page)


def deals(investor_id: str, *, progress: Callable[[int, int], None] | None = None,
          max_rows: int | None = None) -> list[Deal]:
    """Every deal of an investor (`GET /v1/investors/{id}/deals`), page by page, up to `max_rows`."""
    # The first page asks for no more than the bound; the walk asks each next page for the rest.
    first_limit = None if max_rows is None else min(max_rows, PAGE_LIMITS["investor_deals"][1])
    return list(data_api().investors.deals(investor_id, limit=first_limit).walk(progress=progress, max_rows=max_rows))
