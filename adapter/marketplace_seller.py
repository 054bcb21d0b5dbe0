"""The Seller's desk's marketplace reads and writes, as the client types them.

Writes that act once (create a draft, publish, answer offers, an address request or a review)
run with the `Idempotency-Key` this session keeps for the action and body
(`adapter.marketplace_actions.SESSION_WRITE_KEYS`, marketplace-api.md, Endpoints), so a second
press after a lost answer replays instead of acting twice. Raises `LoginError` when nobody is
logged in, `ApiError` for a refused request.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import streamlit as st

from adapter.marketplace_actions import LIST_BOUND, PAGE, Listing, digest, logged_in_api, me, min_emd_in, walked, write_once  # noqa: F401 - me: the desk reads the account here
from services.errors import ApiError, BadRequestError
from services.marketplace_api.desk_models import (
    BuyerStanding, Credits, DeletedResource, Draft, Inquiry, Lead, MediaItem, PublishResult, Review, SellerOffer, Webhook,
)
from services.marketplace_api.models import Account
from services.marketplace_api.states import offer_passes
from services.oauth import missing_scopes, scopes_for_sides

logger = logging.getLogger(__name__)
KEY_NO_CREDITS_ROUTE = "desk_no_credits_route"  # the host answered that it has no credits read


def scopes_missing(account: Account) -> list[str]:
    """What the account's sides need that this login was not granted (a second login asks it)."""
    return list(missing_scopes(account.sides, account.scopes))


def side_scopes(sides: list[str]) -> list[str]:
    return list(scopes_for_sides(sides))


# --- drafts and deals -------------------------------------------------------------------------


def drafts() -> Listing:
    return walked(logged_in_api().sell.drafts.list(limit=PAGE))


def draft(draft_id: str) -> Draft:
    return logged_in_api().sell.drafts.retrieve(draft_id)


def credits() -> Credits | None:
    """The organization's balance and a publish's cost, or None where the host does not say them:
    no document names the route, so a desk never waits on it (docs/contract.md). A host without it
    is not asked again in this session; a failed read is None too (Publish stays offered)."""
    if st.session_state.get(KEY_NO_CREDITS_ROUTE):
        return None
    try:
        known = logged_in_api().sell.drafts.credits()
    except ApiError as error:
        logger.info("the organization's credits were not read: %s", type(error).__name__)
        return None
    if known is None:
        st.session_state[KEY_NO_CREDITS_ROUTE] = True
    return known


def create_draft(fields: Mapping[str, Any]) -> Draft:
    return write_once("create_draft", dict(fields),
                     lambda api, key: api.sell.drafts.create(idempotency_key=key, **dict(fields)))


def update_draft(draft_id: str, fields: Mapping[str, Any]) -> Draft:
    return write_once("update_draft", {"draft": draft_id, **fields},
                      lambda api, key: api.sell.drafts.update(draft_id, idempotency_key=key, **dict(fields)))


def upload_photo(draft_id: str, filename: str, content: bytes) -> list[MediaItem]:
    return write_once("upload_photo", {"draft": draft_id, "file": filename, "bytes": digest(content)},
                      lambda api, key: api.sell.drafts.upload_photo(draft_id, filename=filename, content=content,
                                                                    idempotency_key=key))


def order_photos(draft_id: str, order: list[str]) -> list[MediaItem]:
    return write_once("order_photos", {"draft": draft_id, "order": list(order)},
                      lambda api, key: api.sell.drafts.order_media(draft_id, order, idempotency_key=key))


def publish(draft_id: str) -> PublishResult:
    """The publish's answer; its `outcome` says `under_review`, `live` or `sent`."""
    return write_once("publish", {"draft": draft_id},
                       lambda api, key: api.sell.drafts.publish(draft_id, idempotency_key=key))


def deals() -> Listing:
    return walked(logged_in_api().sell.deals.list(limit=PAGE))


def deal_min_emd(deal_id: str | None) -> float | None:
    """The minimum of one of the seller's own deals (None where the list does not say it)."""
    try:
        return min_emd_in(deals().rows, deal_id)
    except ApiError:
        return None


# --- offers -----------------------------------------------------------------------------------


def offers(*, status: str | None, deal_id: str | None, changed_after: str | None) -> Listing:
    """The inbox under its filters, page after page up to the bound. The filters' names are
    decisions.md's for the buyer's list (docs/contract.md): a host that refuses one
    (`400 unknown_parameter` naming it) is asked without it, and its rows are filtered here."""
    api = logged_in_api()
    filters = {"status": status, "deal_id": deal_id, "changed_after": changed_after}
    try:
        return walked(api.sell.offers.list(**filters, limit=PAGE))
    except BadRequestError as error:
        refused = {name for name in error.unknown_parameters if filters.get(name) is not None}
        if error.code != "unknown_parameter" or not refused:
            raise
    kept = {name: None if name in refused else value for name, value in filters.items()}
    listing = walked(api.sell.offers.list(**kept, limit=PAGE))
    here = {name: filters[name] for name in refused}
    return listing._replace(rows=[row for row in listing.rows if offer_passes(row, here)])


def offer(offer_id: str) -> SellerOffer:
    return logged_in_api().sell.offers.retrieve(offer_id)


def counter(offer_id: str, terms: Mapping[str, Any]) -> SellerOffer:
    return write_once("sell_counter", {"offer": offer_id, **terms},
                     lambda api, key: api.sell.offers.counter(offer_id, **dict(terms), idempotency_key=key))


def accept(offer_id: str) -> SellerOffer:
    return write_once("sell_accept", {"offer": offer_id},
                     lambda api, key: api.sell.offers.accept(offer_id, idempotency_key=key))


def decline(offer_id: str, reason: str) -> SellerOffer:
    return write_once("sell_decline", {"offer": offer_id, "reason": reason},
                     lambda api, key: api.sell.offers.decline(offer_id, decline_reason=reason, idempotency_key=key))


# --- leads, buyers, reviews, inquiries, webhooks, feed -----------------------------------------


def leads() -> Listing:
    return walked(logged_in_api().sell.leads.list(limit=PAGE))


def add_lead(name: str, email: str | None, phone: str | None) -> Lead:
    return write_once("add_lead", {"name": name, "email": email, "phone": phone},
                      lambda api, key: api.sell.leads.add(name=name, email=email, phone=phone, idempotency_key=key))


def set_lead_status(lead_id: str, status: str) -> Lead:
    return write_once("lead_status", {"lead": lead_id, "status": status},
                      lambda api, key: api.sell.leads.set_status(lead_id, status, idempotency_key=key))


def buyer(buyer_id: str) -> BuyerStanding:
    return logged_in_api().sell.buyers.retrieve(buyer_id)


def strike(buyer_id: str, reason: str) -> BuyerStanding:
    return write_once("strike", {"buyer": buyer_id, "reason": reason},
                      lambda api, key: api.sell.buyers.strike(buyer_id, reason=reason, idempotency_key=key))


def reviews() -> Listing:
    return walked(logged_in_api().sell.reviews.list(limit=PAGE))


def respond(review_id: str, body: str) -> Review:
    return write_once("review_response", {"review": review_id, "body": body},
                     lambda api, key: api.sell.reviews.respond(review_id, body=body, idempotency_key=key))


def inquiries() -> Listing:
    return walked(logged_in_api().sell.inquiries.inquiries(limit=PAGE))


def address_requests() -> Listing:
    return walked(logged_in_api().sell.inquiries.address_requests(limit=PAGE))


def answer_address_request(request_id: str, approve: bool) -> Inquiry:
    return write_once("address_answer", {"request": request_id, "approve": approve},
                     lambda api, key: api.sell.inquiries.answer(request_id, approve=approve, idempotency_key=key))


def webhooks() -> Listing:
    return walked(logged_in_api().sell.webhooks.list(limit=PAGE))


def add_webhook(url: str) -> Webhook:
    return write_once("add_webhook", {"url": url}, lambda api, key: api.sell.webhooks.create(url=url, idempotency_key=key))


def delete_webhook(webhook_id: str) -> DeletedResource:
    return write_once("delete_webhook", {"webhook": webhook_id},
                      lambda api, key: api.sell.webhooks.delete(webhook_id, idempotency_key=key))


def events(limit: int = 20) -> Listing:
    return walked(logged_in_api().sell.events.list(limit=limit), limit)
