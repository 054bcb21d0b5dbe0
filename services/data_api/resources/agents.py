"""Listing agents (`/v1/agents/...`, early access, 0 credits) and a person's listings (lean `/v3`)."""

from __future__ import annotations

from datetime import date
from typing import Any, Iterable

from services import contract
from services.errors import InvalidInputError
from services.data_api.query_checks import check_id, check_limit, check_query, format_bool, format_date, format_list
from services.data_api.models import AgentHit, AgentListing, AgentProfile, ListingRow, Retrieved, SearchResult
from services.pagination import Page
from services.data_api.resources import Resource, path_segment

def check_market(market: str | None) -> str | None:
    if market is None:
        return None
    text = str(market).strip()
    if not 1 <= len(text) <= contract.MARKET_MAX_LENGTH:
        raise InvalidInputError("market", f"a market code has 1 to {contract.MARKET_MAX_LENGTH} characters")
    return text


class Agents(Resource):
    def search(self, q: str) -> SearchResult[AgentHit]:
        """Listing agents by name (at most 50 hits)."""
        return self._search("/v1/agents/search", check_query(q), AgentHit, "agent_search")

    def retrieve(self, agent_id: str, market: str | None = None) -> Retrieved[AgentProfile]:
        """An agent's profile. Send `market` only when the id exists in several markets
        (`400 market_required` otherwise arrives as `BadRequestError` with that code)."""
        agent_id = check_id("agent", agent_id)
        params = {"market": check_market(market)} if market is not None else None
        return self._retrieve(f"/v1/agents/{path_segment(agent_id)}", params, AgentProfile, "agent")

    def listings(
        self, agent_id: str, market: str | None = None, *, limit: int | None = None, **params: Any
    ) -> Page[AgentListing]:
        """An agent's listings (row fields: not shown by the document; kept as sent)."""
        agent_id = check_id("agent", agent_id)
        query: dict[str, Any] = {key: _query_value(value) for key, value in params.items()}
        if market is not None:
            query["market"] = check_market(market)
        if check_limit(limit):
            query["limit"] = limit
        return self._api.page(f"/v1/agents/{path_segment(agent_id)}/listings", query, AgentListing)


class People(Resource):
    def listings(
        self,
        person_id: str,
        *,
        status: str | Iterable[str] | None = None,
        listed_from: date | str | None = None,
        all_versions: bool = False,
        self_listing: bool = False,
        flagged_purchase: bool = False,
        limit: int | None = None,
    ) -> Page[ListingRow]:
        """A person's listings as agent, newest first (lean `/v3/people/{id}/listings`).

        Filter names per decisions.md; the flags are sent only when set.
        """
        person_id = check_id("person", person_id)
        params: dict[str, Any] = {
            "status": format_list([status] if isinstance(status, str) else status),
            "listed_from": format_date("listed_from", listed_from),
            "all_versions": format_bool(True) if all_versions else None,
            "self_listing": format_bool(True) if self_listing else None,
            "flagged_purchase": format_bool(True) if flagged_purchase else None,
            "limit": check_limit(limit, "people_listings"),
        }
        params = {key: value for key, value in params.items() if value is not None}
        return self._api.page(f"/v3/people/{path_segment(person_id)}/listings", params, ListingRow)


def _query_value(value: Any) -> Any:
    if isinstance(value, bool):
        return format_bool(value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, (list, tuple, set)):
        return format_list(value)
    return value
