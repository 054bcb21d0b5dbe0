"""Typed results of the Data API (pydantic v2).

Every model allows unknown fields (`extra="allow"`): `/v1` is additive (data-api.md,
Versioning 1), so a new field must never break the app. Fields are Optional wherever
the documents allow null or do not show the field; shapes come from data-api.md and,
where it says "not shown", from decisions.md.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

T = TypeVar("T")


class ApiModel(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)


# --- envelope -------------------------------------------------------------------------------


class BuildState(ApiModel):
    state: str
    build_id: str | None = None
    built_at: datetime | None = None
    published_at: datetime | None = None
    run_id: int | None = None
    financing_as_of: date | None = None
    recordings_through: date | None = None
    financing_source: str | None = None


class Build(ApiModel):
    states: list[BuildState] = Field(default_factory=list)


class Meta(ApiModel):
    """`meta` of any response; lean fields and `/v1` fields are all optional."""

    generated_at: datetime | None = None
    coverage: list[dict[str, Any]] = Field(default_factory=list)
    terms: str | None = None
    build: Build | None = None
    resolved_from: list[str] = Field(default_factory=list)
    resolution: int | None = None


class PageInfo(ApiModel):
    next_cursor: str | None = None
    limit: int | None = None
    returned: int | None = None
    capped: bool | None = None


class Retrieved(BaseModel, Generic[T]):
    """One record and how it was reached: `resolved_from` lists old ids that were followed."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    data: T
    resolved_from: list[str] = Field(default_factory=list)
    meta: Meta = Field(default_factory=Meta)


class SearchResult(BaseModel, Generic[T]):
    """A ranked name search: at most 50 hits; `capped` says more matched."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    items: list[T] = Field(default_factory=list)
    capped: bool = False
    meta: Meta = Field(default_factory=Meta)


# --- deals (decisions.md, Data API: deal object) ----------------------------------------------


class DealParty(ApiModel):
    investor_id: str | None = None
    name: str | None = None
    display_name: str | None = None


class DealProperty(ApiModel):
    property_id: str | None = None
    city: str | None = None
    zip: str | None = None
    county_fips: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    # Not typed by the documents: an int stays an int, a float stays a float.
    bedrooms: int | float | None = None
    bathrooms: int | float | None = None
    living_area_sqft: int | float | None = None
    year_built: int | float | None = None


class Deal(ApiModel):
    id: str
    sale_date: date | None = None
    price: int | None = None  # null, never 0, when the deed carries no price
    kind: str | None = None
    buyer: DealParty | None = None
    seller: DealParty | None = None
    property: DealProperty | None = None
    lender_id: str | None = None
    listing_id: str | None = None
    distance_miles: float | None = None


class MonthCount(ApiModel):
    month: str
    n: int


class DealSummary(ApiModel):
    n_deals: int = 0
    n_investors: int = 0
    n_priced: int = 0
    median_price: float | None = None
    by_kind: dict[str, int] = Field(default_factory=dict)
    by_month: list[MonthCount] = Field(default_factory=list)


class Cell(ApiModel):
    cell: str
    n_deals: int
    n_investors: int | None = None
    median_price: float | None = None


class CellsResult(BaseModel):
    cells: list[Cell]
    resolution: int
    meta: Meta = Field(default_factory=Meta)


# --- investors ----------------------------------------------------------------------------------


class InvestorRow(ApiModel):
    """A row of `/v1/investors` or a hit of `/v1/investors/search` (fields beyond id: not shown)."""

    id: str
    name: str | None = None
    display_name: str | None = None
    market: str | None = None
    state: str | None = None
    kind: str | None = None
    n_deals: int | None = None
    last_bought_on: date | None = None


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
    kinds: list[str] = Field(default_factory=list)
    classification_reasons: list[Any] = Field(default_factory=list)
    n_deals: int | None = None
    n_flips: int | None = None
    n_wholesales: int | None = None
    n_holds: int | None = None
    n_long_holds: int | None = None
    n_builds: int | None = None
    n_acquisitions: int | None = None
    n_purchases: int | None = None
    n_sales: int | None = None
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
    cities_active: list[Any] = Field(default_factory=list)
    agent_links: list[dict[str, Any]] = Field(default_factory=list)
    financing: Financing | None = None
    members: Any = None  # person-identifying: always null
    data_end: date | None = None


# --- agents and people ----------------------------------------------------------------------


class AgentHit(ApiModel):
    id: str
    market: str | None = None
    kind: str | None = None
    name: str | None = None


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
    by_year: list[dict[str, Any]] = Field(default_factory=list)


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
    brokerages: list[Any] = Field(default_factory=list)
    current_brokerage: Any = None
    listings: AgentListingsSummary | None = None
    n_self_listings: int | None = None
    investor_links: list[InvestorLink] = Field(default_factory=list)
    has_investor_link: bool | None = None


class ListingRow(ApiModel):
    """data-api.md, Listing row of one person's agent (lean)."""

    mention_id: str
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
    roles: str | None = None
    is_team: bool | None = None
    brokerage_name: str | None = None
    office_name: str | None = None
    holder_org_ids: list[str] = Field(default_factory=list)
    n_holder_orgs: int | None = None
    holder_basis: str | None = None
    self_listing: bool | None = None
    buyer_org_ids: list[str] = Field(default_factory=list)
    buyer_rule: str | None = None
    buyer_deed_date: date | None = None
    buyer_flagged: bool | None = None
    price_match: bool | None = None


class AgentListing(ApiModel):
    """A row of `/v1/agents/{id}/listings` (fields: not shown)."""


class BuyerRow(ApiModel):
    """A row of lean `/v3/buyers` (an organization; fields: not shown)."""

    org_id: str | None = None
    org_name: str | None = None


# --- marketplace listing (lean) ----------------------------------------------------------------


class Party(ApiModel):
    org_id: str | None = None
    org_name: str | None = None
    from_registry: bool | None = None
    match: str | None = None


class Closing(ApiModel):
    deal_id: str | None = None
    sale_date: date | None = None
    price: int | None = None
    window: str | None = None
    buyer: Party | None = None


class ListingParcel(ApiModel):
    line: str | None = None
    unit: str | None = None
    city: str | None = None
    zip: str | None = None
    county_fips: str | None = None
    apn: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    address_held_back: bool | None = None
    location_radius_m: float | None = None
    # Not typed by the documents: an int stays an int, a float stays a float.
    bedrooms: int | float | None = None
    bathrooms: int | float | None = None
    living_area_sqft: int | float | None = None
    year_built: int | float | None = None


class MarketplaceListing(ApiModel):
    """data-api.md, Marketplace listing with the reading of the deeds (lean)."""

    listing_id: str
    source: str | None = None
    source_listing_id: str | None = None
    published_on: date | None = None
    status_word: str | None = None
    asking_price: int | None = None
    buy_now_price: int | None = None
    zip: str | None = None
    property_id: str | None = None
    resolve: str | None = None
    n_candidates: int | None = None
    legs: dict[str, int | None] | None = None
    closing: Closing | None = None
    price_within_asking: bool | None = None
    outcome: str | None = None
    seller: Party | None = None
    wholesaler: Party | None = None
    parcel: ListingParcel | None = None
    distance_miles: float | None = None


# --- lenders (fields: not shown) -------------------------------------------------------------


class Lender(ApiModel):
    id: str
    name: str | None = None


class LoanRow(ApiModel):
    pass


class LenderCell(ApiModel):
    """A cell of `/v1/lenders/cells` (fields not shown by data-api.md; the sandbox's)."""

    cell: str
    n_loans: int | None = None
    n_lenders: int | None = None
    median_price: float | None = None


class LenderCellsResult(BaseModel):
    cells: list[LenderCell]
    resolution: int
    meta: Meta = Field(default_factory=Meta)


# --- coverage and freshness ----------------------------------------------------------------


class DatasetStatus(ApiModel):
    status: str | None = None  # served, partial, not_measured, not_published
    dated: bool | None = None
    stale: bool | None = None
    as_of: date | str | None = None
    gate: str | None = None
    granularity: str | None = None
    scope: str | None = None


class CoverageMarket(ApiModel):
    market: str
    state: str | None = None
    name: str | None = None
    bbox: list[float] | None = None
    data_end: date | None = None
    dataset_version: int | None = None
    datasets: dict[str, DatasetStatus] = Field(default_factory=dict)


class CoveragePlace(ApiModel):
    status: str  # "covered" | "outside"


class Coverage(ApiModel):
    place: CoveragePlace | None = None
    markets: list[CoverageMarket] = Field(default_factory=list)


class DatasetState(ApiModel):
    state: str
    run_id: int | None = None
    published_at: datetime | None = None


class Dataset(ApiModel):
    """`GET /v1/dataset` (decisions.md, Data API)."""

    dataset_version: int
    data_end: date | None = None
    published_at: datetime | None = None
    states: list[DatasetState] = Field(default_factory=list)
