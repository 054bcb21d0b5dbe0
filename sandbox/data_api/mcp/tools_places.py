"""Tools over parcels and the probes: `POST /v1/properties/search`, a parcel's detail routes,
`/v1/str-parcels`, `/v1/coverage` and `/v1/dataset` (data-api.md, Endpoints; the search body is
docs/contract.md's)."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from sandbox.data_api.mcp.dispatch import Answer, ItemAnswer, ListAnswer, query
from sandbox.data_api.mcp.inputs import Cursor, Place as ListPlace, PropertyId
from sandbox.data_api.mcp.toolkit import Tools
from sandbox.data_api.property_search import LastSale, OwnerCriteria, Place, PropertyCriteria, PropertySort

# A parcel's detail routes, each `/v1/properties/{property_id}/<part>`.
ParcelPart = Literal["history", "financing", "permits", "listing-history"]


class PlaceTools:
    def __init__(self, tools: Tools) -> None:
        self._tools = tools

    async def parcels_search(self, ctx: Context, place: Place, property: PropertyCriteria | None = None,
                             owner: OwnerCriteria | None = None, last_sale: LastSale | None = None,
                             sort: PropertySort = "zip",
                             limit: Annotated[int | None, Field(ge=1, le=500, description="1-500, default 100")] = None,
                             cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Charged: parcels in a place (ZIPs, a point with radius_miles at most 20, a bbox, a city, an
        address with its ZIP, an APN or a property id), narrowed by the property, its owner and its
        last sale. 1 credit per parcel new to the account: a page costs at most `limit`, so start small
        and confirm the cost. Owners who are natural persons are left out of the rows."""
        body = {"place": place, "property": property, "owner": owner, "last_sale": last_sale, "sort": sort,
                "limit": limit, "cursor": cursor}
        sent = {name: value.model_dump(mode="json", by_alias=True, exclude_none=True)
                if hasattr(value, "model_dump") else value for name, value in body.items() if value is not None}
        return await self._tools.post(ctx, "/v1/properties/search", sent)

    async def parcel_detail(self, ctx: Context, property_id: PropertyId,
                            part: ParcelPart = "history") -> Annotated[CallToolResult, Answer]:
        """Charged: one part of a parcel's record: its deed history, financing (loans), permits or
        listing history. 1 credit when the parcel is new to the account, 0 after (any part); the history
        also serves the parcel's deals, 1 credit each new to the account."""
        return await self._tools.get(ctx, f"/v1/properties/{property_id}/{part}")

    async def str_parcels(self, ctx: Context, place: ListPlace,
                          active: Annotated[bool | None, Field(description="true: listed now; false: no longer")] = None,
                          limit: Annotated[int | None, Field(ge=1, le=500, description="1-500, default 500")] = None,
                          cursor: Cursor = None) -> Annotated[CallToolResult, ListAnswer]:
        """Charged: short-term-rental parcels in a place (sold by contract: without one the call answers
        plan_limit). 1 credit per parcel new to the account: a page costs at most `limit`. An owner
        who is a natural person is never named (null, contact_redacted)."""
        params = query(**place.params(), active=active, limit=limit, cursor=cursor)
        return await self._tools.get(ctx, "/v1/str-parcels", params)

    async def coverage(self, ctx: Context,
                       lat: Annotated[float | None, Field(ge=-90, le=90)] = None,
                       lng: Annotated[float | None, Field(ge=-180, le=180)] = None,
                       county: Annotated[str | None, Field(min_length=1, max_length=64,
                                                           description="County FIPS or name")] = None,
                       zip: Annotated[str | None, Field(pattern=r"^\d{5}$")] = None,
                       market: Annotated[str | None, Field(min_length=1, max_length=16)] = None,
                       ) -> Annotated[CallToolResult, ItemAnswer]:
        """Free: which markets and datasets (deeds, listings, agents, wholesale, parcels, financing,
        lenders...) cover a place, how fresh each is. A place nothing covers answers markets: []."""
        return await self._tools.get(ctx, "/v1/coverage", query(lat=lat, lng=lng, county=county, zip=zip,
                                                                 market=market))

    async def dataset(self, ctx: Context) -> Annotated[CallToolResult, ItemAnswer]:
        """Free: the dataset version and the date the data ends; answers (and cursors) change when the
        version does."""
        return await self._tools.get(ctx, "/v1/dataset")


def register(tools: Tools) -> None:
    places = PlaceTools(tools)
    tools.add(places.parcels_search, "Search parcels", routes=["POST /v1/properties/search"], charged=True)
    tools.add(places.parcel_detail, "A parcel's history, financing, permits or listings", charged=True,
              routes=[f"GET /v1/properties/{{property_id}}/{part}" for part in get_args(ParcelPart)])
    tools.add(places.str_parcels, "Short-term-rental parcels in a place", routes=["GET /v1/str-parcels"], charged=True,
              contact=True)
    tools.add(places.coverage, "Coverage of a place (free)", routes=["GET /v1/coverage"])
    tools.add(places.dataset, "Dataset version (free)", routes=["GET /v1/dataset"])
