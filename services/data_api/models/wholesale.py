"""Wholesale listings, wholesalers and a lender's borrowers (fields not shown by data-api.md; docs/contract.md).

Typed only where the app reads a field; everything else travels as extras (`extra="allow"`).
"""

from __future__ import annotations

from datetime import date

from pydantic import Field

from services.base_models import ApiModel


class ListingWholesaler(ApiModel):
    id: str
    investor_id: str | None = None
    name: str | None = None


class ListingBuyer(ApiModel):
    investor_id: str | None = None
    name: str | None = None
    display_name: str | None = None


class ListingProperty(ApiModel):
    property_id: str | None = None
    city: str | None = None
    zip: str | None = None
    latitude: float | None = None
    longitude: float | None = None


class WholesaleListing(ApiModel):
    id: str
    status: str | None = None
    market: str | None = None
    published_on: str | None = None
    asking_price: int | None = None
    sold_on: str | None = None
    sold_price: int | None = None
    deal_id: str | None = None
    wholesaler: ListingWholesaler | None = None
    buyer: ListingBuyer | None = None
    property: ListingProperty | None = None


class WholesalerBuyer(ApiModel):
    investor_id: str | None = None
    name: str | None = None
    n_purchases: int | None = None


class Wholesaler(ApiModel):
    id: str
    investor_id: str | None = None
    market: str | None = None
    name: str | None = None
    display_name: str | None = None
    n_listings: int | None = None
    top_buyers: list[WholesalerBuyer] = Field(default_factory=list)


class Borrower(ApiModel):
    """A row of `/v1/lenders/{id}/borrowers` (fields: not shown, the sandbox's)."""

    investor_id: str | None = None
    name: str | None = None
    display_name: str | None = None
    market: str | None = None
    n_loans: int | None = None
    volume: float | None = None
    first_loan_on: date | None = None
    last_loan_on: date | None = None
