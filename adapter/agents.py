"""The Agents page's reads: agent search and profiles, listing histories, a marketplace listing.

Agent, people and listing reads cost 0 credits (data-api.md, Limits 3). Each returns the
service's typed results; malformed ids are refused by the client's own check
(`InvalidInputError`), before any request.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from adapter.data import data_api
from services.data_api.models import AgentHit, AgentListing, AgentProfile, InvestorProfile, ListingRow, MarketplaceListing
from services.data_api.query_checks import check_id
from services.errors import ApiError, NotFoundError

Progress = Callable[[int, int], None]


def search(query: str) -> list[AgentHit]:
    """`GET /v1/agents/search`: at most 50 hits, best first."""
    return list(data_api().agents.search(query).items)


def agent(agent_id: str, market: str | None = None) -> tuple[AgentProfile, list[str]]:
    """`GET /v1/agents/{id}` (in `market` when the id lives in several): the profile and the old ids followed."""
    retrieved = data_api().agents.retrieve(agent_id, market=market)
    return retrieved.data, list(retrieved.resolved_from or [])


# Linked agents read to be named (free reads); a rare investor with more shows the rest by market.
MAX_LINKED_AGENTS = 12


def linked_agents(links: Iterable[tuple[str, str | None]]) -> dict[str, AgentProfile]:
    """The profiles of an investor's linked agents (`(agent_id, market)` of its `agent_links`, the
    first MAX_LINKED_AGENTS), by id, so a page names each as the Agents page does; one that cannot
    be read is left out."""
    agents = {}
    for agent_id, market in list(links)[:MAX_LINKED_AGENTS]:
        try:
            agents[agent_id] = agent(agent_id, market=market)[0]
        except ApiError:
            continue
    return agents


def agent_links_of(profile: InvestorProfile) -> list[tuple[str, str | None]]:
    """`(agent_id, market)` of an investor profile's `agent_links` that name their agent."""
    return [(link.agent_id or link.id, link.market) for link in profile.agent_links if link.agent_id or link.id]


def markets_holding(agent_id: str, candidates: Iterable[str]) -> list[str]:
    """The candidate markets where this agent id answers; a market that cannot tell is kept."""
    found = []
    for market in candidates:
        try:
            data_api().agents.retrieve(agent_id, market=market)
        except NotFoundError:
            continue
        except ApiError:
            pass  # cannot tell: keep the market on offer
        found.append(market)
    return found


def agent_listings(agent_id: str, market: str | None, *, progress: Progress | None = None,
                   max_rows: int | None = None) -> list[AgentListing]:
    """Every listing of an agent, page by page, up to `max_rows`."""
    page = data_api().agents.listings(agent_id, market=market)
    return list(page.walk(progress=progress, max_rows=max_rows))


def person_id(typed: str) -> str:
    """The person id, stripped; `InvalidInputError` when it is not one (the client's check)."""
    return check_id("person", typed)


def person_listings(
    person: str, filters: Mapping[str, Any], *, progress: Progress | None = None, max_rows: int | None = None
) -> list[ListingRow]:
    """One person's lean listing history (`/v3/people/{id}/listings`) with the page's filters."""
    page = data_api().people.listings(person, **dict(filters))
    return list(page.walk(progress=progress, max_rows=max_rows))


def marketplace_listing(listing_id: str) -> MarketplaceListing:
    """`GET /v3/marketplace/listings/{id}`: a listing with the reading of its deeds."""
    return data_api().marketplace_listings.retrieve(listing_id)
