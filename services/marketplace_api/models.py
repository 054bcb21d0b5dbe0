"""Typed results of the Marketplace API (pydantic v2; marketplace-api.md, Resources; decisions.md).

Every model allows unknown fields (`extra="allow"`): `/v1` is additive, and where the
document says "not shown" (deals, events, the `/me` members' names) only the fields the
app reads are declared; the rest travel as extras, so `model_dump(mode="json")` gives back
what the server sent. Timestamps stay strings as sent (UTC, ending `Z`), and amounts keep
their JSON type (an integer stays an integer), so a dump equals the body.
"""

from __future__ import annotations

import builtins
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, Field

from services.base_models import ApiModel

Amount = int | float


class MarketplaceModel(ApiModel):
    """A Marketplace API result, as the pages read it."""


def _object_or_none(value: Any) -> Any:
    return value if isinstance(value, dict | BaseModel) else None


def _objects(value: Any) -> Any:
    return [item for item in value if isinstance(item, dict | BaseModel)] if isinstance(value, list) else []


# A block the documents do not type (its members are the sandbox's, docs/contract.md): read where
# a host sends an object (a list of them), and as absent (empty) where it sends another form.
Block = BeforeValidator(_object_or_none)
Blocks = BeforeValidator(_objects)


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

    @property
    def deal_terms(self) -> DealTerms:
        """The deal's terms the preview fixed: its `deal`, else the deal's members where a host
        sends them beside the offer's (the shape is the sandbox's, docs/contract.md)."""
        return self.deal or DealTerms.model_validate(self.model_dump())


class OfferPreview(MarketplaceModel):
    """The counter preview of an open seller round (decisions.md): valid five minutes."""

    preview_token: str
    expires_at: str | None = None
    terms: PreviewTerms | None = None


# --- deals (fields not shown by the document; decisions.md names the routes) ----------------


class DealSeller(MarketplaceModel):
    seller_id: str | None = None
    name: str | None = None


class DealProperty(MarketplaceModel):
    """Where and what the property is; its street stays with the seller until an address request."""

    city: str | None = None
    state: str | None = None
    zip: str | None = None
    property_type: str | None = None
    bedrooms: Amount | None = None
    bathrooms: Amount | None = None
    living_area_sqft: Amount | None = None


class MarketplaceDeal(MarketplaceModel):
    id: str
    title: str | None = None
    status: str | None = None  # "active", "pending", ...
    terms: DealTerms | None = None
    seller: DealSeller | None = None
    property: DealProperty | None = None
    property_id: str | None = None  # the deed records' parcel, when the seller named it
    published_at: str | None = None

    # `builtins.property`: the field `property` above shadows the name in this class's body.
    @builtins.property
    def deal_terms(self) -> DealTerms:
        """Its terms, each None where the host does not say it."""
        return self.terms or DealTerms()

    @builtins.property
    def place(self) -> DealProperty:
        return self.property or DealProperty()


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


class TrustStep(MarketplaceModel):
    """The trust tier's next step: the tier it leads to and what to do."""

    tier: str | None = None
    action: str | None = None


class Trust(MarketplaceModel):
    tier: str | None = None
    facts: list[TrustFact] = Field(default_factory=list)
    next_step: Annotated[TrustStep | None, Block] = None


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
    """An event; its `data` is whatever the kind carries (the sandbox's: an `offer` and its
    `deal_id`), so it is read here, each member None where this event does not carry it."""

    id: str
    type: str | None = None
    created_at: str | None = None
    data: Any = None

    def _member(self, holder: Any, name: str) -> str | None:
        value = holder.get(name) if isinstance(holder, dict) else None
        return str(value) if isinstance(value, str | int) and value != "" else None

    @property
    def offer_id(self) -> str | None:
        return self._member(self._offer(), "id")

    @property
    def offer_status(self) -> str | None:
        return self._member(self._offer(), "status")

    @property
    def deal_id(self) -> str | None:
        return self._member(self.data, "deal_id") or self._member(self._offer(), "deal_id")

    def _offer(self) -> Any:
        return self.data.get("offer") if isinstance(self.data, dict) else None
