"""The Seller's desk's marketplace reads and writes, as plain data (`adapter.values.plain`).

Writes that act once (create a draft, publish, answer offers, an address request or a review)
run with the `Idempotency-Key` this session keeps for the action and body
(`adapter.marketplace_actions.SESSION_WRITE_KEYS`, marketplace-api.md, Endpoints), so a second
press after a lost answer replays instead of acting twice. Raises `LoginError` when nobody is
logged in, `ApiError` for a refused request.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adapter.marketplace_actions import logged_in_api, me, write_once  # noqa: F401 - the desk reads the account here
from adapter.values import plain
from services.oauth import missing_scopes, scopes_for_sides


def scopes_missing(account: Mapping[str, Any]) -> list[str]:
    """What the account's sides need that this login was not granted (a second login asks it)."""
    return list(missing_scopes(account.get("sides") or [], account.get("scopes") or []))


def side_scopes(sides: list[str]) -> list[str]:
    return list(scopes_for_sides(sides))


# --- drafts and deals -------------------------------------------------------------------------


def drafts() -> list[dict]:
    return plain(list(logged_in_api().sell.drafts.list(limit=100)))


def draft(draft_id: str) -> dict:
    return plain(logged_in_api().sell.drafts.retrieve(draft_id))


def credits() -> dict:
    return plain(logged_in_api().sell.drafts.credits())


def create_draft(fields: Mapping[str, Any]) -> dict:
    return write_once("create_draft", dict(fields),
                     lambda api, key: api.sell.drafts.create(idempotency_key=key, **dict(fields)))


def update_draft(draft_id: str, fields: Mapping[str, Any]) -> dict:
    return plain(logged_in_api().sell.drafts.update(draft_id, **dict(fields)))


def upload_photo(draft_id: str, filename: str, content: bytes) -> list[dict]:
    return plain(logged_in_api().sell.drafts.upload_photo(draft_id, filename=filename, content=content))


def order_photos(draft_id: str, order: list[str]) -> list[dict]:
    return plain(logged_in_api().sell.drafts.order_media(draft_id, order))


def publish(draft_id: str) -> dict:
    return write_once("publish", {"draft": draft_id}, lambda api, key: api.sell.drafts.publish(draft_id, idempotency_key=key))


def deals() -> list[dict]:
    return plain(list(logged_in_api().sell.deals.list(limit=100)))


# --- offers -----------------------------------------------------------------------------------


def offers(*, status: str | None, deal_id: str | None, changed_after: str | None) -> list[dict]:
    """The inbox under its filters, every page (at most a few hundred rows on a desk)."""
    page = logged_in_api().sell.offers.list(status=status, deal_id=deal_id, changed_after=changed_after, limit=100)
    return plain(list(page))


def offer(offer_id: str) -> dict:
    return plain(logged_in_api().sell.offers.retrieve(offer_id))


def counter(offer_id: str, terms: Mapping[str, Any]) -> dict:
    return write_once("sell_counter", {"offer": offer_id, **terms},
                     lambda api, key: api.sell.offers.counter(offer_id, **dict(terms), idempotency_key=key))


def accept(offer_id: str) -> dict:
    return write_once("sell_accept", {"offer": offer_id},
                     lambda api, key: api.sell.offers.accept(offer_id, idempotency_key=key))


def decline(offer_id: str, reason: str) -> dict:
    return write_once("sell_decline", {"offer": offer_id, "reason": reason},
                     lambda api, key: api.sell.offers.decline(offer_id, decline_reason=reason, idempotency_key=key))


# --- leads, buyers, reviews, inquiries, webhooks, feed -----------------------------------------


def leads() -> list[dict]:
    return plain(list(logged_in_api().sell.leads.list(limit=100)))


def add_lead(name: str, email: str | None, phone: str | None) -> dict:
    return plain(logged_in_api().sell.leads.add(name=name, email=email, phone=phone))


def set_lead_status(lead_id: str, status: str) -> dict:
    return plain(logged_in_api().sell.leads.set_status(lead_id, status))


def buyer(buyer_id: str) -> dict:
    return plain(logged_in_api().sell.buyers.retrieve(buyer_id))


def strike(buyer_id: str, reason: str) -> dict:
    return plain(logged_in_api().sell.buyers.strike(buyer_id, reason=reason))


def reviews() -> list[dict]:
    return plain(list(logged_in_api().sell.reviews.list(limit=100)))


def respond(review_id: str, body: str) -> dict:
    return write_once("review_response", {"review": review_id, "body": body},
                     lambda api, key: api.sell.reviews.respond(review_id, body=body, idempotency_key=key))


def inquiries() -> list[dict]:
    return plain(list(logged_in_api().sell.inquiries.inquiries(limit=100)))


def address_requests() -> list[dict]:
    return plain(list(logged_in_api().sell.inquiries.address_requests(limit=100)))


def answer_address_request(request_id: str, approve: bool) -> dict:
    return write_once("address_answer", {"request": request_id, "approve": approve},
                     lambda api, key: api.sell.inquiries.answer(request_id, approve=approve, idempotency_key=key))


def webhooks() -> list[dict]:
    return plain(list(logged_in_api().sell.webhooks.list(limit=100)))


def add_webhook(url: str) -> dict:
    return plain(logged_in_api().sell.webhooks.create(url=url))


def delete_webhook(webhook_id: str) -> dict:
    return plain(logged_in_api().sell.webhooks.delete(webhook_id))


def events(limit: int = 20) -> list[dict]:
    return plain(list(logged_in_api().sell.events.list(limit=limit).items))
