"""Buy boxes: what a buyer wants, the deals that match, and the alerts a published deal raises
(marketplace-api.md, Limits: five per buyer, `409 resource_limit` on the sixth; scope buy_boxes:manage).

The criteria are not shown in the document; docs/contract.md records these. Every criterion
given must hold; a list criterion holds when the deal's value is in it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field

from sandbox.core.problems import Problem
from sandbox.marketplace.bodies import Strict
from sandbox.marketplace.ids import new_id
from sandbox.marketplace.models import BuyBox, Deal, Event, MarketState

MAX_BUY_BOXES = 5  # marketplace-api.md, Limits
PropertyType = Literal["single_family", "duplex", "townhouse", "multi_family", "condo", "land"]
Zip = Annotated[str, Field(pattern=r"^\d{5}$")]
City = Annotated[str, Field(min_length=1, max_length=100)]


class Criteria(Strict):
    cities: Annotated[list[City], Field(max_length=20)] | None = None
    zips: Annotated[list[Zip], Field(max_length=50)] | None = None
    property_types: Annotated[list[PropertyType], Field(max_length=6)] | None = None
    max_price: Annotated[int, Field(gt=0, le=100_000_000)] | None = None
    min_bedrooms: Annotated[int, Field(ge=0, le=50)] | None = None


class BuyBoxBody(Strict):
    name: Annotated[str, Field(min_length=1, max_length=100)]
    criteria: Criteria


class BuyBoxChange(Strict):
    name: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    criteria: Criteria | None = None


def matches(criteria: dict, deal: Deal) -> bool:
    cities = [city.casefold() for city in criteria.get("cities") or []]
    return ((not cities or deal.city.casefold() in cities)
            and (not criteria.get("zips") or deal.zip in criteria["zips"])
            and (not criteria.get("property_types") or deal.property_type in criteria["property_types"])
            and (criteria.get("max_price") is None or deal.asking_price <= criteria["max_price"])
            and (criteria.get("min_bedrooms") is None or deal.bedrooms >= criteria["min_bedrooms"]))


def boxes_of(state: MarketState, buyer_id: str) -> list[BuyBox]:
    return sorted((box for box in state.buy_boxes.values() if box.buyer_id == buyer_id),
                  key=lambda box: (box.created_at, box.id))


def create(state: MarketState, buyer_id: str, body: BuyBoxBody, now: datetime) -> BuyBox:
    if len(boxes_of(state, buyer_id)) >= MAX_BUY_BOXES:
        raise Problem(409, "resource_limit", f"A buyer keeps at most {MAX_BUY_BOXES} buy boxes.",
                      recovery="Delete or change one of your buy boxes instead.", limit=MAX_BUY_BOXES)
    box = BuyBox(new_id("buy_box"), buyer_id, body.name, body.criteria.model_dump(exclude_none=True), now)
    state.buy_boxes[box.id] = box
    return box


def alert_on(state: MarketState, deal: Deal, now: datetime) -> None:
    """A published deal that matches a box is an alert on the box and an event on its buyer's feed."""
    for box in state.buy_boxes.values():
        if matches(box.criteria, deal):
            box.alerts.append({"deal_id": deal.id, "at": now})
            # No organization: the alert is the buyer's alone, never on the seller's feed.
            state.events.append(Event(new_id("event"), "buy_box.alert", now, box.buyer_id, "",
                                      {"buy_box_id": box.id, "buy_box_name": box.name, "deal_id": deal.id,
                                       "title": deal.title}))
