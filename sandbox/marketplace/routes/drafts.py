"""Draft media order (marketplace-api.md, Endpoints: `PATCH /sell/drafts/{draft_id}/media`), and the
reads that show it. Any route under a draft under review answers `409 draft_under_review` (States)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from sandbox.core.problems import Problem
from sandbox.marketplace import offers
from sandbox.marketplace.bodies import MediaOrder
from sandbox.marketplace.gateway import Caller, SellDealsRead, SellDealsWrite
from sandbox.marketplace.models import Draft, MarketState
from sandbox.marketplace.params import DraftId, NoQuery
from sandbox.marketplace.strict import parse_body
from sandbox.marketplace.views import draft_json, media_json
from sandbox.marketplace.wire import meta

router = APIRouter(prefix="/sell/drafts", tags=["marketplace: drafts"])


def _open_draft(state: MarketState, caller: Caller, draft_id: str) -> Draft:
    draft = offers.owned("draft", state.drafts, draft_id, lambda draft: draft.organization_id == caller.organization.id)
    if draft.under_review:
        raise Problem(409, "draft_under_review", "The draft is under review; it cannot be read or changed now.",
                      recovery="Wait for the review to finish, then try again.", draft_id=draft.id)
    return draft


def _media_list(request: Request, draft: Draft) -> JSONResponse:
    items = [media_json(m) for m in sorted(draft.media, key=lambda m: m.order)]
    # The whole list in one page (Endpoints).
    return JSONResponse({"data": items, "meta": meta(request),
                         "page": {"next_cursor": None, "limit": len(items), "returned": len(items)}})


@router.get("/{draft_id}")
def retrieve_draft(request: Request, caller: SellDealsRead, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        return JSONResponse({"data": draft_json(_open_draft(state, caller, draft_id)), "meta": meta(request)})


@router.get("/{draft_id}/media")
def list_media(request: Request, caller: SellDealsRead, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        return _media_list(request, _open_draft(state, caller, draft_id))


@router.patch("/{draft_id}/media")
async def order_media(request: Request, caller: SellDealsWrite, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    raw = await request.body()
    state = caller.runtime.state
    with state.lock:
        draft = _open_draft(state, caller, draft_id)
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
        return _media_list(request, draft)
