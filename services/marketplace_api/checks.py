"""Checks made before a request is spent: ids, keys and offer terms (the server would refuse them)."""

from __future__ import annotations

import hashlib
from typing import Any, NotRequired, TypedDict
from urllib.parse import quote

from services.contract import IDEMPOTENCY_KEY_MAX, OFFER_LIMITS, form_problems
from services.contract import MARKETPLACE_ID_PATTERNS as ID_PATTERNS
from services.errors import InvalidInputError


def require_id(kind: str, value: str) -> str:
    """Refuse an id of a kind whose form a document states (`ID_PATTERNS`: marketplace-api.md:15,
    decisions.md:96) before spending a request (the server would answer `400 invalid_id`)."""
    value = (value or "").strip()
    if not ID_PATTERNS[kind].fullmatch(value):
        prefix = ID_PATTERNS[kind].pattern[:4]
        raise InvalidInputError(f"{kind}_id", f"expected '{prefix}' followed by 12 hex characters, got {value[:40]!r}")
    return value


def path_id(kind: str, value: str) -> str:
    """An id as one path segment: checked where a document states its kind's form (`require_id`),
    else sent as the host gave it, percent-encoded (a `/`, `?` or `#` in a host's id must not
    change the route). Only an empty id is refused: it would name another route."""
    if kind in ID_PATTERNS:
        return require_id(kind, value)
    if not isinstance(value, str) or not value:
        raise InvalidInputError(f"{kind}_id", "is empty")
    return quote(value, safe="")


def require_key(idempotency_key: str) -> str:
    if not idempotency_key or len(idempotency_key) > IDEMPOTENCY_KEY_MAX:
        raise InvalidInputError("idempotency_key", f"must be 1 to {IDEMPOTENCY_KEY_MAX} characters")
    return idempotency_key


def step_key(idempotency_key: str, step: str) -> str:
    """The key of one request of an action made of several (a slot, then attaching it): derived
    from the action's key, so a resent action resends each step under its own first key."""
    return hashlib.sha256(f"{require_key(idempotency_key)}\n{step}".encode()).hexdigest()


class OfferTermArgs(TypedDict):
    """The terms a new offer and a counter take (the buyer's and the seller's), as keyword arguments."""

    offer_amount: float
    emd_amount: float
    financing: str
    note: NotRequired[str | None]


def offer_terms(offer_amount: float, emd_amount: float, financing: str, note: str | None = None) -> dict[str, Any]:
    """The body of a new offer or a counter (decisions.md, Marketplace), checked first (the
    bounds: `services.contract.OFFER_LIMITS`)."""
    values = {"offer_amount": offer_amount, "emd_amount": emd_amount, "note": note}
    for name, words in form_problems(OFFER_LIMITS, values).items():
        raise InvalidInputError(name, words)
    if offer_amount is None or emd_amount is None:
        name = "offer_amount" if offer_amount is None else "emd_amount"
        raise InvalidInputError(name, "Give an amount in dollars.")
    if emd_amount > offer_amount:
        raise InvalidInputError("emd_amount", "cannot exceed the offer amount")
    if not financing:
        raise InvalidInputError("financing", "choose how the purchase is financed")
    body: dict[str, Any] = {"offer_amount": offer_amount, "emd_amount": emd_amount, "financing": financing}
    if note:
        body["note"] = note
    return body
