"""The offer state machine (marketplace-api.md, States and transitions).

A chain is a series of rounds; each round is an offer with its own id, sent by one side
(`submitted_by`). The open round has status `new`; a countered round turns `countered`
and the counter is the next round; `accepted`, `declined` and `withdrawn` close the chain.
Callers hold `state.lock`; every check runs before any change, so a refusal changes nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import TypeVar

from sandbox.core.problems import Problem
from sandbox.marketplace.ids import new_id
from sandbox.marketplace.models import Deal, Event, MarketState, Offer, Preview
from sandbox.marketplace.views import deal_terms, offer_json

PREVIEW_SECONDS = 5 * 60  # marketplace-api.md, Limits: preview validity
SIDES = ("buyer", "seller")
Row = TypeVar("Row")


def chain_of(state: MarketState, offer: Offer) -> list[Offer]:
    return sorted((o for o in state.offers.values() if o.root_offer_id == offer.root_offer_id), key=lambda o: o.round)


def open_round(chain: list[Offer]) -> Offer | None:
    return next((o for o in chain if o.status == "new"), None)


def open_offer_on_deal(state: MarketState, buyer_id: str, deal_id: str) -> Offer | None:
    return next((o for o in state.offers.values()
                 if o.buyer_id == buyer_id and o.deal_id == deal_id and o.status == "new"), None)


def not_found(kind: str, value: str) -> Problem:
    # marketplace-api.md, Errors 404: also for a resource of another account, never 403.
    return Problem(404, "not_found", f"No {kind} {value} for this account.",
                   recovery=f"Check the {kind} id; list yours to find it.")


def owned(kind: str, table: Mapping[str, Row], key: str, owns: Callable[[Row], bool]) -> Row:
    """`table[key]` when the caller `owns` it, else `404 not_found` (another account's as much as a missing one)."""
    found = table.get(key)
    if found is None or not owns(found):
        raise not_found(kind, key)
    return found


def require_actionable(state: MarketState, offer: Offer, acting_side: str, *, own_round: bool) -> None:
    """The round must be open, and belong to the acting side (withdraw) or the other (the rest)."""
    if offer.status != "new":
        current = open_round(chain_of(state, offer))
        if current is not None:
            raise Problem(409, "offer_superseded", f"Round {offer.round} is closed; round {current.round} is open.",
                          recovery=f"Act on the open round {current.id}.", open_offer_id=current.id,
                          open_offer=offer_json(current))
        raise Problem(422, "invalid_transition", f"This offer is {offer.status}; the chain is closed.",
                      recovery="Read the offer again; a closed chain takes no further action.", status_now=offer.status)
    sent_by_actor = offer.submitted_by == acting_side
    if sent_by_actor != own_round:
        other = "your side" if sent_by_actor else "the other side"
        raise Problem(409, "wrong_side", f"This round was sent by {other}, so you cannot do this to it.",
                      recovery=("Withdraw only a round you sent; accept, counter or decline a round the other side sent."))


def _event(state: MarketState, kind: str, offer: Offer, now: datetime) -> None:
    deal = state.deals[offer.deal_id]
    state.events.append(Event(new_id("event"), kind, now, offer.buyer_id, deal.organization_id,
                              {"offer": offer_json(offer), "deal_id": deal.id}))


def _round_after(previous: Offer | None, *, deal: Deal, buyer_id: str, side: str, terms: dict, now: datetime) -> Offer:
    offer_id = new_id("offer")
    return Offer(
        id=offer_id, deal_id=deal.id, buyer_id=buyer_id, status="new", offer_amount=terms["offer_amount"],
        emd_amount=terms["emd_amount"], financing=terms["financing"], submitted_by=side,
        round=previous.round + 1 if previous else 1, parent_offer_id=previous.id if previous else None,
        root_offer_id=previous.root_offer_id if previous else offer_id, note=terms.get("note"),
        decline_reason=None, channel="api", created_at=now, updated_at=now,
    )


def require_open_deal(deal: Deal) -> None:
    if deal.status != "active":
        raise Problem(409, "deal_closed", f"Deal {deal.id} is {deal.status} and takes no new offers.",
                      recovery="Choose another deal from GET /buy/deals.")


def require_api_offers(state: MarketState, deal: Deal) -> None:
    seller = state.organizations[deal.organization_id]
    if not seller.takes_api_offers:
        raise Problem(403, "api_offers_disabled", f"{seller.name} takes no offers through the API.",
                      recovery="Contact the seller through the marketplace website to make this offer.",
                      deal_id=deal.id)


def make_offer(state: MarketState, deal: Deal, buyer_id: str, terms: dict, now: datetime) -> Offer:
    require_open_deal(deal)
    existing = open_offer_on_deal(state, buyer_id, deal.id)
    if existing is not None:
        raise Problem(409, "offer_exists", f"You already have an open offer on {deal.id}: {existing.id}.",
                      recovery=f"Counter, accept or withdraw the open round {existing.id} instead.",
                      open_offer_id=existing.id, open_offer=offer_json(existing))
    offer = _round_after(None, deal=deal, buyer_id=buyer_id, side="buyer", terms=terms, now=now)
    state.offers[offer.id] = offer
    _event(state, "offer.created", offer, now)
    return offer


def counter(state: MarketState, offer: Offer, side: str, terms: dict, now: datetime) -> Offer:
    require_actionable(state, offer, side, own_round=False)
    deal = state.deals[offer.deal_id]
    offer.status, offer.updated_at = "countered", now
    reply = _round_after(offer, deal=deal, buyer_id=offer.buyer_id, side=side, terms=terms, now=now)
    state.offers[reply.id] = reply
    _event(state, "offer.countered", reply, now)
    return reply


def preview(state: MarketState, offer: Offer, now: datetime) -> Preview:
    require_actionable(state, offer, "buyer", own_round=False)
    deal = state.deals[offer.deal_id]
    terms = {"offer_id": offer.id, "offer_amount": offer.offer_amount, "emd_amount": offer.emd_amount,
             "financing": offer.financing, "deal": deal_terms(deal)}
    made = Preview("pvw_" + secrets.token_urlsafe(24), offer.id, offer.buyer_id, terms, deal_terms(deal),
                   now + timedelta(seconds=PREVIEW_SECONDS))
    state.previews[made.token] = made
    return made


def _close_deal(state: MarketState, accepted: Offer, now: datetime) -> None:
    """The deal moves to pending; every other open round on it is declined."""
    deal = state.deals[accepted.deal_id]
    deal.status, deal.updated_at = "pending", now
    for other in state.offers.values():
        if other.deal_id == deal.id and other.status == "new" and other.id != accepted.id:
            other.status, other.decline_reason, other.updated_at = "declined", "another_offer_accepted", now
            _event(state, "offer.declined", other, now)


def accept_by_buyer(state: MarketState, offer: Offer, preview_token: str, now: datetime) -> Offer:
    require_actionable(state, offer, "buyer", own_round=False)
    held = state.previews.get(preview_token)
    if held is None or held.offer_id != offer.id:
        raise Problem(422, "preview_mismatch", "The preview_token was not made for this round.",
                      recovery=f"Preview this round (POST /buy/offers/{offer.id}/preview) and send its preview_token.")
    if now >= held.expires_at:
        raise Problem(422, "preview_expired", "The preview is older than five minutes.",
                      recovery="Preview the round again and accept within five minutes.")
    deal = state.deals[offer.deal_id]
    if held.deal_terms != deal_terms(deal):
        raise Problem(409, "deal_changed", "The deal's terms changed after the preview.",
                      recovery="Review the current terms, preview again, then accept.", terms=deal_terms(deal),
                      deal_id=deal.id)
    del state.previews[preview_token]
    return _accept(state, offer, now)


def accept_by_seller(state: MarketState, offer: Offer, now: datetime) -> Offer:
    require_actionable(state, offer, "seller", own_round=False)
    return _accept(state, offer, now)


def _accept(state: MarketState, offer: Offer, now: datetime) -> Offer:
    offer.status, offer.updated_at = "accepted", now
    _event(state, "offer.accepted", offer, now)
    _close_deal(state, offer, now)
    return offer


def withdraw(state: MarketState, offer: Offer, reason: str | None, now: datetime) -> Offer:
    require_actionable(state, offer, "buyer", own_round=True)
    offer.status, offer.decline_reason, offer.updated_at = "withdrawn", reason, now
    _event(state, "offer.withdrawn", offer, now)
    return offer


def decline(state: MarketState, offer: Offer, reason: str, now: datetime) -> Offer:
    require_actionable(state, offer, "seller", own_round=False)
    offer.status, offer.decline_reason, offer.updated_at = "declined", reason, now
    _event(state, "offer.declined", offer, now)
    return offer


def seed_events(state: MarketState) -> None:
    """Feed entries for the seeded chains, as if they had happened through the API."""
    for offer in sorted(state.offers.values(), key=lambda o: (o.created_at, o.round)):
        kind = "offer.created" if offer.round == 1 else "offer.countered"
        _event(state, kind, offer, offer.created_at)
        if offer.status in ("accepted", "declined", "withdrawn"):
            _event(state, f"offer.{offer.status}", offer, offer.updated_at)
    state.events.sort(key=lambda e: e.created_at)
