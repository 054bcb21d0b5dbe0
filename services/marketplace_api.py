"""`MarketplaceApi`: the buyer side of the Marketplace API (marketplace-api.md; decisions.md, Marketplace).

All HTTP goes through `services.transport.Transport` (its one retry loop), with the
bearer token of one person's `TokenHolder`. A `401` is answered once by refreshing
the token and sending the request again: the access token lives 15 minutes and the
server's clock, not ours, decides when it ended. A second `401`, or a refresh the
issuer refuses, raises `LoginError`: the person must log in again.

Writes carry an `Idempotency-Key` the caller makes once per click and keeps until the
action succeeds, so a retry after a lost answer replays the stored result
(marketplace-api.md, Endpoints).

Resource namespaces by verb: `api.me()`, `api.offers.list/retrieve/preview/accept/
counter/withdraw`, `api.deals.list/retrieve/make_offer`, `api.proof_of_funds.upload`,
`api.events.list`. Bodies are plain dicts: the document shows few shapes and /v1 is additive.
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

import httpx2

from services.errors import (
    ApiConnectionError,
    ApiError,
    ApiStatusError,
    AuthenticationError,
    InvalidInputError,
    error_from_response,
)
from services.base_models import PageInfo
from services.oauth import LoginError, TokenHolder
from services.pagination import Page
from services.transport import Transport, shared_http_client

# The documents' constants live in services.contract; importable from here during the move.
from services.contract import (
    DECLINE_REASONS,
    FINANCING_CHOICES,
    IDEMPOTENCY_KEY_MAX,
    OFFER_STATUSES,
    OFFERS_PAGE_LIMIT,
    OFFERS_PAGE_MAX,
    PREVIEW_VALIDITY_S,
    PROOF_OF_FUNDS_CONTENT_TYPE,
)
from services.contract import MARKETPLACE_ID_PATTERNS as ID_PATTERNS


class IdempotencyKeys:
    """One `Idempotency-Key` per action and body, from the first click until a definite answer.

    `keys` is any mutable mapping (the page passes a dict kept in its session state). A
    retry of the same action with the same body gets the same key, so the server replays
    the first answer instead of acting twice; another body gets another key (the same key
    with another body would answer `409 idempotency_conflict`; marketplace-api.md, Endpoints).
    """

    def __init__(self, keys: MutableMapping[str, str]) -> None:
        self._keys = keys

    @staticmethod
    def _fingerprint(action: str, body: Mapping[str, Any]) -> str:
        return hashlib.sha256(json.dumps([action, body], sort_keys=True, default=str).encode()).hexdigest()[:24]

    def key_for(self, action: str, body: Mapping[str, Any]) -> str:
        return self._keys.setdefault(self._fingerprint(action, body), str(uuid.uuid4()))

    def settle(self, action: str, body: Mapping[str, Any], error: BaseException | None = None) -> None:
        """Forget the key after a success or a definite refusal; keep it when the outcome is unknown."""
        if error is not None and outcome_unknown(error):
            return
        self._keys.pop(self._fingerprint(action, body), None)

    def run(self, action: str, body: Mapping[str, Any], call: Callable[[str], Any]) -> Any:
        """`call(key)` with the action's key, settled by how it ended."""
        try:
            result = call(self.key_for(action, body))
        except ApiError as error:
            self.settle(action, body, error)
            raise
        self.settle(action, body)
        return result


def outcome_unknown(error: BaseException) -> bool:
    """No answer, a `429` or a `5xx`: the write may have happened, so a retry must reuse its key."""
    if isinstance(error, ApiConnectionError):
        return True
    status = getattr(error, "status", None) or 0
    return status >= 500 or status == 429


def require_id(kind: str, value: str) -> str:
    """Refuse a malformed id before spending a request (the server would answer `400 invalid_id`)."""
    value = (value or "").strip()
    if not ID_PATTERNS[kind].fullmatch(value):
        prefix = ID_PATTERNS[kind].pattern[:4]
        raise InvalidInputError(f"{kind}_id", f"expected '{prefix}' followed by 12 hex characters, got {value[:40]!r}")
    return value


def _require_key(idempotency_key: str) -> str:
    if not idempotency_key or len(idempotency_key) > IDEMPOTENCY_KEY_MAX:
        raise InvalidInputError("idempotency_key", f"must be 1 to {IDEMPOTENCY_KEY_MAX} characters")
    return idempotency_key


def offer_terms(offer_amount: float, emd_amount: float, financing: str, note: str | None) -> dict[str, Any]:
    """The body of a new offer or a counter (decisions.md, Marketplace), checked first."""
    if not offer_amount or offer_amount <= 0:
        raise InvalidInputError("offer_amount", "must be a positive amount")
    if emd_amount is None or emd_amount < 0:
        raise InvalidInputError("emd_amount", "must be zero or more")
    if emd_amount > offer_amount:
        raise InvalidInputError("emd_amount", "cannot exceed the offer amount")
    if not financing:
        raise InvalidInputError("financing", "choose how the purchase is financed")
    body: dict[str, Any] = {"offer_amount": offer_amount, "emd_amount": emd_amount, "financing": financing}
    if note:
        body["note"] = note
    return body


class MarketplaceApi:
    def __init__(
        self,
        settings: Any,
        tokens: TokenHolder,
        *,
        http_client: httpx2.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.tokens = tokens
        self.base_url = settings.marketplace_url.rstrip("/")
        self._http = http_client or shared_http_client()
        self._transport = Transport(
            self.base_url,
            http_client=self._http,
            sleep=sleep,
            wall_clock=wall_clock,
            secrets=self._secrets,
        )
        self.offers = Offers(self)
        self.deals = Deals(self)
        self.proof_of_funds = ProofOfFunds(self)
        self.events = Events(self)

    def me(self) -> dict[str, Any]:
        """`GET /me`: who, sides, trust tier, caps and terms; answers before terms are accepted."""
        return self.request("GET", "/me")["data"]

    def request(self, method: str, path: str, **options: Any) -> dict[str, Any]:
        """One call with the person's token; on `401` refresh once and send it again."""
        access_token = self.tokens.access_token()
        try:
            return self._send(method, path, access_token, **options)
        except AuthenticationError:
            access_token = self.tokens.refresh_after_rejection(access_token)
        try:
            return self._send(method, path, access_token, **options)
        except AuthenticationError as error:
            # A fresh token refused too: the account or the app's access ended (Authentication 5, 6).
            raise LoginError(
                "login_required",
                "The marketplace no longer accepts your login.",
                error.recovery or "Log in again to continue.",
            ) from None

    def _send(self, method: str, path: str, access_token: str, **options: Any) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {access_token}", **options.pop("headers", {})}
        response = self._transport.request(method, path, headers=headers, **options)
        return response.json()

    def _secrets(self) -> list[str]:
        token = self.tokens.token
        return [token.get("access_token") or "", token.get("refresh_token") or ""]

    def page(self, path: str, params: dict[str, Any]) -> Page[dict[str, Any]]:
        def fetch(cursor: str | None) -> Page[dict[str, Any]]:
            body = self.request("GET", path, params={**params, "cursor": cursor})
            return Page(list(body["data"]), PageInfo(**(body.get("page") or {})), fetch=fetch)

        return fetch(params.pop("cursor", None))


class Offers:
    def __init__(self, api: MarketplaceApi) -> None:
        self._api = api

    def list(
        self,
        *,
        status: str | None = None,
        deal_id: str | None = None,
        cursor: str | None = None,
        limit: int = OFFERS_PAGE_LIMIT,
    ) -> Page[dict[str, Any]]:
        """The buyer's offers, newest change first; `cursor` is opaque (from `next_cursor`)."""
        if status is not None and status not in OFFER_STATUSES:
            raise InvalidInputError("status", f"must be one of {', '.join(OFFER_STATUSES)}")
        if deal_id is not None:
            deal_id = require_id("deal", deal_id)
        if not 1 <= limit <= OFFERS_PAGE_MAX:
            raise InvalidInputError("limit", f"must be 1 to {OFFERS_PAGE_MAX}")
        return self._api.page("/buy/offers", {"status": status, "deal_id": deal_id, "cursor": cursor, "limit": limit})

    def retrieve(self, offer_id: str) -> dict[str, Any]:
        """One round with its `chain` of rounds."""
        return self._api.request("GET", f"/buy/offers/{require_id('offer', offer_id)}")["data"]

    def preview(self, offer_id: str) -> dict[str, Any]:
        """The counter preview of an open seller round: `{preview_token, expires_at, terms}`, valid five minutes."""
        return self._api.request("POST", f"/buy/offers/{require_id('offer', offer_id)}/preview", json={})["data"]

    def accept(self, offer_id: str, *, preview_token: str, idempotency_key: str) -> dict[str, Any]:
        """Accept the seller's round with a preview's token (`422 preview_expired`, `409 deal_changed`)."""
        if not preview_token:
            raise InvalidInputError("preview_token", "fetch the counter preview first")
        return self._write(f"/buy/offers/{require_id('offer', offer_id)}/accept", {"preview_token": preview_token}, idempotency_key)

    def counter(
        self,
        offer_id: str,
        *,
        offer_amount: float,
        emd_amount: float,
        financing: str,
        note: str | None = None,
        idempotency_key: str,
    ) -> dict[str, Any]:
        body = offer_terms(offer_amount, emd_amount, financing, note)
        return self._write(f"/buy/offers/{require_id('offer', offer_id)}/counter", body, idempotency_key)

    def withdraw(self, offer_id: str, *, decline_reason: str | None = None, idempotency_key: str) -> dict[str, Any]:
        """Withdraw the buyer's own open round; the reason is optional."""
        body: dict[str, Any] = {}
        if decline_reason:
            if decline_reason not in DECLINE_REASONS:
                raise InvalidInputError("decline_reason", f"must be one of {', '.join(DECLINE_REASONS)}")
            body["decline_reason"] = decline_reason
        return self._write(f"/buy/offers/{require_id('offer', offer_id)}/withdraw", body, idempotency_key)

    def _write(self, path: str, body: dict[str, Any], idempotency_key: str) -> dict[str, Any]:
        return self._api.request("POST", path, json=body, idempotency_key=_require_key(idempotency_key))["data"]


class Deals:
    def __init__(self, api: MarketplaceApi) -> None:
        self._api = api

    def list(self, *, cursor: str | None = None, limit: int = OFFERS_PAGE_LIMIT) -> Page[dict[str, Any]]:
        """Deals the buyer can see, with their terms."""
        return self._api.page("/buy/deals", {"cursor": cursor, "limit": limit})

    def retrieve(self, deal_id: str) -> dict[str, Any]:
        return self._api.request("GET", f"/buy/deals/{require_id('deal', deal_id)}")["data"]

    def make_offer(
        self,
        deal_id: str,
        *,
        offer_amount: float,
        emd_amount: float,
        financing: str,
        note: str | None = None,
        idempotency_key: str,
    ) -> dict[str, Any]:
        body = offer_terms(offer_amount, emd_amount, financing, note)
        path = f"/buy/deals/{require_id('deal', deal_id)}/offers"
        return self._api.request("POST", path, json=body, idempotency_key=_require_key(idempotency_key))["data"]


class ProofOfFunds:
    def __init__(self, api: MarketplaceApi) -> None:
        self._api = api

    def retrieve(self) -> dict[str, Any] | None:
        """The letter on file: `{on_file, is_expired, expires_at, lender_name}`, or None where the
        host has no such read (the sandbox's `GET /buy/me/proof-of-funds`; docs/contract.md)."""
        try:
            return self._api.request("GET", "/buy/me/proof-of-funds")["data"]
        except ApiStatusError as error:
            if error.status in (404, 405):
                return None
            raise

    def upload(self, *, filename: str, content: bytes, lender_name: str, expires_at: str) -> dict[str, Any]:
        """Ask for a slot, send the PDF to it as a multipart POST with its `fields`, then finish.

        Answers `{on_file, is_expired, expires_at, lender_name}` (decisions.md, Marketplace).
        """
        if not content.startswith(b"%PDF"):
            raise InvalidInputError("file", "choose a PDF document")
        if not lender_name.strip():
            raise InvalidInputError("lender_name", "name the lender or bank that issued the letter")
        slot = self._api.request(
            "POST",
            "/buy/me/proof-of-funds/uploads",
            json={"filename": filename, "content_type": PROOF_OF_FUNDS_CONTENT_TYPE, "size_bytes": len(content)},
        )["data"]
        if slot.get("max_bytes") and len(content) > slot["max_bytes"]:
            raise InvalidInputError("file", f"the document must be at most {slot['max_bytes']:,} bytes")
        self._send_to_slot(slot, filename, content)
        body = {"key": slot["key"], "lender_name": lender_name.strip(), "expires_at": expires_at}
        return self._api.request("POST", "/buy/me/proof-of-funds", json=body)["data"]

    def _send_to_slot(self, slot: dict[str, Any], filename: str, content: bytes) -> None:
        # The slot URL is pre-authorised by its fields: the bearer token is not sent to it.
        url = slot["url"] if "://" in slot["url"] else self._api.base_url + slot["url"]
        content_type = slot.get("content_type") or PROOF_OF_FUNDS_CONTENT_TYPE
        try:
            response = self._api._http.post(
                url,
                data=dict(slot.get("fields") or {}),
                files={"file": (filename, content, content_type)},
            )
        except httpx2.TransportError as exc:
            raise ApiConnectionError(f"The upload could not be sent: {exc}", method="POST", path="upload slot") from None
        if not response.is_success:
            raise error_from_response(
                response.status_code,
                response.headers.get("content-type"),
                response.content,
                {k.lower(): v for k, v in response.headers.items()},
            )


class Events:
    def __init__(self, api: MarketplaceApi) -> None:
        self._api = api

    def list(self, *, cursor: str | None = None, limit: int = OFFERS_PAGE_LIMIT) -> Page[dict[str, Any]]:
        return self._api.page("/buy/events", {"cursor": cursor, "limit": limit})
