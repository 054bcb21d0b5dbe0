"""A draft's photos and documents (marketplace-api.md: "create drafts, add media and documents"),
through upload slots as proof of funds does: ask a slot, POST the bytes to its target, then attach
the slot's `key` to the draft. A photo is served back at its item's `url` (the sandbox's CDN)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import Field

from sandbox.core.problems import Problem
from sandbox.marketplace.bodies import Strict, UploadRequest
from sandbox.marketplace.gateway import SellDealsWrite
from sandbox.marketplace.ids import new_id
from sandbox.marketplace.models import MarketState, Media
from sandbox.marketplace.params import DraftId, NoQuery
from sandbox.marketplace.problem_schema import problem_responses
from sandbox.marketplace.routes.drafts import media_items, open_draft
from sandbox.marketplace.routes.uploads import MEDIA_TARGET, issue_slot
from sandbox.marketplace.runtime import RuntimeDep
from sandbox.marketplace.strict import parse_body
from sandbox.marketplace.views import draft_json
from sandbox.marketplace.writes import plain_write

PHOTO_TYPES = ("image/jpeg", "image/png")
DOCUMENT_TYPES = ("application/pdf",)
MEDIA_PATH = "/marketplace/media"
MAX_PHOTOS = 50
api_router = APIRouter(prefix="/sell/drafts", tags=["marketplace: drafts"])
media_router = APIRouter(tags=["marketplace: drafts"], responses=problem_responses())


class Attach(Strict):
    key: Annotated[str, Field(min_length=1, max_length=300)]
    filename: Annotated[str, Field(min_length=1, max_length=255)] | None = None


def _slot(caller, draft_id: str, body: UploadRequest, allowed: tuple[str, ...]) -> dict:
    return issue_slot(caller, body, owner_id=caller.organization.id, key_prefix=f"media/{draft_id}",
                      target=MEDIA_TARGET, allowed=allowed)


async def _slot_write(request: Request, caller, draft_id: str, allowed: tuple[str, ...]) -> JSONResponse:
    """A slot writes nothing (Endpoints), yet it is a POST: keyed like every write (a replay
    answers the same slot)."""
    def change(state: MarketState, raw: bytes) -> dict:
        open_draft(state, caller, draft_id)
        return _slot(caller, draft_id, parse_body(request, raw, UploadRequest), allowed)

    return await plain_write(request, caller, change, counted=False)


@api_router.post("/{draft_id}/media/uploads")
async def media_slot(request: Request, caller: SellDealsWrite, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    return await _slot_write(request, caller, draft_id, PHOTO_TYPES)


@api_router.post("/{draft_id}/documents/uploads")
async def document_slot(request: Request, caller: SellDealsWrite, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    return await _slot_write(request, caller, draft_id, DOCUMENT_TYPES)


def _claim(state: MarketState, caller, draft_id: str, body: Attach, allowed: tuple[str, ...], kind: str) -> Media:
    uploaded = state.uploads.get(body.key)
    if (uploaded is None or uploaded.owner_id != caller.organization.id or uploaded.used
            or not body.key.startswith(f"media/{draft_id}/") or uploaded.content_type not in allowed):
        raise Problem(422, "validation_failed", f"No uploaded {kind} waits under this key for this draft.",
                      recovery=f"Ask this draft for a {kind} slot, upload the file to it, then attach its key.",
                      errors=[{"param": "key", "message": "no uploaded file under this key"}])
    uploaded.used = True
    base = caller.runtime.context.config.base_url
    return Media(new_id("media" if kind == "photo" else "document"), "image" if kind == "photo" else "document",
                 f"{base}{MEDIA_PATH}/{body.key}", body.filename or body.key.rsplit("/", 1)[-1], uploaded.size_bytes,
                 uploaded.content_type, 0, False)


@api_router.post("/{draft_id}/media")
async def attach_media(request: Request, caller: SellDealsWrite, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> list[dict]:
        draft = open_draft(state, caller, draft_id)
        body = parse_body(request, raw, Attach)
        if len(draft.media) >= MAX_PHOTOS:
            raise Problem(409, "resource_limit", f"A draft holds at most {MAX_PHOTOS} photos.",
                          recovery="Remove a photo you no longer need first.", limit=MAX_PHOTOS)
        item = _claim(state, caller, draft_id, body, PHOTO_TYPES, "photo")
        # A new photo goes last; the first photo of a draft is its cover.
        item.order = len(draft.media) + 1
        item.is_default = item.order == 1
        draft.media.append(item)
        draft.updated_at = caller.runtime.now
        return media_items(draft)

    return await plain_write(request, caller, change, whole_list=True)


@api_router.post("/{draft_id}/documents")
async def attach_document(request: Request, caller: SellDealsWrite, _: NoQuery, draft_id: DraftId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        draft = open_draft(state, caller, draft_id)
        body = parse_body(request, raw, Attach)
        item = _claim(state, caller, draft_id, body, DOCUMENT_TYPES, "document")
        item.order = len(draft.documents) + 1
        draft.documents.append(item)
        draft.updated_at = caller.runtime.now
        return draft_json(draft)

    return await plain_write(request, caller, change)


@media_router.get(MEDIA_PATH + "/{key:path}")
def serve_media(key: str, runtime: RuntimeDep) -> Response:
    """A photo's bytes, as a CDN would serve them (public: the url is the capability)."""
    with runtime.state.lock:
        uploaded = runtime.state.uploads.get(key)
        if uploaded is None or not uploaded.used or not uploaded.content or not uploaded.content_type.startswith("image/"):
            raise Problem(404, "not_found", "No photo at this address.", recovery="Use a media item's url.")
        return Response(uploaded.content, media_type=uploaded.content_type,
                        headers={"Cache-Control": "public, max-age=86400"})
