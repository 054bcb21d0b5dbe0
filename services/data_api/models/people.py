"""Investors, agents, people's listings and buyers (data-api.md; decisions.md, Data API)."""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import Field

from services.base_models import ApiModel


# --- investors ----------------------------------------------------------------------------------


class InvestorRow(ApiModel):
    """A row of `/v1/investors` or a hit of `/v1/investors/search` (fields beyond id: not shown; a
    hit carries fewer than a leaderboard's row)."""

    id: str
    org_id: str | None = None
    name: str | None = None
    display_name: str | None = None
    market: str | None = None
    state: str | None = None
    kind: str | None = None
    n_deals: int | None = None
    n_events: int | None = None
    n_parcels: int | None = None
    volume: float | None = None
    n_flips: int | None = None
    n_holds: int | None = None
    last_bought_on: date | None = None
    last_deal_on: date | None = None


class PriceBand(ApiModel):
    window: str | None = None
    p25: float | None = None
    p50: float | None = None
    p75: float | None = None
    n_priced_purchases: int | None = None


class IdHistoryEntry(ApiModel):
    registry_run: int | str | None = None
    assign_method: str | None = None
    jaccard: float | None = None
    prev_group_id: str | None = None


class LenderUsed(ApiModel):
    id: str | None = None
    name: str | None = None
    lender_class: str | None = None
    is_hard_money: bool | None = None
    n: int | None = None
    n_24m: int | None = None
    last_loan_on: date | None = None


class Financing(ApiModel):
    n_loans: int | None = None
    n_lenders: int | None = None
    lenders_used: list[LenderUsed] = Field(default_factory=list)
    last_loan: dict[str, Any] | None = None
    share_deals_financed_24m: float | None = None
    uses_hard_money: bool | None = None
    as_of: date | None = None
    dated: bool | None = None


class KindConfidence(ApiModel):
    """One kind of `confidence_by_kind`: its deals and the classifier's confidence."""

    n: int | None = None
    confidence: str | None = None


class BuyerSignal(ApiModel):
    """`buyer_signal` of an investor profile (its members beyond these: "..." in data-api.md)."""

    operator_id: str | None = None
    operator_member_ids: list[str] = Field(default_factory=list)
    activity_p_180: float | None = None
    activity_p_365: float | None = None
    cycle_state: str | None = None
    open_inventory: Any = None


class AgentLink(ApiModel):
    """One of an investor's `agent_links[]` (its members: not shown; an agent's own links name theirs)."""

    agent_id: str | None = None
    id: str | None = None
    market: str | None = None
    kind: str | None = None
    confidence: str | None = None
    link_basis: str | None = None
    n_self_listings: int | None = None


class InvestorProfile(ApiModel):
    """data-api.md, Investor profile (`/v1`): the groups shown there; the rest arrives as extras."""

    id: str
    market: str | None = None
    name: str | None = None
    display_name: str | None = None
    state: str | None = None
    kind: str | None = None
    confidence: str | None = None
    scale: str | None = None
    institutional: bool | None = None
    is_public: bool | None = None
    buyer_status: str | None = None
    mailing_states: list[str] | None = None
    registry_version: int | str | None = None
    registry_run: int | str | None = None
    id_history: list[IdHistoryEntry] = Field(default_factory=list)
    org_id: str | None = None
    kinds: list[str] = Field(default_factory=list)
    confidence_by_kind: dict[str, KindConfidence] = Field(default_factory=dict)
    classification_reasons: list[Any] = Field(default_factory=list)
    is_entity: bool | None = None
    is_ibuyer: bool | None = None
    is_production_builder: bool | None = None
    is_sfr_bulk_holder: bool | None = None
    n_deals: int | None = None
    n_flips: int | None = None
    n_wholesales: int | None = None
    n_holds: int | None = None
    n_long_holds: int | None = None
    n_builds: int | None = None
    n_acquisitions: int | None = None
    n_purchases: int | None = None
    n_sales: int | None = None
    n_priced_deals: int | None = None
    n_unpriced_deals: int | None = None
    n_parcels: int | None = None
    first_deed: date | None = None
    last_deed: date | None = None
    last_bought_on: date | None = None
    days_since_last_purchase: int | None = None
    bought_12m: int | None = None
    bought_24m: int | None = None
    price_band: PriceBand | None = None
    median_hold_days: float | None = None
    median_spread_ratio: float | None = None
    median_gross_profit: float | None = None
    median_bought_price: float | None = None
    segment_mix: Any = None  # `{segment: share}` or a list of them: not shown which
    cities_active: list[Any] = Field(default_factory=list)
    n_bought_from_wholesaler: int | None = None
    buys_wholesale: bool | None = None
    n_distressed_buys: int | None = None
    buyer_signal: BuyerSignal | None = None
    agent_links: list[AgentLink] = Field(default_factory=list)
    financing: Financing | None = None
    uses_hard_money: bool | None = None
    members: Any = None  # person-identifying: always null
    data_end: date | None = None


# --- agents and people ----------------------------------------------------------------------


class YearListings(ApiModel):
    """One of an agent's `listings.by_year[]`."""

    year: int | str | None = None
    n_listed: int | None = None
    n_sold: int | None = None
    n_self: int | None = None


class AgentListingsSummary(ApiModel):
    n_total: int | None = None
    n_active: int | None = None
    n_pending: int | None = None
    n_on_market: int | None = None
    n_sold: int | None = None
    n_off_market: int | None = None
    first_listed_on: date | None = None
    last_listed_on: date | None = None
    n_listed_12m: int | None = None
    n_sold_12m: int | None = None
    median_list_price: float | None = None
    median_sold_price: float | None = None
    by_year: list[YearListings] = Field(default_factory=list)


class BrokerageRef(ApiModel):
    """A brokerage sent as an object: its name (the documents do not show whether a brokerage is a
    name or an object with one, so `Brokerage` takes either)."""

    name: str | None = None


Brokerage = str | BrokerageRef | None


class AgentHit(ApiModel):
    """A hit of `/v1/agents/search`: the profile's identity and counts (fields beyond `id`: not shown)."""

    id: str
    market: str | None = None
    kind: str | None = None
    name: str | None = None
    current_brokerage: Brokerage = None
    identity_basis: str | None = None
    license_candidates: int | None = None
    n_listings: int | None = None
    listings: AgentListingsSummary | None = None


class InvestorLink(ApiModel):
    investor_id: str | None = None
    investor_name: str | None = None
    investor_display_name: str | None = None
    kind: str | None = None
    member_name: str | None = None
    link_basis: str | None = None
    confidence: str | None = None
    n_self_listings: int | None = None


class AgentProfile(ApiModel):
    """data-api.md, Listing agent profile (`/v1`); name and licence always null (redacted)."""

    id: str
    market: str | None = None
    kind: str | None = None
    name: str | None = None
    name_variants: Any = None
    license: str | None = None
    n_name_variants: int | None = None
    identity_basis: str | None = None
    license_candidates: int | None = None
    brokerages: list[Brokerage] = Field(default_factory=list)
    current_brokerage: Brokerage = None
    listings: AgentListingsSummary | None = None
    n_self_listings: int | None = None
    investor_links: list[InvestorLink] = Field(default_factory=list)
    has_investor_link: bool | None = None


class ListingFields(ApiModel):
    """What a listing history's row may carry: the lean row's fields (data-api.md, Listing row of one
    person's agent) and those the `/v1` agent rows add (not shown: each optional)."""

    mention_id: str | None = None
    listing_id: str | None = None
    property_id: str | None = None
    is_current: bool | None = None
    seen_from: date | None = None
    seen_to: date | None = None
    listed_on: date | None = None
    status: str | None = None
    sold_on: date | None = None
    zip: str | None = None
    county_fips: str | None = None
    city: str | None = None
    list_price: float | None = None
    sold_price: float | None = None
    roles: str | None = None
    is_team: bool | None = None
    brokerage_name: str | None = None
    office_name: str | None = None
    n_versions: int | None = None
    holder_org_ids: list[str] = Field(default_factory=list)
    n_holder_orgs: int | None = None
    holder_basis: str | None = None
    self_listing: bool | None = None
    buyer_org_ids: list[str] = Field(default_factory=list)
    buyer_rule: str | None = None
    buyer_deed_date: date | None = None
    buyer_flagged: bool | None = None
    price_match: bool | None = None


class ListingRow(ListingFields):
    """data-api.md, Listing row of one person's agent (lean)."""

    mention_id: str


class AgentListing(ListingFields):
    """A row of `/v1/agents/{id}/listings` (fields: not shown; those of a listing history read)."""


class BuyerRow(ApiModel):
    """A row of lean `/v3/buyers` (an organization; fields: not shown)."""

    org_id: str | None = None
    org_name: str | None = None
