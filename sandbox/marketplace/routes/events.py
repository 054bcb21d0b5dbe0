"""Event feeds of each side (decisions.md: `GET /buy/events`, `GET /sell/events`; marketplace-api.md,
Events 1). Newest first, paged like the lists; the kinds are docs/contract.md's (EVENT_TYPES)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from sandbox.marketplace.gateway import BuyEvents, Caller, SellEvents
from sandbox.marketplace.params import PageQuery, one_of, strict_query
from sandbox.marketplace.views import event_json
from sandbox.marketplace.wire import envelope, page_of

EVENT_TYPES = ("offer.created", "offer.countered", "offer.accepted", "offer.declined", "offer.withdrawn",
               "deal.published", "buy_box.alert", "inquiry.created", "address_request.created",
               "address_request.answered")


class EventQuery(PageQuery):
    type: Annotated[str, one_of(*EVENT_TYPES)] | None = None


EventList = Annotated[EventQuery, Depends(strict_query(EventQuery))]
router = APIRouter(tags=["marketplace: events"])


def _feed(request: Request, caller: Caller, query: EventQuery, side: str) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        if side == "buy":
            mine = [e for e in state.events if e.buyer_id == caller.user.buyer_id]
        else:
            mine = [e for e in state.events if e.organization_id == caller.organization.id]
        rows = [e for e in reversed(mine) if query.type is None or e.type == query.type]
        items, page = page_of(request, caller.principal, rows, query)
        return envelope(request, [event_json(e) for e in items], page=page)


@router.get("/buy/events")
def buy_events(request: Request, caller: BuyEvents, query: EventList) -> JSONResponse:
    return _feed(request, caller, query, "buy")


@router.get("/sell/events")
def sell_events(request: Request, caller: SellEvents, query: EventList) -> JSONResponse:
    return _feed(request, caller, query, "sell")
