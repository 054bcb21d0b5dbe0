"""This session's marketplace reads and writes.

Reads and writes answer the client's typed models (pages read them by attribute). Each write runs with
the `Idempotency-Key` this session holds for its action and body (`mkt_idempotency_keys`)
from the click until the server gives a definite answer, so pressing the button again
after a lost answer or a server error replays the same request instead of acting twice
(marketplace-api.md, Endpoints). Raises `LoginError` when nobody is logged in or the
login ended, `ApiError` for a refused request.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, TypeVar

import streamlit as st

from adapter.marketplace import marketplace
from services.errors import ApiError
from services.marketplace_api import OFFERS_PAGE_MAX, IdempotencyKeys
from services.marketplace_api.models import Account, MarketplaceDeal, MarketplaceOffer, OfferPreview, ProofOfFundsLetter
from services.marketplace_api.states import open_round, takes_offers  # noqa: F401 - the page reads states here
from services.oauth import LoginError

SESSION_WRITE_KEYS = "mkt_idempotency_keys"
T = TypeVar("T")


class OffersPage(NamedTuple):
    items: list[MarketplaceOffer]
    next_cursor: str | None
    has_next_page: bool


# Every list a page shows follows its cursor up to this many rows, and says when more exist.
LIST_BOUND = 100
PAGE = OFFERS_PAGE_MAX  # rows each page asks for (marketplace-api.md, Limits: `limit` 1-100)


class Listing(NamedTuple):
    """A list walked by its cursor to `bound` rows, as the client types them; `more`: the
    marketplace holds more past them."""

    rows: list
    more: bool
    bound: int


def walked(page: Any, bound: int = LIST_BOUND) -> Listing:
    """Follow `page`'s cursor (a short page is not the end) until `bound` rows or the last page."""
    rows, more = page.walk_bounded(bound)
    return Listing(rows, more, bound)


def logged_in_api():
    """The session's marketplace client (the buyer's and the seller's reads and writes); a
    LoginError when nobody is logged in."""
    api = marketplace()
    if api is None:
        raise LoginError("login_required", "Nobody is logged in to the marketplace.")
    return api


# --- reads ------------------------------------------------------------------------------------


def me() -> Account:
    """The logged-in account (the buyer's page and the seller's desk): profile, sides, scopes, trust facts, caps."""
    return logged_in_api().me()


def offers(status: str | None, cursor: str | None) -> OffersPage:
    """One page of the buyer's offers (all statuses when `status` is None)."""
    page = logged_in_api().offers.list(status=status, cursor=cursor)
    return OffersPage(list(page.items), page.next_cursor, page.has_next_page())


def offer(offer_id: str) -> MarketplaceOffer:
    """An offer with its chain of rounds."""
    return logged_in_api().offers.retrieve(offer_id)


def events(limit: int) -> Listing:
    """The latest `limit` events of the buyer's offers and deals (more: older ones exist)."""
    return walked(logged_in_api().events.list(limit=limit), limit)


def deals(bound: int = LIST_BOUND) -> Listing:
    """The deals the buyer can see, page after page until `bound` rows or `next_cursor` is null."""
    return walked(logged_in_api().deals.list(limit=min(bound, PAGE)), bound)


def min_emd_in(rows: list[MarketplaceDeal], deal_id: str | None) -> float | None:
    """A deal's minimum earnest money where a list of deals states it (a form's deposit starts
    there: a round may ask less than its deal takes, `422 requirement_unmet`); else None."""
    minimum = next((deal.deal_terms.min_emd for deal in rows if deal.id == deal_id), None)
    return float(minimum) if minimum is not None else None


def deal_min_emd(deal_id: str | None) -> float | None:
    """The minimum of a deal the buyer sees (None where no list read says it)."""
    try:
        return min_emd_in(deals().rows, deal_id)
    except ApiError:
        return None


def deal_titles() -> dict[str, str]:
    """Each visible deal's title by its id, to name offers; empty when the deals cannot be read."""
    try:
        return titles_of(deals().rows)
    except ApiError:
        return {}


def titles_of(deals: list[MarketplaceDeal]) -> dict[str, str]:
    """Each deal's title by its id, as a person reads it."""
    return {deal.id: deal.title or "Untitled deal" for deal in deals}


def preview(round_id: str) -> OfferPreview:
    """The preview of accepting a seller's round (its terms and `preview_token`, five minutes); a
    POST, keyed as every write: its key is dropped once answered, so the next press asks anew."""
    return write_once("preview", {"offer": round_id},
                      lambda api, key: api.offers.preview(round_id, idempotency_key=key))


def proof_of_funds() -> ProofOfFundsLetter | None:
    """The proof of funds on file, or None."""
    return logged_in_api().proof_of_funds.retrieve()


# --- writes -----------------------------------------------------------------------------------


def digest(content: bytes) -> str:
    """A file's bytes as they enter an action's body (the key's fingerprint), not the bytes themselves."""
    return hashlib.sha256(content).hexdigest()


def write_once(action: str, body: Mapping[str, Any], call: Callable[[Any, str], T]) -> T:
    """`call(api, idempotency_key)` with the session's key for this action and body: a second
    click, or a retry after a timeout, sends the same key, so the server acts once. The answer
    as the client types it."""
    api = logged_in_api()
    keys = IdempotencyKeys(st.session_state.setdefault(SESSION_WRITE_KEYS, {}))
    return keys.run(action, body, lambda key: call(api, key))


def accept(round_id: str, preview_token: str) -> MarketplaceOffer:
    return write_once("accept", {"offer": round_id, "preview_token": preview_token},
                     lambda api, key: api.offers.accept(round_id, preview_token=preview_token, idempotency_key=key))


def counter(round_id: str, terms: Mapping[str, Any]) -> MarketplaceOffer:
    return write_once("counter", {"offer": round_id, **terms},
                     lambda api, key: api.offers.counter(round_id, **terms, idempotency_key=key))


def withdraw(round_id: str, decline_reason: str | None) -> MarketplaceOffer:
    return write_once("withdraw", {"offer": round_id, "decline_reason": decline_reason},
                     lambda api, key: api.offers.withdraw(round_id, decline_reason=decline_reason, idempotency_key=key))


def make_offer(deal_id: str, terms: Mapping[str, Any]) -> MarketplaceOffer:
    return write_once("make_offer", {"offer": deal_id, **terms},
                     lambda api, key: api.deals.make_offer(deal_id, **terms, idempotency_key=key))


def upload_proof(*, filename: str, content: bytes, lender_name: str, expires_at: str) -> ProofOfFundsLetter:
    """Upload a proof-of-funds letter (PDF) and put it on file."""
    body = {"file": filename, "bytes": digest(content), "lender": lender_name, "expires_at": expires_at}
    return write_once("proof_of_funds", body, lambda api, key: api.proof_of_funds.upload(
        filename=filename, content=content, lender_name=lender_name, expires_at=expires_at, idempotency_key=key))


def forget_pending_writes() -> None:
    """Drop the keys of writes still without an answer (a log out ends them)."""
    st.session_state.pop(SESSION_WRITE_KEYS, None)
