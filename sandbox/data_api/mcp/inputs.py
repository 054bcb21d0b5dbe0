"""The typed inputs tools share, with the limits of the REST routes they mirror (data-api.md).

Conventions "Place inputs" and the geometry rules: one place (a point with a radius of at most
20 miles, a bbox, ZIPs, a postal city or a parcel); Limits 6: cursors of 1-4096 characters.
Which place rules a combination breaks (`geometry_required`, `geometry_conflict`) is the
route's to say: the tool passes the place on and returns the route's problem.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from sandbox.data_api.filters import DEAL_KINDS, MAX_RADIUS_MILES

# The ids of the paths (decisions.md, Data API: `deal_` and `prop_` + 32 hex; the others + 12 hex).
DealId = Annotated[str, Field(pattern=r"^deal_[0-9a-f]{32}$", description="deal_ + 32 hex, from a deal list")]
PropertyId = Annotated[str, Field(pattern=r"^prop_[0-9a-f]{32}$", description="prop_ + 32 hex")]
InvestorId = Annotated[str, Field(pattern=r"^inv_[0-9a-f]{12}$",
                                  description="inv_ + 12 hex; an old id is followed to the current record")]
AgentId = Annotated[str, Field(pattern=r"^agt_[0-9a-f]{12}$", description="agt_ + 12 hex")]
LenderId = Annotated[str, Field(pattern=r"^len_[0-9a-f]{12}$",
                                description="len_ + 12 hex; an old id is followed to the current record")]
WholesalerId = Annotated[str, Field(pattern=r"^wsr_[0-9a-f]{12}$",
                                    description="wsr_ + 12 hex; an old id is followed to the current record")]
ListingId = Annotated[str, Field(pattern=r"^wl_[0-9a-f]{12}$", description="wl_ + 12 hex, from a wholesale list")]
Cursor = Annotated[str | None, Field(min_length=1, max_length=4096,
                                     description="page.next_cursor of the previous page; send the other arguments "
                                                 "unchanged (a changed query answers invalid_cursor: restart)")]
Market = Annotated[str | None, Field(min_length=1, max_length=16, description="Market code, e.g. DFW")]
NameQuery = Annotated[str, Field(min_length=2, max_length=100, description="Name, 2-100 characters")]
DealKind = Literal[DEAL_KINDS]  # type: ignore[valid-type]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Place(_Strict):
    """Exactly one place: lat+lng+radius_miles, bbox, zip, city or property_id. With another place,
    lat/lng alone are the reference point for distances."""

    lat: Annotated[float | None, Field(ge=-90, le=90)] = None
    lng: Annotated[float | None, Field(ge=-180, le=180)] = None
    radius_miles: Annotated[float | None, Field(gt=0, le=MAX_RADIUS_MILES, description="At most 20 miles")] = None
    bbox: Annotated[list[float] | None, Field(min_length=4, max_length=4,
                                              description="[west, south, east, north] in degrees")] = None
    zip: Annotated[list[Annotated[str, Field(pattern=r"^\d{5}$")]] | None,
                   Field(min_length=1, description="Five-digit ZIPs, leading zeros kept")] = None
    city: Annotated[str | None, Field(min_length=1, max_length=64, description="Postal city")] = None
    property_id: Annotated[str | None, Field(pattern=r"^prop_[0-9a-f]{32}$")] = None

    def params(self) -> dict[str, object]:
        return {"lat": self.lat, "lng": self.lng, "radius_miles": self.radius_miles,
                "bbox": self.bbox, "zip": self.zip, "city": self.city, "property_id": self.property_id}


class DealFilter(_Strict):
    """Optional narrowing of the deals in a place."""

    sold_from: Annotated[date | None, Field(description="Sale date on or after")] = None
    sold_to: Annotated[date | None, Field(description="Sale date on or before")] = None
    kind: Annotated[list[DealKind] | None, Field(description="Deal kinds to keep")] = None
    min_price: Annotated[int | None, Field(ge=0, description="Whole dollars")] = None
    max_price: Annotated[int | None, Field(ge=0, description="Whole dollars")] = None

    def params(self) -> dict[str, object]:
        return {"from": self.sold_from, "to": self.sold_to, "kind": self.kind, "min_price": self.min_price,
                "max_price": self.max_price}


def place_params(place: Place, filters: DealFilter | None) -> dict[str, object]:
    """The query of a deal-filtered route (`/v1/deals`, `/summary`, `/cells`, `/v1/investors`)."""
    return {**place.params(), **(filters.params() if filters else {})}
