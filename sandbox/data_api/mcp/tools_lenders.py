"""Tools over the lender registry: search, list, one lender and its loans, borrowers, rankings, cells.

data-api.md, Endpoints (the lender row: `/v1/lenders/{id}/loans`, `/borrowers`, `/rankings`,
`/cells`, one lender's each); Limits 3: lenders are early-access routes at 0 credits.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from sandbox.data_api.mcp.dispatch import Answer, ItemAnswer, ListAnswer, query
from sandbox.data_api.mcp.inputs import Cursor, DealFilter, LenderId, Market, NameQuery, Place, place_params
from sandbox.data_api.mcp.toolkit import Tools


class LenderTools:
    def __init__(self, tools: Tools) -> None:
        self._tools = tools

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
        """Free: lenders of the investors' loans, most loans first by default. A lender's own rank in
        each market is lender_rankings."""
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

    async def lender_borrowers(self, ctx: Context, lender_id: LenderId, market: Market = None,
                               limit: Annotated[int | None, Field(ge=1, le=500, description="1-500, default 100")] = None,
                               cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Free: the investors a lender financed, most loans first. A natural person's name is never
        served (null, contact_redacted)."""
        return await self._tools.get(ctx, f"/v1/lenders/{lender_id}/borrowers",
                                     query(market=market, limit=limit, cursor=cursor))

    async def lender_rankings(self, ctx: Context, lender_id: LenderId, market: Market = None,
                              recorded_from: date | None = None, recorded_to: date | None = None,
                              ) -> Annotated[CallToolResult, Answer]:
        """Free: where a lender ranks by loans among each market's lenders (its rank, how many lenders,
        its loans, volume and share)."""
        params = query(market=market, **{"from": recorded_from, "to": recorded_to})
        return await self._tools.get(ctx, f"/v1/lenders/{lender_id}/rankings", params)

    async def lender_cells(self, ctx: Context, lender_id: LenderId, place: Place, filters: DealFilter | None = None,
                           resolution: Annotated[int, Field(ge=4, le=10, description="H3 resolution 4-10")] = 8,
                           ) -> Annotated[CallToolResult, Answer]:
        """Free: a lender's financed deals per H3 hexagon of a place, for a map of where it lends."""
        params = query(**place_params(place, filters), resolution=resolution)
        return await self._tools.get(ctx, f"/v1/lenders/{lender_id}/cells", params)


def register(tools: Tools) -> None:
    lenders = LenderTools(tools)
    tools.add(lenders.lenders_search, "Find lenders (free)", routes=["GET /v1/lenders/search"])
    tools.add(lenders.lenders_list, "List lenders (free)", routes=["GET /v1/lenders"])
    tools.add(lenders.lender_get, "One lender (free)", routes=["GET /v1/lenders/{lender_id}"])
    tools.add(lenders.lender_loans, "A lender's loans (free)", routes=["GET /v1/lenders/{lender_id}/loans"])
    tools.add(lenders.lender_borrowers, "A lender's borrowers (free)", routes=["GET /v1/lenders/{lender_id}/borrowers"],
              contact=True)
    tools.add(lenders.lender_rankings, "A lender's rank in each market (free)",
              routes=["GET /v1/lenders/{lender_id}/rankings"])
    tools.add(lenders.lender_cells, "Where a lender lends, per hexagon (free)",
              routes=["GET /v1/lenders/{lender_id}/cells"])
