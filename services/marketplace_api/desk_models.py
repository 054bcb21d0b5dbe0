"""Typed results of the routes around an offer: drafts and media, seller-side offer rows, leads,
buyers and strikes, reviews, buy boxes, inquiries, webhooks (marketplace-api.md, Resources: the
media item and the seller-side row are shown; the rest are "not shown" and follow
docs/contract.md). Every model allows unknown fields, as in `models.py`."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from services.contract import MARKETPLACE_ID_PATTERNS
from services.marketplace_api.models import Amount, Block, Blocks, DealTerms, MarketplaceModel, MarketplaceOffer

# A publish's answer naming a deal in one of these statuses is live (pending: already under offer).
LIVE_STATUSES = ("active", "published", "pending")


class MediaItem(MarketplaceModel):
    """marketplace-api.md, Media item; `is_default` is the cover photo."""

    id: str
    kind: str | None = None
    url: str | None = None
    filename: str | None = None
    size_bytes: int | None = None
    content_type: str | None = None
    order: int | None = None
    is_default: bool | None = None


class Draft(MarketplaceModel):
    id: str
    title: str | None = None
    status: str | None = None  # draft, under_review, published
    street: str | None = None
    city: str | None = None
    state: str | None = None
    zip: str | None = None
    property_type: str | None = None
    bedrooms: int | None = None
    bathrooms: float | None = None
    living_area_sqft: int | None = None
    asking_price: Amount | None = None
    min_emd: Amount | None = None
    closing_date: str | None = None
    property_id: str | None = None
    deal_id: str | None = None
    review_ends_at: str | None = None  # while under review (the sandbox's, docs/contract.md)
    media: list[MediaItem] = Field(default_factory=list)
    documents: list[MediaItem] = Field(default_factory=list)

    @property
    def photos(self) -> list[MediaItem]:
        """Its photos in their order, the cover first."""
        return sorted(self.media, key=lambda item: item.order or 0)


class Credits(MarketplaceModel):
    """The sandbox's `GET /sell/credits` (no document names it; docs/contract.md)."""

    balance: int | None = None
    publish_cost: int | None = None


class PublishResult(MarketplaceModel):
    """A publish's answer. The documents show neither its shape nor when a deal goes live, only
    that a draft may be under review (marketplace-api.md:75): a deal live at once, or the draft
    with status `under_review`; `outcome` says which, or `sent` when the answer tells neither."""

    id: str | None = None
    status: str | None = None
    title: str | None = None
    deal_id: str | None = None
    review_ends_at: str | None = None
    credits: Credits | None = None

    @property
    def outcome(self) -> str:
        if self.status == "under_review":
            return "under_review"
        if self.status in LIVE_STATUSES or MARKETPLACE_ID_PATTERNS["deal"].fullmatch(self.id or ""):
            return "live"
        return "sent"


class OfferBuyer(MarketplaceModel):
    """A seller-side row's `buyer`: e-mail and phone only with `contacts:read` and an owner or admin."""

    buyer_id: str | None = None
    name: str | None = None
    entity_name: str | None = None
    email: str | None = None
    phone: str | None = None
    phone_type: str | None = None


class OfferProofOfFunds(MarketplaceModel):
    on_file: bool | None = None
    is_expired: bool | None = None
    expires_at: str | None = None
    lender_name: str | None = None


class SellerOffer(MarketplaceOffer):
    """A `GET /sell/offers` row: the offer, its `buyer` and the buyer's `proof_of_funds`."""

    buyer: OfferBuyer | None = None
    proof_of_funds: OfferProofOfFunds | None = None


class LeadStep(MarketplaceModel):
    """A step of a lead's history: its status from then on."""

    status: str | None = None
    at: str | None = None


class Lead(MarketplaceModel):
    id: str
    name: str | None = None
    email: str | None = None
    phone: str | None = None
    status: str | None = None
    history: Annotated[list[LeadStep], Blocks] = Field(default_factory=list)
    created_at: str | None = None
    updated_at: str | None = None


class BuyerStanding(MarketplaceModel):
    """`/sell/buyers/{buyer_id}`: the buyer, its last act on our deals, and our strike (or null).
    Its shape is not shown (marketplace-api.md:95 names the route and `strike` only): all optional."""

    buyer_id: str | None = None
    name: str | None = None
    entity_name: str | None = None
    last_act_at: str | None = None
    strike: dict[str, Any] | None = None


class Reviewer(MarketplaceModel):
    buyer_id: str | None = None
    name: str | None = None


class ReviewResponse(MarketplaceModel):
    """The seller's response to a review."""

    body: str | None = None
    created_at: str | None = None


class Review(MarketplaceModel):
    id: str
    seller_id: str | None = None
    rating: int | None = None
    body: str | None = None
    reviewer: Annotated[Reviewer | None, Block] = None
    created_at: str | None = None
    response: Annotated[ReviewResponse | None, Block] = None


class SellerProfile(MarketplaceModel):
    seller_id: str
    name: str | None = None
    n_deals: int | None = None
    n_reviews: int | None = None
    average_rating: float | None = None
    reviews: list[Review] = Field(default_factory=list)


class BuyBoxCriteria(MarketplaceModel):
    """What a buy box matches (not shown by the document; the sandbox's: docs/contract.md)."""

    cities: list[str] | None = None
    zips: list[str] | None = None
    property_types: list[str] | None = None
    max_price: Amount | None = None
    min_bedrooms: int | None = None


class BuyBox(MarketplaceModel):
    id: str
    name: str | None = None
    criteria: BuyBoxCriteria | None = None
    n_alerts: int | None = None
    created_at: str | None = None


class BuyBoxAlert(MarketplaceModel):
    buy_box_id: str | None = None
    deal_id: str | None = None
    title: str | None = None
    created_at: str | None = None


class Inquiry(MarketplaceModel):
    """An inquiry or an address request (`type`); an approved address request carries `address`."""

    id: str
    type: str | None = None
    deal_id: str | None = None
    buyer_id: str | None = None
    buyer_name: str | None = None
    message: str | None = None
    status: str | None = None
    created_at: str | None = None
    answered_at: str | None = None
    address: str | None = None


class AddressAgreement(MarketplaceModel):
    """`agreement_required`'s `agreement` (Errors, line 164): the agreement to accept before an address request."""

    id: str | None = None
    url: str | None = None


class Webhook(MarketplaceModel):
    id: str
    url: str | None = None
    events: list[str] = Field(default_factory=list)
    enabled: bool | None = None
    created_at: str | None = None
    secret: str | None = None


class DeletedResource(MarketplaceModel):
    id: str | None = None
    deleted: bool | None = None


__all__ = [
    "AddressAgreement", "BuyBox", "BuyBoxAlert", "BuyBoxCriteria", "BuyerStanding", "Credits", "DealTerms",
    "DeletedResource", "Draft", "Inquiry", "Lead", "MediaItem", "OfferBuyer", "OfferProofOfFunds",
    "PublishResult", "Review", "SellerOffer", "SellerProfile", "Webhook",
]
