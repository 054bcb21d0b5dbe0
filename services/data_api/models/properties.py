"""The parcel level: parcel search rows, a parcel's deeds, loans, permits and listings, buyers match, STR parcels.

data-api.md shows none of these objects; the shapes are docs/contract.md's ("Parcel level"), read
additively: every field is optional, so a field the host leaves out (a natural person's `owner`,
`buyer`, `seller`, `borrower` on the parcel routes: omitted, no flag) never breaks a read.
"""

from __future__ import annotations

from services.base_models import ApiModel, NamedInvestor


class ParcelAddress(ApiModel):
    line: str | None = None
    unit: str | None = None
    city: str | None = None
    zip: str | None = None


class Owner(NamedInvestor):
    """An organization on a parcel route; absent altogether for a natural person."""

    kind: str | None = None
    contact_redacted: bool | None = None


class LastSale(ApiModel):
    date: str | None = None
    price: int | None = None


class Parcel(ApiModel):
    """A row of `POST /v1/properties/search`."""

    property_id: str
    market: str | None = None
    address: ParcelAddress | None = None
    county_fips: str | None = None
    apn: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    bedrooms: int | None = None
    bathrooms: float | None = None
    living_area_sqft: int | None = None
    lot_sqft: int | None = None
    year_built: int | None = None
    last_sale: LastSale | None = None
    n_deeds: int | None = None
    owner: Owner | None = None
    distance_miles: float | None = None


class Deed(ApiModel):
    """One deed of a parcel's chain of title (`/history`)."""

    deal_id: str | None = None
    recorded_on: str | None = None
    price: int | None = None
    kind: str | None = None
    lender_id: str | None = None
    buyer: Owner | None = None
    seller: Owner | None = None


class LoanLender(ApiModel):
    id: str | None = None
    name: str | None = None
    lender_class: str | None = None
    is_hard_money: bool | None = None


class ParcelLoan(ApiModel):
    """One loan of a parcel (`/financing`)."""

    loan_id: str | None = None
    deal_id: str | None = None
    recorded_on: str | None = None
    amount: int | None = None
    term_months: int | None = None
    lender: LoanLender | None = None
    borrower: Owner | None = None


class Permit(ApiModel):
    permit_number: str | None = None
    kind: str | None = None
    status: str | None = None
    issued_on: str | None = None
    finaled_on: str | None = None
    valuation: int | None = None
    contractor_name: str | None = None


class ParcelListing(ApiModel):
    """One listing of a parcel (`/listing-history`)."""

    listing_id: str | None = None
    listed_on: str | None = None
    status: str | None = None
    sold_on: str | None = None
    list_price: int | None = None
    sold_price: int | None = None
    n_versions: int | None = None
    brokerage_name: str | None = None
    self_listing: bool | None = None


class MatchBand(ApiModel):
    p25: int | None = None
    p50: int | None = None
    p75: int | None = None


class MatchReasons(ApiModel):
    n_bought_nearby: int | None = None
    nearest_miles: float | None = None
    last_bought_nearby_on: str | None = None
    median_price_nearby: int | None = None
    kinds_nearby: list[str] = []
    price_band: MatchBand | None = None
    in_price_band: bool | None = None
    n_deals: int | None = None


class BuyerMatch(ApiModel):
    """A row of `GET /v1/buyers/match`: an investor, its rank and score, and why."""

    rank: int | None = None
    investor: Owner
    score: float | None = None
    why: MatchReasons = MatchReasons()


class StrParcel(ApiModel):
    """A row of `GET /v1/str-parcels`."""

    property_id: str
    market: str | None = None
    address: ParcelAddress | None = None
    latitude: float | None = None
    longitude: float | None = None
    bedrooms: int | None = None
    bathrooms: float | None = None
    platforms: list[str] = []
    is_active: bool | None = None
    first_seen_on: str | None = None
    last_seen_on: str | None = None
    nightly_rate: int | None = None
    occupancy_rate: float | None = None
    annual_revenue_est: int | None = None
    has_permit: bool | None = None
    owner: Owner | None = None


class ParcelCandidate(ApiModel):
    """One of the `candidates[]` an ambiguous address or APN names (`422 ambiguous_address`,
    `ambiguous_apn`; members not shown: the sandbox's, docs/contract.md)."""

    property_id: str
    line: str | None = None
    unit: str | None = None
    zip: str | None = None
    apn: str | None = None
    county_fips: str | None = None

