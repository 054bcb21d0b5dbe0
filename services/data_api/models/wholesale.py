"""Wholesale listings, wholesalers and a lender's borrowers (fields not shown by data-api.md; docs/contract.md).

Typed where the app reads a field (the sandbox's shapes, docs/contract.md); everything else travels as
extras (`extra="allow"`).
"""

from __future__ import annotations

from datetime import date

from pydantic import Field

from services.base_models import ApiModel, NamedInvestor


class ListingWholesaler(NamedInvestor):
    id: str


class ListingBuyer(NamedInvestor):
    """The buyer of a sold listing."""


class ListingAddress(ApiModel):
    """A street address a host may serve on a listing's property (not shown: the sandbox serves none)."""

    line: str | None = None
    city: str | None = None
    zip: str | None = None


class ListingProperty(ApiModel):
    property_id: str | None = None
    line: str | None = None
    city: str | None = None
    zip: str | None = None
    county_fips: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    address: ListingAddress | None = None


class WholesaleListing(ApiModel):
    id: str
    status: str | None = None
    market: str | None = None
    published_on: date | None = None
    asking_price: float | None = None
    sold_on: date | None = None
    sold_price: float | None = None
    deal_id: str | None = None
    wholesaler: ListingWholesaler | None = None
    buyer: ListingBuyer | None = None
    property: ListingProperty | None = None


class WholesalerBuyer(NamedInvestor):
    n_purchases: int | None = None


class Wholesaler(ApiModel):
    id: str
    investor_id: str | None = None
    org_id: str | None = None
    market: str | None = None
    name: str | None = None
    display_name: str | None = None
    n_listings: int | None = None
    n_active: int | None = None
    n_pending: int | None = None
    n_sold: int | None = None
    n_buyers: int | None = None
    median_asking_price: float | None = None
    first_published_on: date | None = None
    last_published_on: date | None = None
    top_buyers: list[WholesalerBuyer] = Field(default_factory=list)
    wholesale_as_of: date | None = None


class Borrower(NamedInvestor):
    """A row of `/v1/lenders/{id}/borrowers` (fields: not shown, the sandbox's)."""

    market: str | None = None
    n_loans: int | None = None
    volume: float | None = None
    first_loan_on: date | None = None
    last_loan_on: date | None = None
