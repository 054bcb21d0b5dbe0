"""Marketplace listings (lean), lenders, coverage and the dataset probe (data-api.md; decisions.md)."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import BaseModel, Field

from services.base_models import ApiModel, BuildingFact, Meta


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
    bedrooms: BuildingFact = None
    bathrooms: BuildingFact = None
    living_area_sqft: BuildingFact = None
    year_built: BuildingFact = None


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


class LenderMarket(ApiModel):
    """One of a lender's `markets[]`: its loans there."""

    market: str | None = None
    n_loans: int | None = None


class LenderYear(ApiModel):
    year: int | str | None = None
    n_loans: int | None = None


class Lender(ApiModel):
    """A lender: a hit, a row of a market's leaders or a profile (fields: not shown, the sandbox's;
    a hit and a row carry fewer)."""

    id: str
    org_id: str | None = None
    name: str | None = None
    lender_class: str | None = None
    is_hard_money: bool | None = None
    n_loans: int | None = None
    n_borrowers: int | None = None
    n_loans_24m: int | None = None
    volume: float | None = None
    median_amount: float | None = None
    first_loan_on: date | None = None
    last_loan_on: date | None = None
    markets: list[LenderMarket] = Field(default_factory=list)
    by_year: list[LenderYear] = Field(default_factory=list)
    financing_as_of: date | None = None


class RankedLender(ApiModel):
    """A lender of the registry with its own rank and figures in one market (its `/rankings` row for
    it: services/data_api/lender_ranking.py). The figures are the sandbox's (docs/contract.md)."""

    id: str
    name: str | None = None
    lender_class: str | None = None
    is_hard_money: bool | None = None
    rank: int
    n_lenders: int | None = None
    n_loans: int | None = None
    volume: int | float | None = None
    share: float | None = None


class LoanRow(ApiModel):
    """A row of `/v1/lenders/{id}/loans` (fields: not shown, the sandbox's)."""

    loan_id: str | None = None
    deal_id: str | None = None
    recorded_on: date | None = None
    amount: float | None = None
    term_months: int | None = None
    kind: str | None = None
    borrower_id: str | None = None
    borrower_name: str | None = None
    property_id: str | None = None
    zip: str | None = None
    county_fips: str | None = None
    market: str | None = None


class Ranking(ApiModel):
    """A row of `/v1/lenders/{id}/rankings`: the lender's rank in one market (fields: not shown)."""

    market: str | None = None
    rank: int | None = None
    n_lenders: int | None = None
    n_loans: int | None = None
    volume: float | None = None
    share: float | None = None


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


class CoverageCounty(ApiModel):
    """One of a market's `counties[]` (data-api.md, `meta.coverage[]`)."""

    fips: str | None = None
    name: str | None = None
    data_end: date | None = None


class CoverageMarket(ApiModel):
    market: str
    state: str | None = None
    name: str | None = None
    bbox: list[float] | None = None
    data_end: date | None = None
    dataset_version: int | None = None
    counties: list[CoverageCounty] = Field(default_factory=list)
    datasets: dict[str, DatasetStatus] = Field(default_factory=dict)


class CoveragePlace(ApiModel):
    """`place` of `/v1/coverage`: its status and the place as the service understood it (decisions.md;
    which members it echoes is not shown, so each is optional)."""

    status: str  # "covered" | "outside"
    zip: str | None = None
    county: str | None = None
    fips: str | None = None
    name: str | None = None
    lat: float | None = None
    lng: float | None = None
    market: str | None = None


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
