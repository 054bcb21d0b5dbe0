"""`/buy/buy-boxes` (marketplace-api.md: scope buy_boxes:manage; Limits: five per buyer; Errors:
`409 resource_limit`). Each box lists the active deals it matches and its alerts: a deal
published that matches the box (sandbox/marketplace/buy_boxes.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from sandbox.marketplace import buy_boxes, offers
from sandbox.marketplace.buy_boxes import BuyBoxBody, BuyBoxChange
from sandbox.marketplace.gateway import Caller, caller_for
from sandbox.marketplace.models import BuyBox, MarketState
from sandbox.marketplace.params import BuyBoxId, NoQuery, Paged
from sandbox.marketplace.strict import parse_body
from sandbox.marketplace.views import buy_box_json, deal_json
from sandbox.marketplace.wire import envelope, page_of, timestamp
from sandbox.marketplace.writes import idempotent_write, plain_write

BuyBoxes = Annotated[Caller, Depends(caller_for("buy_boxes:manage", "buy"))]
router = APIRouter(prefix="/buy/buy-boxes", tags=["marketplace: buy boxes"])


def _own_box(state: MarketState, caller: Caller, box_id: str) -> BuyBox:
    return offers.owned("buy box", state.buy_boxes, box_id, lambda box: box.buyer_id == caller.user.buyer_id)


@router.get("")
def list_boxes(request: Request, caller: BuyBoxes, query: Paged) -> JSONResponse:
    """At most five (Limits), paged as every list (`--variety` serves them on short pages)."""
    state = caller.runtime.state
    with state.lock:
        items, page = page_of(request, caller.principal, buy_boxes.boxes_of(state, caller.user.buyer_id), query)
        return envelope(request, [buy_box_json(box) for box in items], page=page)


@router.post("")
async def create_box(request: Request, caller: BuyBoxes, _: NoQuery) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        body = parse_body(request, raw, BuyBoxBody)
        return buy_box_json(buy_boxes.create(state, caller.user.buyer_id, body, caller.runtime.now))

    return await idempotent_write(request, caller, change)


@router.get("/{buy_box_id}")
def retrieve_box(request: Request, caller: BuyBoxes, _: NoQuery, buy_box_id: BuyBoxId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        return envelope(request, buy_box_json(_own_box(state, caller, buy_box_id)))


@router.patch("/{buy_box_id}")
async def change_box(request: Request, caller: BuyBoxes, _: NoQuery, buy_box_id: BuyBoxId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        box = _own_box(state, caller, buy_box_id)
        body = parse_body(request, raw, BuyBoxChange)
        if body.name is not None:
            box.name = body.name
        if body.criteria is not None:
            box.criteria = body.criteria.model_dump(exclude_none=True)
        return buy_box_json(box)

    return await plain_write(request, caller, change)


@router.delete("/{buy_box_id}")
async def delete_box(request: Request, caller: BuyBoxes, _: NoQuery, buy_box_id: BuyBoxId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        box = _own_box(state, caller, buy_box_id)
        del state.buy_boxes[box.id]
        return {"id": box.id, "deleted": True}

    return await plain_write(request, caller, change)


@router.get("/{buy_box_id}/matches")
def box_matches(request: Request, caller: BuyBoxes, query: Paged, buy_box_id: BuyBoxId) -> JSONResponse:
    """Active deals the box matches, newest published first."""
    state = caller.runtime.state
    with state.lock:
        box = _own_box(state, caller, buy_box_id)
        deals = sorted((d for d in state.deals.values() if d.status == "active" and buy_boxes.matches(box.criteria, d)),
                       key=lambda d: (d.published_at, d.id), reverse=True)
        items, page = page_of(request, caller.principal, deals, query)
        return envelope(request, [deal_json(state, d) for d in items], page=page)


@router.get("/{buy_box_id}/alerts")
def box_alerts(request: Request, caller: BuyBoxes, query: Paged, buy_box_id: BuyBoxId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        box = _own_box(state, caller, buy_box_id)
        alerts = list(reversed(box.alerts))
        items, page = page_of(request, caller.principal, alerts, query)
        rows = [{"buy_box_id": box.id, "deal_id": a["deal_id"], "title": state.deals[a["deal_id"]].title,
                 "created_at": timestamp(a["at"])} for a in items]
        return envelope(request, rows, page=page)
