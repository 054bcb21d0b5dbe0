"""Records the sandbox marketplace keeps in memory (one `MarketState`, rebuilt on reset)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass
class Organization:
    id: str  # slr_
    name: str
    slug: str
    designations: list[str]
    sell_terms_accepted: bool
    takes_api_offers: bool = True
    credits: int = 0  # drawn on by publishing a draft (What the service does 5)
    # Seller policies that make documented refusals (docs/contract.md, "Sandbox marketplace: refusals"):
    offers_from_companies_only: bool = False  # an offer from a buyer acting for no company: organization_required
    addresses_after_offer: bool = False  # an address request without an offer on the deal: offer_required
    stopped: bool = False  # a stopped organization: 403 forbidden (Authentication 6)


@dataclass
class User:
    id: str  # usr_: the token subject
    email: str
    name: str
    password: str | None  # None: a seeded counterpart who cannot log in
    buyer_id: str | None  # byr_ when the person buys
    entity_name: str | None = None
    phone: str | None = None
    phone_type: str | None = None
    email_verified: bool = True
    phone_verified: bool = False
    organization_id: str | None = None
    role: str | None = None  # owner, admin, member
    buy_terms_accepted: bool = False
    completed_deals: int = 0
    identity_verified: bool = True  # False: offers and address requests answer 403 idv_required
    member: bool = True  # False: removed from `organization_id`'s organization: /sell answers 403 not_a_member
    standing: str = "active"  # suspended, deleted (401 unauthorized), stopped (403 forbidden)

    @property
    def designations(self) -> list[str]:
        return ["buyer"] if self.buyer_id else []


@dataclass
class Deal:
    id: str  # mkd_
    organization_id: str
    title: str
    city: str
    state: str
    zip: str
    property_type: str
    bedrooms: int
    bathrooms: float
    living_area_sqft: int
    asking_price: int
    min_emd: int
    closing_date: str
    status: str  # active, pending
    terms_version: int
    published_at: datetime
    updated_at: datetime
    street: str | None = None  # released to a buyer only by an answered address request
    floor_price: int | None = None  # the seller's lowest amount: an offer below answers 422 below_floor
    property_id: str | None = None  # the deed records' parcel (prop_), when the seller named it
    media: list["Media"] = field(default_factory=list)


@dataclass
class Offer:
    """One round of a chain; each round is an offer with its own `off_` id."""

    id: str
    deal_id: str
    buyer_id: str
    status: str  # new, countered, accepted, declined, withdrawn
    offer_amount: float
    emd_amount: float
    financing: str
    submitted_by: str  # buyer, seller
    round: int
    parent_offer_id: str | None
    root_offer_id: str
    note: str | None
    decline_reason: str | None
    channel: str
    created_at: datetime
    updated_at: datetime


@dataclass
class ProofOfFunds:
    key: str
    lender_name: str
    expires_at: datetime


@dataclass
class Media:
    id: str  # med_
    kind: str
    url: str
    filename: str
    size_bytes: int
    content_type: str
    order: int
    is_default: bool


@dataclass
class Draft:
    id: str  # drf_
    organization_id: str
    title: str
    # Under review (marketplace-api.md, States: `409 draft_under_review`) while `reviewing` and the
    # sandbox clock is before `review_ends_at`; None: a review with no end set (a person holds it).
    reviewing: bool
    media: list[Media]
    # What a deal needs (docs/contract.md, drafts); None until the seller sets it.
    fields: dict[str, Any] = field(default_factory=dict)
    documents: list[Media] = field(default_factory=list)
    deal_id: str | None = None  # set when published
    created_at: datetime | None = None
    updated_at: datetime | None = None
    review_ends_at: datetime | None = None


@dataclass
class Review:
    id: str  # rev_
    organization_id: str
    buyer_id: str
    rating: int
    body: str
    created_at: datetime
    response: dict[str, Any] | None = None  # {body, created_at}


@dataclass
class BuyBox:
    id: str  # bbx_
    buyer_id: str
    name: str
    criteria: dict[str, Any]
    created_at: datetime
    alerts: list[dict[str, Any]] = field(default_factory=list)  # {deal_id, at}


@dataclass
class Inquiry:
    """An inquiry or an address request (type), from a buyer on a deal."""

    id: str  # inq_ / adr_
    type: str  # inquiry, address_request
    deal_id: str
    buyer_id: str
    message: str | None
    status: str  # sent; address requests: pending, approved, declined
    created_at: datetime
    answered_at: datetime | None = None
    address: str | None = None


@dataclass
class Webhook:
    id: str  # whk_
    side: str  # buy, sell
    owner_id: str  # byr_ or slr_
    url: str
    events: list[str]
    secret: str
    enabled: bool
    created_at: datetime


@dataclass
class Event:
    id: str  # evt_
    type: str
    created_at: datetime
    buyer_id: str
    organization_id: str
    data: dict[str, Any]


@dataclass
class UploadedFile:
    """Bytes received at an upload slot's target, waiting for the finishing (or attaching) call."""

    key: str
    owner_id: str  # who may claim it: the buyer (byr_) or the seller organization (slr_)
    content_type: str
    size_bytes: int
    used: bool = False
    content: bytes = b""  # kept for media, served at the item's url


@dataclass
class Preview:
    token: str
    offer_id: str
    buyer_id: str
    terms: dict[str, Any]
    deal_terms: dict[str, Any]
    expires_at: datetime


@dataclass
class Lead:
    id: str  # led_
    organization_id: str
    name: str
    email: str | None
    phone: str | None
    status: str  # open, contacted, negotiating, won, lost
    history: list[dict[str, Any]]
    created_at: datetime
    updated_at: datetime


@dataclass
class Strike:
    organization_id: str
    buyer_id: str
    reason: str
    filed_at: datetime


@dataclass
class MarketState:
    """Everything a reset restores. One lock guards it: requests are short and in memory."""

    organizations: dict[str, Organization] = field(default_factory=dict)
    users: dict[str, User] = field(default_factory=dict)
    deals: dict[str, Deal] = field(default_factory=dict)
    offers: dict[str, Offer] = field(default_factory=dict)
    proofs_of_funds: dict[str, ProofOfFunds] = field(default_factory=dict)  # by buyer id
    drafts: dict[str, Draft] = field(default_factory=dict)
    webhooks: dict[str, Webhook] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    uploads: dict[str, UploadedFile] = field(default_factory=dict)  # by key
    previews: dict[str, Preview] = field(default_factory=dict)
    leads: dict[str, Lead] = field(default_factory=dict)
    strikes: dict[tuple[str, str], Strike] = field(default_factory=dict)  # (organization id, buyer id)
    reviews: dict[str, Review] = field(default_factory=dict)
    buy_boxes: dict[str, BuyBox] = field(default_factory=dict)
    inquiries: dict[str, Inquiry] = field(default_factory=dict)
    cap_usage: list[tuple[str, str, datetime]] = field(default_factory=list)  # (user id, action, at)
    stopped_clients: set[str] = field(default_factory=set)  # OAuth clients stopped: 403 forbidden
    lock: threading.RLock = field(default_factory=threading.RLock)

    def user_by_email(self, email: str) -> User | None:
        wanted = email.strip().lower()
        return next((u for u in self.users.values() if u.email == wanted), None)

    def user_by_buyer(self, buyer_id: str) -> User | None:
        return next((u for u in self.users.values() if u.buyer_id == buyer_id), None)
