"""Tools over deals and investors: `/v1/deals` (list, summary, cells, one) and `/v1/investors`
(list, search, profile, deals). data-api.md, Endpoints and Pagination; Limits 3 for credits."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from sandbox.data_api.mcp.dispatch import Answer, ItemAnswer, ListAnswer, query
from sandbox.data_api.mcp.inputs import (
    Cursor,
    DealFilter,
    DealId,
    DealKind,
    InvestorId,
    Market,
    NameQuery,
    Place,
    place_params,
)
from sandbox.data_api.mcp.toolkit import Tools


class DealTools:
    def __init__(self, tools: Tools) -> None:
        self._tools = tools

    async def deals_summary(self, ctx: Context, place: Place,
                            filters: DealFilter | None = None) -> Annotated[CallToolResult, ItemAnswer]:
        """Free (0 credits): how many deals and distinct investors a place holds, priced deals, the
        median price, counts by kind and by month. Call it before deals_list or investors_list: reading
        every deal costs at most n_deals credits and every investor at most n_investors (ids the
        account already holds cost 0)."""
        return await self._tools.get(ctx, "/v1/deals/summary", query(**place_params(place, filters)))

    async def deals_list(self, ctx: Context, place: Place, filters: DealFilter | None = None,
                         sort: Literal["date_desc", "date_asc", "price_desc", "price_asc", "distance"] = "date_desc",
                         limit: Annotated[int | None, Field(ge=1, le=500, description="1-500, default 500")] = None,
                         cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Charged: deals (flagged purchases) in a place, one page. Costs 1 credit per deal new to the
        account, so a page costs at most `limit`; check deals_summary first and confirm the cost.
        sort=distance needs place.lat/lng."""
        params = query(**place_params(place, filters), sort=sort, limit=limit, cursor=cursor)
        return await self._tools.get(ctx, "/v1/deals", params)

    async def deals_cells(self, ctx: Context, place: Place, filters: DealFilter | None = None,
                          resolution: Annotated[int, Field(ge=4, le=10, description="H3 resolution 4-10")] = 8,
                          ) -> Annotated[CallToolResult, Answer]:
        """Free: deal and investor counts per H3 hexagon of a place, for a map or a density answer."""
        params = query(**place_params(place, filters), resolution=resolution)
        return await self._tools.get(ctx, "/v1/deals/cells", params)

    async def deal_get(self, ctx: Context, deal_id: DealId) -> Annotated[CallToolResult, ItemAnswer]:
        """Charged: one deal by id (1 credit when new to the account, else 0)."""
        return await self._tools.get(ctx, f"/v1/deals/{deal_id}")

    async def investors_list(self, ctx: Context, place: Place, filters: DealFilter | None = None,
                             sort: Literal["events_desc", "parcels_desc", "volume_desc", "last_bought_desc",
                                           "last_deal_desc", "flips_desc", "holds_desc"] = "events_desc",
                             limit: Annotated[int | None, Field(ge=1, le=200, description="1-200, default 100")] = None,
                             cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Charged: investors (organizations buying houses) active in a place, most active first by
        default. 1 credit per investor new to the account (a page costs at most `limit`)."""
        params = query(**place_params(place, filters), sort=sort, limit=limit, cursor=cursor)
        return await self._tools.get(ctx, "/v1/investors", params)

    async def investors_search(self, ctx: Context, q: NameQuery, market: Market = None,
                               limit: Annotated[int | None, Field(ge=1, le=50, description="1-50")] = None,
                               ) -> Annotated[CallToolResult, ListAnswer]:
        """Free: find investors by name (ranked, at most 50 hits, no further page). Use the hit's `id`
        with investor_get."""
        return await self._tools.get(ctx, "/v1/investors/search", query(q=q, market=market, limit=limit))

    async def investor_get(self, ctx: Context, investor_id: InvestorId) -> Annotated[CallToolResult, ItemAnswer]:
        """Charged: an investor's profile: kinds, deal counters, price band, financing and lenders.
        1 credit when new to the account. Person-identifying fields (members, mailing details) are null."""
        return await self._tools.get(ctx, f"/v1/investors/{investor_id}")

    async def investor_deals(self, ctx: Context, investor_id: InvestorId,
                             sold_from: date | None = None, sold_to: date | None = None,
                             kind: list[DealKind] | None = None,
                             sort: Literal["date_desc", "date_asc", "price_desc", "price_asc"] = "date_desc",
                             limit: Annotated[int | None, Field(ge=1, le=500, description="1-500, default 500")] = None,
                             cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Charged: one investor's deals (purchases), newest first by default; 1 credit per deal new to
        the account."""
        params = query(**{"from": sold_from, "to": sold_to}, kind=kind, sort=sort, limit=limit, cursor=cursor)
        return await self._tools.get(ctx, f"/v1/investors/{investor_id}/deals", params)


def register(tools: Tools) -> None:
    deals = DealTools(tools)
    tools.add(deals.deals_summary, "Count deals and investors in a place (free)", routes=["GET /v1/deals/summary"])
    tools.add(deals.deals_list, "List deals in a place", routes=["GET /v1/deals"], charged=True)
    tools.add(deals.deals_cells, "Deal counts per hexagon (free)", routes=["GET /v1/deals/cells"])
    tools.add(deals.deal_get, "One deal", routes=["GET /v1/deals/{deal_id}"], charged=True)
    tools.add(deals.investors_list, "List investors active in a place", routes=["GET /v1/investors"], charged=True,
              contact=True)
    tools.add(deals.investors_search, "Find investors by name (free)", routes=["GET /v1/investors/search"],
              contact=True)
    tools.add(deals.investor_get, "Investor profile", routes=["GET /v1/investors/{investor_id}"], charged=True,
              contact=True)
    tools.add(deals.investor_deals, "An investor's deals", routes=["GET /v1/investors/{investor_id}/deals"],
              charged=True)
