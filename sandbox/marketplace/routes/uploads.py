"""Proof of funds: the upload slot, the multipart target it names, and the finishing call
(marketplace-api.md, Endpoints; decisions.md: the finishing call's shape). A draft's photos and
documents take slots the same way (`issue_slot`, routes/draft_files.py), at a second target.

Asking for a slot writes nothing (Endpoints): the slot's `fields` carry a signed policy
(key, buyer, type, size, expiry), checked by the target the way a storage service checks
a presigned POST. Only bytes that arrived are recorded, for the finishing call to claim.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from datetime import timedelta

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.datastructures import UploadFile

from sandbox.core.problems import Problem
from sandbox.marketplace.bodies import ProofOfFundsBody, UploadRequest
from sandbox.marketplace.gateway import BuyOffersRead, BuyOffersWrite, Caller
from sandbox.marketplace.models import MarketState, ProofOfFunds, UploadedFile
from sandbox.marketplace.params import NoQuery
from sandbox.marketplace.problem_schema import problem_responses
from sandbox.marketplace.runtime import RuntimeDep
from sandbox.marketplace.strict import parse_body
from sandbox.marketplace.views import proof_json
from sandbox.marketplace.wire import envelope, parse_utc
from sandbox.marketplace.writes import plain_write

ALLOWED_CONTENT_TYPES = ("application/pdf", "image/jpeg", "image/png")
MAX_BYTES = 10 * 1024 * 1024
SLOT_SECONDS = 15 * 60
UPLOAD_TARGET = "/marketplace/uploads/proof-of-funds"
MEDIA_TARGET = "/marketplace/uploads/media"
_SIGNING_KEY = secrets.token_bytes(32)
router = APIRouter(tags=["marketplace: proof of funds"], responses=problem_responses())


def _sign(policy: dict) -> str:
    payload = base64.urlsafe_b64encode(json.dumps(policy, sort_keys=True).encode()).decode()
    signature = hmac.new(_SIGNING_KEY, payload.encode(), hashlib.sha256).hexdigest()
    return f"{payload}.{signature}"


def _verify(signed: str) -> dict | None:
    payload, _, signature = signed.partition(".")
    expected = hmac.new(_SIGNING_KEY, payload.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(signature, expected):
        return None
    return json.loads(base64.urlsafe_b64decode(payload.encode()))


def _invalid(detail: str, param: str) -> Problem:
    return Problem(422, "validation_failed", detail, recovery="Correct the named field and send the request again.",
                   errors=[{"param": param, "message": detail}])


def _upload_refused(status: int, code: str, detail: str, recovery: str) -> Problem:
    return Problem(status, code, detail, recovery=recovery)


def issue_slot(caller: Caller, body: UploadRequest, *, owner_id: str, key_prefix: str, target: str,
               allowed: tuple[str, ...] = ALLOWED_CONTENT_TYPES) -> dict:
    """An upload slot (Resources: Upload slot); writes nothing (Endpoints). Its signed policy names
    the owner who may claim the bytes, their type, size and expiry."""
    if body.content_type not in allowed:
        raise _invalid(f"content_type must be one of {', '.join(allowed)}.", "content_type")
    if body.size_bytes > MAX_BYTES:
        raise _invalid(f"size_bytes may be at most {MAX_BYTES} (10 MiB).", "size_bytes")
    key = f"{key_prefix}/{owner_id}/{secrets.token_hex(8)}"
    expires = caller.runtime.context.clock.time() + SLOT_SECONDS
    policy = _sign({"key": key, "owner_id": owner_id, "content_type": body.content_type,
                    "max_bytes": MAX_BYTES, "expires": expires})
    base = caller.runtime.context.config.base_url
    return {"method": "POST", "url": base + target, "fields": {"key": key, "policy": policy},
            "key": key, "content_type": body.content_type, "max_bytes": MAX_BYTES, "expires_in": SLOT_SECONDS}


@router.post("/marketplace/v1/buy/me/proof-of-funds/uploads")
async def upload_slot(request: Request, caller: BuyOffersWrite, _: NoQuery) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        body = parse_body(request, raw, UploadRequest)
        return issue_slot(caller, body, owner_id=caller.user.buyer_id, key_prefix="pof", target=UPLOAD_TARGET)

    return await plain_write(request, caller, change, counted=False)


@router.post(UPLOAD_TARGET, status_code=204)
@router.post(MEDIA_TARGET, status_code=204)
async def upload_target(request: Request, runtime: RuntimeDep) -> Response:
    """The slot's target: multipart with the slot's fields and the bytes in `file`."""
    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        raise _upload_refused(400, "invalid_body", "Send the file as multipart/form-data.",
                              "POST the slot's fields and the file (field `file`) as multipart/form-data.")
    form = await request.form(max_files=1, max_fields=10)
    policy = _verify(str(form.get("policy", "")))
    if policy is None or form.get("key") != policy["key"]:
        raise _upload_refused(403, "forbidden", "The upload fields do not match a slot the marketplace issued.",
                              "Ask for a new slot (POST /buy/me/proof-of-funds/uploads) and send its fields unchanged.")
    if runtime.context.clock.time() >= policy["expires"]:
        raise _upload_refused(403, "forbidden", "The upload slot has expired.",
                              "Ask for a new slot and upload within its expires_in seconds.")
    file = form.get("file")
    if not isinstance(file, UploadFile):
        raise _invalid("The file is missing: send it in the form field `file`.", "file")
    content = await file.read(policy["max_bytes"] + 1)
    if len(content) > policy["max_bytes"]:
        raise _invalid(f"The file is larger than the slot's max_bytes ({policy['max_bytes']}).", "file")
    if (file.content_type or "") != policy["content_type"]:
        raise _invalid(f"The file's type must be {policy['content_type']}, as asked for the slot.", "file")
    state = runtime.state
    with state.lock:
        if getattr(state.uploads.get(policy["key"]), "used", False):
            # A resent action sends its bytes again to its replayed slot: what was claimed stays.
            return Response(status_code=204)
        # Photos are served back at their item's url; a letter's bytes are not kept.
        kept = content if policy["key"].startswith("media/") else b""
        state.uploads[policy["key"]] = UploadedFile(policy["key"], policy["owner_id"], policy["content_type"],
                                                    len(content), content=kept)
    return Response(status_code=204)


@router.post("/marketplace/v1/buy/me/proof-of-funds")
async def finish(request: Request, caller: BuyOffersWrite, _: NoQuery) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        body = parse_body(request, raw, ProofOfFundsBody)
        uploaded = state.uploads.get(body.key)
        if uploaded is None or uploaded.owner_id != caller.user.buyer_id or uploaded.used:
            raise _invalid("No uploaded file waits under this key: upload it to the slot first.", "key")
        try:
            expires_at = parse_utc(body.expires_at)
        except ValueError:
            raise _invalid("expires_at must be a UTC timestamp ending in Z.", "expires_at") from None
        now = caller.runtime.now
        if expires_at <= now or expires_at > now + timedelta(days=5 * 365):
            raise _invalid("expires_at must be a future date (the letter's end of validity).", "expires_at")
        uploaded.used = True
        proof = ProofOfFunds(body.key, body.lender_name, expires_at)
        state.proofs_of_funds[caller.user.buyer_id] = proof
        return proof_json(proof, now)

    return await plain_write(request, caller, change)


@router.get("/marketplace/v1/buy/me/proof-of-funds")
def current(request: Request, caller: BuyOffersRead, _: NoQuery) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        return envelope(request, proof_json(state.proofs_of_funds.get(caller.user.buyer_id), caller.runtime.now))
