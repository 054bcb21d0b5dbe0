"""JSON shapes of the marketplace's records (marketplace-api.md, Resources and their fields)."""

from __future__ import annotations

from datetime import datetime

from sandbox.marketplace.models import (
    BuyBox, Deal, Draft, Event, Inquiry, MarketState, Media, Offer, ProofOfFunds, Review, User, Webhook,
)
from sandbox.marketplace.wire import timestamp


def deal_terms(deal: Deal) -> dict:
    """The terms a preview fixes and `409 deal_changed` returns."""
    return {"asking_price": deal.asking_price, "min_emd": deal.min_emd, "closing_date": deal.closing_date}


def deal_json(state: MarketState, deal: Deal) -> dict:
    seller = state.organizations[deal.organization_id]
    return {
        "id": deal.id,
        "seller": {"seller_id": seller.id, "name": seller.name},
        "title": deal.title,
        "status": deal.status,
        "property": {"city": deal.city, "state": deal.state, "zip": deal.zip, "property_type": deal.property_type,
                     "bedrooms": deal.bedrooms, "bathrooms": deal.bathrooms, "living_area_sqft": deal.living_area_sqft},
        "terms": deal_terms(deal),
        "terms_version": deal.terms_version,
        "property_id": deal.property_id,
        "media": [media_json(m) for m in sorted(deal.media, key=lambda m: m.order)],
        "published_at": timestamp(deal.published_at),
        "updated_at": timestamp(deal.updated_at),
    }


def offer_json(offer: Offer, chain: list[Offer] | None = None) -> dict:
    body = {
        "id": offer.id,
        "deal_id": offer.deal_id,
        "buyer_id": offer.buyer_id,
        "status": offer.status,
        "offer_amount": offer.offer_amount,
        "emd_amount": offer.emd_amount,
        "financing": offer.financing,
        "submitted_by": offer.submitted_by,
        "round": offer.round,
        "parent_offer_id": offer.parent_offer_id,
        "root_offer_id": offer.root_offer_id,
        "note": offer.note,
        "decline_reason": offer.decline_reason,
        "channel": offer.channel,
        "created_at": timestamp(offer.created_at),
        "updated_at": timestamp(offer.updated_at),
    }
    if chain is not None:
        body["chain"] = [offer_json(round_) for round_ in chain]
    return body


def proof_json(proof: ProofOfFunds | None, now: datetime) -> dict:
    if proof is None:
        return {"on_file": False, "is_expired": False, "expires_at": None, "lender_name": None}
    return {"on_file": True, "is_expired": proof.expires_at <= now, "expires_at": timestamp(proof.expires_at),
            "lender_name": proof.lender_name}


def seller_row_json(offer: Offer, buyer: User, proof: ProofOfFunds | None, now: datetime, *, with_contacts: bool) -> dict:
    """A `GET /sell/offers` row: contacts only with `contacts:read` and owner/admin, else absent."""
    block = {"buyer_id": buyer.buyer_id, "name": buyer.name, "entity_name": buyer.entity_name}
    if with_contacts:
        block.update(email=buyer.email, phone=buyer.phone, phone_type=buyer.phone_type)
    return {**offer_json(offer), "buyer": block, "proof_of_funds": proof_json(proof, now)}


def media_json(item: Media) -> dict:
    return {"id": item.id, "kind": item.kind, "url": item.url, "filename": item.filename, "size_bytes": item.size_bytes,
            "content_type": item.content_type, "order": item.order, "is_default": item.is_default}


def draft_json(draft: Draft) -> dict:
    status = "published" if draft.deal_id else "under_review" if draft.reviewing else "draft"
    return {"id": draft.id, "title": draft.title, "status": status, **draft.fields, "deal_id": draft.deal_id,
            "review_ends_at": timestamp(draft.review_ends_at) if draft.reviewing else None,
            "media": [media_json(item) for item in sorted(draft.media, key=lambda m: m.order)],
            "documents": [media_json(item) for item in draft.documents],
            "created_at": timestamp(draft.created_at), "updated_at": timestamp(draft.updated_at)}


def review_json(review: Review, buyer: User | None) -> dict:
    return {"id": review.id, "seller_id": review.organization_id, "rating": review.rating, "body": review.body,
            "reviewer": {"buyer_id": review.buyer_id, "name": buyer.name if buyer else None},
            "created_at": timestamp(review.created_at),
            "response": None if review.response is None else
            {"body": review.response["body"], "created_at": timestamp(review.response["created_at"])}}


def buy_box_json(box: BuyBox) -> dict:
    return {"id": box.id, "name": box.name, "criteria": box.criteria, "n_alerts": len(box.alerts),
            "created_at": timestamp(box.created_at)}


def inquiry_json(inquiry: Inquiry, buyer: User | None) -> dict:
    body = {"id": inquiry.id, "type": inquiry.type, "deal_id": inquiry.deal_id, "buyer_id": inquiry.buyer_id,
            "buyer_name": buyer.name if buyer else None, "message": inquiry.message, "status": inquiry.status,
            "created_at": timestamp(inquiry.created_at)}
    if inquiry.type == "address_request":
        body.update(answered_at=timestamp(inquiry.answered_at), address=inquiry.address)
    return body


def webhook_json(hook: Webhook, *, with_secret: bool = False) -> dict:
    body = {"id": hook.id, "url": hook.url, "events": hook.events, "enabled": hook.enabled,
            "created_at": timestamp(hook.created_at)}
    if with_secret:
        body["secret"] = hook.secret
    return body


def event_json(event: Event) -> dict:
    return {"id": event.id, "type": event.type, "created_at": timestamp(event.created_at), "data": event.data}
