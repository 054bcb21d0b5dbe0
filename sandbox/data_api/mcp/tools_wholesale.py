"""Tools over the marketplaces' wholesale listings and their listing companies (wholesalers).

data-api.md, Endpoints (the wholesale row, and an investor's wholesale purchases); Limits 3:
wholesale is an early-access dataset at 0 credits.
"""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from sandbox.data_api.mcp.dispatch import ItemAnswer, ListAnswer, query
from sandbox.data_api.mcp.inputs import Cursor, InvestorId, ListingId, NameQuery, Place, WholesalerId
from sandbox.data_api.mcp.toolkit import Tools

WholesaleStatus = Literal["ACTIVE", "PENDING", "SOLD"]
WholesaleSort = Literal["published_desc", "asking_desc", "asking_asc"]
WholesaleLimit = Annotated[int | None, Field(ge=1, le=500, description="1-500, default 100")]


class WholesaleTools:
    def __init__(self, tools: Tools) -> None:
        self._tools = tools

    async def wholesale_listings(self, ctx: Context, place: Place, status: list[WholesaleStatus] | None = None,
                                 sort: WholesaleSort = "published_desc", limit: WholesaleLimit = None,
                                 cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Free: wholesale (assignment) listings of the marketplaces in a place, newest first by default."""
        params = query(**place.params(), status=status, sort=sort, limit=limit, cursor=cursor)
        return await self._tools.get(ctx, "/v1/wholesale-listings", params)

    async def wholesale_listing_get(self, ctx: Context, listing_id: ListingId) -> Annotated[CallToolResult, ItemAnswer]:
        """Free: one wholesale listing: its asking and sold price, its wholesaler, its buyer once sold."""
        return await self._tools.get(ctx, f"/v1/wholesale-listings/{listing_id}")

    async def wholesalers_search(self, ctx: Context, q: NameQuery) -> Annotated[CallToolResult, ListAnswer]:
        """Free: wholesalers (the companies listing assignment deals on the marketplaces) by name."""
        return await self._tools.get(ctx, "/v1/wholesalers/search", query(q=q))

    async def wholesaler_get(self, ctx: Context, wholesaler_id: WholesalerId) -> Annotated[CallToolResult, ItemAnswer]:
        """Free: one wholesaler: its listing counters and its top buyers. A natural person's name is never
        served (null, contact_redacted)."""
        return await self._tools.get(ctx, f"/v1/wholesalers/{wholesaler_id}")

    async def wholesaler_listings(self, ctx: Context, wholesaler_id: WholesalerId,
                                  status: list[WholesaleStatus] | None = None, sort: WholesaleSort = "published_desc",
                                  limit: WholesaleLimit = None,
                                  cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Free: one wholesaler's listings, newest first by default."""
        params = query(status=status, sort=sort, limit=limit, cursor=cursor)
        return await self._tools.get(ctx, f"/v1/wholesalers/{wholesaler_id}/listings", params)

    async def investor_wholesale_purchases(self, ctx: Context, investor_id: InvestorId, limit: WholesaleLimit = None,
                                           cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Free: the wholesale listings an investor bought, newest first."""
        return await self._tools.get(ctx, f"/v1/investors/{investor_id}/wholesale-purchases",
                                     query(limit=limit, cursor=cursor))


def register(tools: Tools) -> None:
    wholesale = WholesaleTools(tools)
    tools.add(wholesale.wholesale_listings, "Wholesale listings in a place (free)", routes=["GET /v1/wholesale-listings"])
    tools.add(wholesale.wholesale_listing_get, "One wholesale listing (free)",
              routes=["GET /v1/wholesale-listings/{listing_id}"])
    tools.add(wholesale.wholesalers_search, "Find wholesalers (free)", routes=["GET /v1/wholesalers/search"])
    tools.add(wholesale.wholesaler_get, "One wholesaler (free)", routes=["GET /v1/wholesalers/{wholesaler_id}"],
              contact=True)
    tools.add(wholesale.wholesaler_listings, "A wholesaler's listings (free)",
              routes=["GET /v1/wholesalers/{wholesaler_id}/listings"])
    tools.add(wholesale.investor_wholesale_purchases, "An investor's wholesale purchases (free)",
              routes=["GET /v1/investors/{investor_id}/wholesale-purchases"])
