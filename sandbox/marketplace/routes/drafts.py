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
from sandbox.marketplace.views import draft_json, media_json
from sandbox.marketplace.wire import body_of, envelope, page_of, timestamp
from sandbox.marketplace.writes import idempotent_write, plain_write

router = APIRouter(prefix="/sell", tags=["marketplace: drafts"])


def open_draft(state: MarketState, caller: Caller, draft_id: str) -> Draft:
    draft = offers.owned("draft", state.drafts, draft_id, lambda draft: draft.organization_id == caller.organization.id)
    if draft.reviewing:
        raise Problem(409, "draft_under_review", "The draft is under review; it cannot be read or changed now.",
                      recovery="Wait for the review to finish, then try again.", draft_id=draft.id)
    return draft


def media_items(draft: Draft) -> list[dict]:
    """The draft's media in order: answered as the whole list in one page (Endpoints)."""
    return [media_json(m) for m in sorted(draft.media, key=lambda m: m.order)]


# Not on `--variety` (no document names a balance route): mounted by `mount` (sandbox/marketplace/__init__.py).
credits_router = APIRouter(prefix="/sell", tags=["marketplace: drafts"])


@credits_router.get("/credits")
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
        # A draft under review is listed by its id, status and review's end only (its routes answer 409).
        rows = [{"id": d.id, "title": d.title, "status": "under_review", "review_ends_at": timestamp(d.review_ends_at)}
                if d.reviewing else draft_json(d) for d in items]
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
        return JSONResponse(body_of(request, media_items(open_draft(state, caller, draft_id)), whole_list=True))


@router.patch("/drafts/{draft_id}/media")
async def order_media(request: Request, caller: SellDealsWrite, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> list[dict]:
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
        return media_items(draft)

    return await plain_write(request, caller, change, whole_list=True)


@router.post("/drafts/{draft_id}/publish")
async def publish_draft(request: Request, caller: SellDealsWrite, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    """Publishing draws on the organization's credits, so it is keyed: a retry never pays twice. The
    answer is the draft under review (its `review_ends_at`) and, but on `--variety`, the credits left."""
    states_cost = not caller.runtime.context.config.variety

    def change(state: MarketState, raw: bytes) -> dict:
        draft = open_draft(state, caller, draft_id)
        parse_body(request, raw, EmptyBody, optional=True)
        publishing.publish(draft, caller.organization, caller.runtime.now, states_cost=states_cost)
        credits = {"credits": publishing.credits_json(caller.organization)} if states_cost else {}
        return {**draft_json(draft), **credits}

    return await idempotent_write(request, caller, change)
