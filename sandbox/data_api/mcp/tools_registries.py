"""Tools over the registries: listing agents, buyers for a parcel, lenders and wholesale listings.

data-api.md, Endpoints; Limits 3: agents, wholesale and lenders are early-access routes at 0
credits; the buyers match serves investors and charges as they do.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from sandbox.data_api.mcp.dispatch import ItemAnswer, ListAnswer, query
from sandbox.data_api.mcp.inputs import Cursor, Market, NameQuery, Place
from sandbox.data_api.mcp.toolkit import Tools
from sandbox.data_api.filters import MAX_RADIUS_MILES

AgentId = Annotated[str, Field(pattern=r"^agt_[0-9a-f]{12}$", description="agt_ + 12 hex")]
LenderId = Annotated[str, Field(pattern=r"^len_[0-9a-f]{12}$",
                                description="len_ + 12 hex; an old id is followed to the current record")]
PropertyId = Annotated[str, Field(pattern=r"^prop_[0-9a-f]{32}$", description="prop_ + 32 hex")]
AgentMarket = Annotated[str | None, Field(min_length=1, max_length=16,
                                          description="Only when the id exists in several markets "
                                                      "(else the call answers market_required)")]
ListingStatus = Literal["ACTIVE", "PENDING", "SOLD", "OFF_MARKET"]


class RegistryTools:
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

    async def lenders_search(self, ctx: Context, q: NameQuery,
                             limit: Annotated[int | None, Field(ge=1, le=50, description="1-50")] = None,
                             ) -> Annotated[CallToolResult, ListAnswer]:
        """Free: lenders (banks, private and hard-money lenders of the investors' loans) by name, at most
        50 hits. Use the hit's id with lender_get or lender_loans."""
        return await self._tools.get(ctx, "/v1/lenders/search", query(q=q, limit=limit))

    async def lenders_list(self, ctx: Context, market: Market = None, hard_money: bool | None = None,
                           sort: Literal["loans_desc", "volume_desc", "borrowers_desc", "last_loan_desc"] = "loans_desc",
                           limit: Annotated[int | None, Field(ge=1, le=200, description="1-200, default 100")] = None,
                           cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Free: lenders of the investors' loans, most loans first by default."""
        params = query(market=market, hard_money=hard_money, sort=sort, limit=limit, cursor=cursor)
        return await self._tools.get(ctx, "/v1/lenders", params)

    async def lender_get(self, ctx: Context, lender_id: LenderId) -> Annotated[CallToolResult, ItemAnswer]:
        """Free: one lender: its class, whether it lends hard money, its loan and borrower counters."""
        return await self._tools.get(ctx, f"/v1/lenders/{lender_id}")

    async def lender_loans(self, ctx: Context, lender_id: LenderId, market: Market = None,
                           recorded_from: date | None = None, recorded_to: date | None = None,
                           limit: Annotated[int | None, Field(ge=1, le=500, description="1-500, default 500")] = None,
                           cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Free: a lender's loans, newest first (borrowers who are natural persons are left out)."""
        params = query(market=market, **{"from": recorded_from, "to": recorded_to}, limit=limit, cursor=cursor)
        return await self._tools.get(ctx, f"/v1/lenders/{lender_id}/loans", params)

    async def wholesale_listings(self, ctx: Context, place: Place,
                                 status: list[Literal["ACTIVE", "PENDING", "SOLD"]] | None = None,
                                 sort: Literal["published_desc", "asking_desc", "asking_asc"] = "published_desc",
                                 limit: Annotated[int | None, Field(ge=1, le=500, description="1-500, default 100")] = None,
                                 cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Free: wholesale (assignment) listings of the marketplaces in a place, newest first by default."""
        params = query(**place.params(), status=status, sort=sort, limit=limit, cursor=cursor)
        return await self._tools.get(ctx, "/v1/wholesale-listings", params)

    async def wholesalers_search(self, ctx: Context, q: NameQuery) -> Annotated[CallToolResult, ListAnswer]:
        """Free: wholesalers (the companies listing assignment deals on the marketplaces) by name."""
        return await self._tools.get(ctx, "/v1/wholesalers/search", query(q=q))


def register(tools: Tools) -> None:
    registries = RegistryTools(tools)
    tools.add(registries.agents_search, "Find listing agents (free)", contact=True)
    tools.add(registries.agent_get, "Listing agent profile (free)", contact=True)
    tools.add(registries.agent_listings, "A listing agent's listings (free)")
    tools.add(registries.buyers_match, "Investors likely to buy a parcel", charged=True, contact=True)
    tools.add(registries.lenders_search, "Find lenders (free)")
    tools.add(registries.lenders_list, "List lenders (free)")
    tools.add(registries.lender_get, "One lender (free)")
    tools.add(registries.lender_loans, "A lender's loans (free)")
    tools.add(registries.wholesale_listings, "Wholesale listings in a place (free)")
    tools.add(registries.wholesalers_search, "Find wholesalers (free)")
