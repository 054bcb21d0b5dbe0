"""Drafts of the seller side: create, list, read, change, order media, publish (marketplace-api.md,
Endpoints: `PATCH /sell/drafts/{draft_id}/media`; "other operations the scopes imply": create
drafts, publish). Any route under a draft under review answers `409 draft_under_review` (States).
Photos and documents arrive through upload slots (routes/draft_files.py)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from sandbox.core.problems import Problem
from sandbox.marketplace import offers, publishing
from sandbox.marketplace.bodies import EmptyBody, MediaOrder
from sandbox.marketplace.gateway import Caller, SellDealsRead, SellDealsWrite
from sandbox.marketplace.ids import new_id
from sandbox.marketplace.models import Draft, MarketState
from sandbox.marketplace.params import DraftId, NoQuery, Paged
from sandbox.marketplace.strict import parse_body
from sandbox.marketplace.views import deal_json, draft_json, media_json
from sandbox.marketplace.wire import envelope, meta, page_of, timestamp
from sandbox.marketplace.writes import idempotent_write, plain_write

router = APIRouter(prefix="/sell", tags=["marketplace: drafts"])


def open_draft(state: MarketState, caller: Caller, draft_id: str) -> Draft:
    draft = offers.owned("draft", state.drafts, draft_id, lambda draft: draft.organization_id == caller.organization.id)
    if draft.under_review:
        raise Problem(409, "draft_under_review", "The draft is under review; it cannot be read or changed now.",
                      recovery="Wait for the review to finish, then try again.", draft_id=draft.id)
    return draft


def media_list(request: Request, draft: Draft) -> JSONResponse:
    items = [media_json(m) for m in sorted(draft.media, key=lambda m: m.order)]
    # The whole list in one page (Endpoints).
    return JSONResponse({"data": items, "meta": meta(request),
                         "page": {"next_cursor": None, "limit": len(items), "returned": len(items)}})


@router.get("/credits")
def credits(request: Request, caller: SellDealsRead, _: NoQuery) -> JSONResponse:
    """The organization's balance and what a publish costs, to say before publishing."""
    with caller.runtime.state.lock:
        return envelope(request, publishing.credits_json(caller.organization))


@router.get("/drafts")
def list_drafts(request: Request, caller: SellDealsRead, query: Paged) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        mine = sorted((d for d in state.drafts.values() if d.organization_id == caller.organization.id),
                      key=lambda d: (timestamp(d.updated_at) or "", d.id), reverse=True)
        items, page = page_of(request, caller.principal, mine, query)
        # A draft under review is listed by its id and status only (its routes answer 409).
        rows = [{"id": d.id, "title": d.title, "status": "under_review"} if d.under_review else draft_json(d)
                for d in items]
        return envelope(request, rows, page=page)


@router.post("/drafts")
async def create_draft(request: Request, caller: SellDealsWrite, _: NoQuery) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        body = parse_body(request, raw, publishing.DraftFields)
        now = caller.runtime.now
        draft = Draft(new_id("draft"), caller.organization.id, "", False, [], created_at=now)
        publishing.apply_fields(draft, body, now)
        state.drafts[draft.id] = draft
        return draft_json(draft)

    return await idempotent_write(request, caller, change)


@router.get("/drafts/{draft_id}")
def retrieve_draft(request: Request, caller: SellDealsRead, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        return envelope(request, draft_json(open_draft(state, caller, draft_id)))


@router.patch("/drafts/{draft_id}")
async def change_draft(request: Request, caller: SellDealsWrite, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        draft = open_draft(state, caller, draft_id)
        body = parse_body(request, raw, publishing.DraftFields)
        if draft.deal_id is not None:
            raise Problem(422, "invalid_transition", "A published draft no longer changes.",
                          recovery=f"Change the deal {draft.deal_id}'s terms instead.", deal_id=draft.deal_id)
        publishing.apply_fields(draft, body, caller.runtime.now)
        return draft_json(draft)

    return await plain_write(request, caller, change)


@router.get("/drafts/{draft_id}/media")
def list_media(request: Request, caller: SellDealsRead, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        return media_list(request, open_draft(state, caller, draft_id))


@router.patch("/drafts/{draft_id}/media")
async def order_media(request: Request, caller: SellDealsWrite, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    raw = await request.body()
    state = caller.runtime.state
    with state.lock:
        draft = open_draft(state, caller, draft_id)
        body = parse_body(request, raw, MediaOrder)
        known = {m.id for m in draft.media}
        if len(body.order) != len(set(body.order)) or set(body.order) != known:
            raise Problem(422, "validation_failed", "order must name every media id of the draft exactly once.",
                          recovery="Send every media id of the draft once, in the order you want; the first is the cover.",
                          errors=[{"param": "order", "message": f"expected the {len(known)} media ids of the draft"}])
        position = {media_id: index for index, media_id in enumerate(body.order, start=1)}
        for item in draft.media:
            item.order = position[item.id]
            item.is_default = item.order == 1
        return media_list(request, draft)


@router.post("/drafts/{draft_id}/publish")
async def publish_draft(request: Request, caller: SellDealsWrite, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    """Publishing draws on the organization's credits, so it is keyed: a retry never pays twice."""
    def change(state: MarketState, raw: bytes) -> dict:
        draft = open_draft(state, caller, draft_id)
        parse_body(request, raw, EmptyBody, optional=True)
        deal = publishing.publish(state, draft, caller.organization, caller.runtime.now)
        return {**deal_json(state, deal), "credits": publishing.credits_json(caller.organization)}

    return await idempotent_write(request, caller, change)
