"""Typed results of the Marketplace API (pydantic v2; marketplace-api.md, Resources; decisions.md).

Every model allows unknown fields (`extra="allow"`): `/v1` is additive, and where the
document says "not shown" (deals, events, the `/me` members' names) only the fields the
app reads are declared; the rest travel as extras, so `model_dump(mode="json")` gives back
what the server sent. Timestamps stay strings as sent (UTC, ending `Z`), and amounts keep
their JSON type (an integer stays an integer), so a dump equals the body.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from services.base_models import ApiModel

Amount = int | float


class MarketplaceModel(ApiModel):
    """A Marketplace API result (pages get it as plain data: `adapter.values.plain`)."""


# --- offers (marketplace-api.md, Offer) -----------------------------------------------------


class MarketplaceOffer(MarketplaceModel):
    """One round of an offer chain; write answers and `retrieve` add the whole `chain`."""

    id: str
    deal_id: str | None = None
    buyer_id: str | None = None
    status: str | None = None  # contract.OFFER_STATUSES
    offer_amount: Amount | None = None
    emd_amount: Amount | None = None
    financing: str | None = None
    submitted_by: str | None = None  # "buyer" or the seller's side
    round: int | None = None
    parent_offer_id: str | None = None
    root_offer_id: str | None = None
    note: str | None = None
    decline_reason: str | None = None  # contract.DECLINE_REASONS
    channel: str | None = None
    created_at: str | None = None
    updated_at: str | None = None
    chain: list[MarketplaceOffer] | None = None


class DealTerms(MarketplaceModel):
    """A deal's terms (the sandbox's: docs/contract.md); what makes a preview stale."""

    asking_price: Amount | None = None
    min_emd: Amount | None = None
    closing_date: str | None = None


class PreviewTerms(MarketplaceModel):
    offer_id: str | None = None
    offer_amount: Amount | None = None
    emd_amount: Amount | None = None
    financing: str | None = None
    deal: DealTerms | None = None


class OfferPreview(MarketplaceModel):
    """The counter preview of an open seller round (decisions.md): valid five minutes."""

    preview_token: str
    expires_at: str | None = None
    terms: PreviewTerms | None = None


# --- deals (fields not shown by the document; decisions.md names the routes) ----------------


class MarketplaceDeal(MarketplaceModel):
    id: str
    title: str | None = None
    status: str | None = None  # "active", "pending", ...
    terms: DealTerms | None = None
    seller: dict[str, Any] | None = None  # {seller_id, name}
    property: dict[str, Any] | None = None  # city, state, zip, property_type, ...
    property_id: str | None = None  # the deed records' parcel, when the seller named it


# --- proof of funds (decisions.md, Marketplace; marketplace-api.md, Upload slot) ------------


class UploadSlot(MarketplaceModel):
    method: str | None = None
    url: str
    fields: dict[str, Any] = Field(default_factory=dict)
    key: str
    content_type: str | None = None
    max_bytes: int | None = None
    expires_in: int | None = None


class ProofOfFundsLetter(MarketplaceModel):
    """The letter on file: `{on_file, is_expired, expires_at, lender_name}`."""

    on_file: bool | None = None
    is_expired: bool | None = None
    expires_at: str | None = None
    lender_name: str | None = None


# --- GET /me (marketplace-api.md; member names: docs/contract.md) ---------------------------


class AccountUser(MarketplaceModel):
    buyer_id: str | None = None
    name: str | None = None
    email: str | None = None
    email_verified: bool | None = None
    phone_verified: bool | None = None


class AccountOrganization(MarketplaceModel):
    seller_id: str | None = None
    name: str | None = None
    slug: str | None = None
    role: str | None = None
    designations: list[str] | None = None


class TrustFact(MarketplaceModel):
    fact: str | None = None
    value: Any = None
    source: str | None = None


class Trust(MarketplaceModel):
    tier: str | None = None
    facts: list[TrustFact] = Field(default_factory=list)
    next_step: dict[str, Any] | None = None


class UsageCap(MarketplaceModel):
    """A `caps` row: `action`, `limit`, `used`, `remaining`, `resets_at` (+ the sandbox's `window`)."""

    action: str
    limit: int | None = None
    used: int | None = None
    remaining: int | None = None
    resets_at: str | None = None


class SideTerms(MarketplaceModel):
    accepted: bool | None = None
    agreement_id: str | None = None


class Account(MarketplaceModel):
    """`GET /me`: who, sides, scopes, trust tier, caps and terms per side."""

    user: AccountUser | None = None
    organization: AccountOrganization | None = None
    designations: Any = None
    sides: list[str] = Field(default_factory=list)
    scopes: list[str] = Field(default_factory=list)
    client_id: str | None = None
    trust: Trust | None = None
    caps: list[UsageCap] = Field(default_factory=list)
    terms: dict[str, SideTerms] = Field(default_factory=dict)
    environment: str | None = None
    api_version: str | None = None


# --- events (kinds and payloads not shown; the sandbox's: docs/contract.md) -----------------


class MarketplaceEvent(MarketplaceModel):
    id: str
    type: str | None = None
    created_at: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)
