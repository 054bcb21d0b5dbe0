"""The seller's drafts: create, change, photos and documents through upload slots, the media's
order and cover, publish on the organization's credits (marketplace-api.md, Endpoints:
`PATCH /sell/drafts/{draft_id}/media`; "create drafts, add media and documents, publish";
the routes' shapes: docs/contract.md).

Every write takes the person's `idempotency_key` (marketplace-api.md:83); an action made of
several requests (a slot, the bytes, the attach) sends each under a key derived from it
(`step_key`), so the whole action resent after a lost answer acts once."""

from __future__ import annotations

from typing import Any

from services.errors import ApiStatusError, InvalidInputError
from services.marketplace_api.checks import require_id, step_key
from services.contract import DRAFT_LIMITS
from services.marketplace_api.desk_checks import draft_fields, photo_type, require_within
from services.marketplace_api.desk_models import Credits, Draft, MediaItem, PublishResult
from services.marketplace_api.models import UploadSlot
from services.marketplace_api.resources import MarketplaceResource
from services.pagination import Page

DOCUMENT_TYPE = "application/pdf"
# Where a host has no credits read (no document names one), these answers say so: not an error.
ABSENT_ROUTE_STATUSES = (404, 405)


class SellerDrafts(MarketplaceResource):
    def list(self, *, cursor: str | None = None, limit: int = 25) -> Page[Draft]:
        return self._api.page("/sell/drafts", {"cursor": cursor, "limit": limit}, Draft)

    def create(self, *, idempotency_key: str, **fields: Any) -> Draft:
        """A draft has a title from the start: no "Untitled draft" is ever made."""
        require_within({"title": DRAFT_LIMITS["title"]}, {"title": fields.get("title")})
        body = draft_fields(fields)
        return self._api.post("/sell/drafts", Draft, body=body, idempotency_key=idempotency_key)

    def retrieve(self, draft_id: str) -> Draft:
        """`409 draft_under_review` while a review runs (marketplace-api.md:75: reads included)."""
        return self._api.get(f"/sell/drafts/{require_id('draft', draft_id)}", Draft)

    def update(self, draft_id: str, *, idempotency_key: str, **fields: Any) -> Draft:
        return self._api.patch(f"/sell/drafts/{require_id('draft', draft_id)}", Draft, body=draft_fields(fields),
                               idempotency_key=idempotency_key)

    def media(self, draft_id: str) -> list[MediaItem]:
        return self._api.get(f"/sell/drafts/{require_id('draft', draft_id)}/media", list[MediaItem])

    def upload_photo(self, draft_id: str, *, filename: str, content: bytes, idempotency_key: str) -> list[MediaItem]:
        """Slot, bytes, attach; answers the draft's photos in order (a new one goes last)."""
        path = f"/sell/drafts/{require_id('draft', draft_id)}"
        key = self._send_to_slot(f"{path}/media/uploads", filename, content, photo_type(filename, content),
                                 idempotency_key)
        return self._api.post(f"{path}/media", list[MediaItem], body={"key": key, "filename": filename},
                              idempotency_key=step_key(idempotency_key, "attach"))

    def upload_document(self, draft_id: str, *, filename: str, content: bytes, idempotency_key: str) -> Draft:
        if not content.startswith(b"%PDF"):
            raise InvalidInputError("file", f"{filename} is not a PDF document")
        path = f"/sell/drafts/{require_id('draft', draft_id)}"
        key = self._send_to_slot(f"{path}/documents/uploads", filename, content, DOCUMENT_TYPE, idempotency_key)
        return self._api.post(f"{path}/documents", Draft, body={"key": key, "filename": filename},
                              idempotency_key=step_key(idempotency_key, "attach"))

    def order_media(self, draft_id: str, order: list[str], *, idempotency_key: str) -> list[MediaItem]:
        """Every media id of the draft, in the order wanted; the first is the cover."""
        ids = [require_id("media", media_id) for media_id in order]
        if len(set(ids)) != len(ids):
            raise InvalidInputError("order", "name each photo once")
        return self._api.patch(f"/sell/drafts/{require_id('draft', draft_id)}/media", list[MediaItem],
                               body={"order": ids}, idempotency_key=idempotency_key)

    def publish(self, draft_id: str, *, idempotency_key: str) -> PublishResult:
        """Draws on the organization's credits (marketplace-api.md:11, `402 insufficient_balance`;
        `422 deal_incomplete`). The answer's shape is not shown: a deal live at once, or the
        draft under review (`PublishResult.outcome`)."""
        path = f"/sell/drafts/{require_id('draft', draft_id)}/publish"
        return self._api.post(path, PublishResult, body={}, idempotency_key=idempotency_key)

    def credits(self) -> Credits | None:
        """The organization's balance and a publish's cost where the host serves them (the
        sandbox's `GET /sell/credits`; no document names the route): None where it has none."""
        try:
            return self._api.get("/sell/credits", Credits)
        except ApiStatusError as error:
            if error.status in ABSENT_ROUTE_STATUSES:
                return None
            raise

    def _send_to_slot(self, slot_path: str, filename: str, content: bytes, content_type: str,
                      idempotency_key: str) -> str:
        body = {"filename": filename, "content_type": content_type, "size_bytes": len(content)}
        slot = self._api.post(slot_path, UploadSlot, body=body, idempotency_key=step_key(idempotency_key, "slot"))
        if slot.max_bytes and len(content) > slot.max_bytes:
            raise InvalidInputError("file", f"{filename} must be at most {slot.max_bytes:,} bytes")
        self._api.upload(slot.url, fields=dict(slot.fields), file=(filename, content, slot.content_type or content_type))
        return slot.key
