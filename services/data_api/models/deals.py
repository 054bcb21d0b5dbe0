"""Deals and their map cells (decisions.md, Data API: deal object; data-api.md)."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, Field

from services.base_models import ApiModel, BuildingFact, Meta, NamedInvestor


# --- deals (decisions.md, Data API: deal object) ----------------------------------------------


class DealParty(NamedInvestor):
    """A deal's buyer or seller; a natural person's names arrive null with `contact_redacted`
    (data-api.md, What the service does 6)."""

    contact_redacted: bool | None = None


class DealProperty(ApiModel):
    property_id: str | None = None
    city: str | None = None
    zip: str | None = None
    county_fips: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    bedrooms: BuildingFact = None
    bathrooms: BuildingFact = None
    living_area_sqft: BuildingFact = None
    year_built: BuildingFact = None


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
