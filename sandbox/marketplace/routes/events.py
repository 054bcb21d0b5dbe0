"""Event feeds of each side (decisions.md: `GET /buy/events`, `GET /sell/events`; marketplace-api.md,
Events 1). Offer events only; newest first, paged like the lists."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from sandbox.marketplace.gateway import BuyEvents, Caller, SellEvents
from sandbox.marketplace.routes.buy import choice
from sandbox.marketplace.strict import check_query
from sandbox.marketplace.views import event_json
from sandbox.marketplace.wire import envelope, page_of

EVENT_TYPES = ("offer.created", "offer.countered", "offer.accepted", "offer.declined", "offer.withdrawn")


def _feed(request: Request, caller: Caller, side: str) -> JSONResponse:
    check_query(request, {"type", "cursor", "limit"})
    kind = choice("type", request.query_params.get("type"), EVENT_TYPES)
    state = caller.runtime.state
    with state.lock:
        if side == "buy":
            mine = [e for e in state.events if e.buyer_id == caller.user.buyer_id]
        else:
            mine = [e for e in state.events if e.organization_id == caller.organization.id]
        rows = [e for e in reversed(mine) if kind is None or e.type == kind]
        items, page = page_of(request, caller.principal, rows)
        return envelope(request, [event_json(e) for e in items], page=page)


def build_router() -> APIRouter:
    router = APIRouter(tags=["marketplace: events"])

    @router.get("/buy/events")
    def buy_events(request: Request, caller: BuyEvents) -> JSONResponse:
        return _feed(request, caller, "buy")

    @router.get("/sell/events")
    def sell_events(request: Request, caller: SellEvents) -> JSONResponse:
        return _feed(request, caller, "sell")

    return router
