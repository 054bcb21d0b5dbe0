"""Tools over the listing agents and the buyers for a parcel.

data-api.md, Endpoints; Limits 3: agents are early-access routes at 0 credits; the buyers match
serves investors and charges as they do.
"""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from sandbox.data_api.filters import MAX_RADIUS_MILES
from sandbox.data_api.mcp.dispatch import ItemAnswer, ListAnswer, query
from sandbox.data_api.mcp.inputs import AgentId, Cursor, Market, NameQuery, PropertyId
from sandbox.data_api.mcp.toolkit import Tools

AgentMarket = Annotated[str | None, Field(min_length=1, max_length=16,
                                          description="Only when the id exists in several markets "
                                                      "(else the call answers market_required)")]
ListingStatus = Literal["ACTIVE", "PENDING", "SOLD", "OFF_MARKET"]


class AgentTools:
    def __init__(self, tools: Tools) -> None:
        self._tools = tools

    async def agents_search(self, ctx: Context, q: NameQuery, market: Market = None,
                            limit: Annotated[int | None, Field(ge=1, le=50, description="1-50")] = None,
                            ) -> Annotated[CallToolResult, ListAnswer]:
        """Free: listing agents by name or brokerage (at most 50 hits). Agents' names and licences are
        never served (null, contact_redacted); use the hit's id with agent_get."""
        return await self._tools.get(ctx, "/v1/agents/search", query(q=q, market=market, limit=limit))

    async def agent_get(self, ctx: Context, agent_id: AgentId,
                        market: AgentMarket = None) -> Annotated[CallToolResult, ItemAnswer]:
        """Free: a listing agent's profile: brokerages, listing counters by year, links to investors."""
        return await self._tools.get(ctx, f"/v1/agents/{agent_id}", query(market=market))

    async def agent_listings(self, ctx: Context, agent_id: AgentId, market: AgentMarket = None,
                             status: list[ListingStatus] | None = None,
                             limit: Annotated[int | None, Field(ge=1, le=500, description="1-500, default 100")] = None,
                             cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Free: a listing agent's listings, newest first."""
        params = query(market=market, status=status, limit=limit, cursor=cursor)
        return await self._tools.get(ctx, f"/v1/agents/{agent_id}/listings", params)

    async def buyers_match(self, ctx: Context, property_id: PropertyId,
                           radius_miles: Annotated[float, Field(gt=0, le=MAX_RADIUS_MILES,
                                                                description="At most 20 miles")] = 3.0,
                           months: Annotated[int, Field(ge=1, le=60, description="Purchases of the last N months")] = 24,
                           limit: Annotated[int | None, Field(ge=1, le=200, description="1-200, default 100")] = None,
                           cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Charged: investors likely to buy a parcel (they bought near it, at a like price, lately).
        1 credit per investor new to the account; a page costs at most `limit`."""
        params = query(property_id=property_id, radius_miles=radius_miles, months=months, limit=limit, cursor=cursor)
        return await self._tools.get(ctx, "/v1/buyers/match", params)


def register(tools: Tools) -> None:
    agents = AgentTools(tools)
    tools.add(agents.agents_search, "Find listing agents (free)", routes=["GET /v1/agents/search"], contact=True)
    tools.add(agents.agent_get, "Listing agent profile (free)", routes=["GET /v1/agents/{agent_id}"], contact=True)
    tools.add(agents.agent_listings, "A listing agent's listings (free)",
              routes=["GET /v1/agents/{agent_id}/listings"])
    tools.add(agents.buyers_match, "Investors likely to buy a parcel", routes=["GET /v1/buyers/match"], charged=True,
              contact=True)
