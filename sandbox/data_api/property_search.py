"""The JSON body of `POST /v1/properties/search` (docs/contract.md, Parcel search body).

data-api.md: "the only route with a JSON body because criteria nest". The body's shape is
ours (the documents do not show it): a `place` (exactly one of a ZIP list, a point with a
radius, a bbox, a postal city, a property id, an address with its ZIP, an APN), then optional
`property`, `owner` and `last_sale` criteria, `sort`, `limit`, `cursor`. Unknown members
answer `400 validation_error`, as unknown query parameters do elsewhere.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from sandbox.core.problems import Problem
from sandbox.data_api.filters import MAX_RADIUS_MILES, parse_zips, validation_error
from sandbox.data_api.ids import parse_prefixed


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Address(_Strict):
    line: Annotated[str, Field(min_length=1, max_length=200, description="Street line, e.g. 123 Oak St")]
    unit: Annotated[str | None, Field(max_length=40)] = None
    zip: Annotated[str, Field(pattern=r"^\d{5}$", description="Its five-digit ZIP")]


class Place(_Strict):
    zip: list[str] | None = None
    lat: Annotated[float | None, Field(ge=-90, le=90)] = None
    lng: Annotated[float | None, Field(ge=-180, le=180)] = None
    radius_miles: Annotated[float | None, Field(gt=0, le=MAX_RADIUS_MILES)] = None
    bbox: Annotated[list[float] | None, Field(min_length=4, max_length=4, description="west,south,east,north")] = None
    city: Annotated[str | None, Field(min_length=1, max_length=64)] = None
    property_id: str | None = None
    address: Address | None = None
    apn: Annotated[str | None, Field(min_length=1, max_length=40)] = None
    county_fips: Annotated[str | None, Field(pattern=r"^\d{5}$", description="Narrows an APN to one county")] = None


class PropertyCriteria(_Strict):
    beds_min: Annotated[int | None, Field(ge=0)] = None
    beds_max: Annotated[int | None, Field(ge=0)] = None
    baths_min: Annotated[float | None, Field(ge=0)] = None
    year_built_min: int | None = None
    year_built_max: int | None = None
    sqft_min: Annotated[int | None, Field(ge=0)] = None
    sqft_max: Annotated[int | None, Field(ge=0)] = None


class OwnerCriteria(_Strict):
    kind: Literal["organization", "person"] | None = None
    investor_id: Annotated[str | None, Field(pattern=r"^inv_[0-9a-f]{12}$")] = None


class LastSale(_Strict):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    date_from: Annotated[date | None, Field(alias="from")] = None
    date_to: Annotated[date | None, Field(alias="to")] = None
    min_price: Annotated[int | None, Field(ge=0)] = None
    max_price: Annotated[int | None, Field(ge=0)] = None


PropertySort = Literal["zip", "last_sale_desc", "last_sale_price_desc"]


class PropertySearch(_Strict):
    place: Place
    property: PropertyCriteria = PropertyCriteria()
    owner: OwnerCriteria = OwnerCriteria()
    last_sale: LastSale = LastSale()
    sort: PropertySort = "zip"
    limit: Annotated[int | None, Field(ge=1, description="1-500, default 100")] = None
    cursor: str | None = None


def place_kind(place: Place) -> str:
    """The one place the body names, or `400 geometry_required` / `geometry_conflict` (as on the list routes)."""
    if (place.lat is None) != (place.lng is None):
        raise validation_error("place.lat", "lat and lng go together.")
    if place.radius_miles is not None and place.lat is None:
        raise validation_error("place.radius_miles", "radius_miles needs lat and lng.")
    if place.county_fips is not None and place.apn is None:
        raise validation_error("place.county_fips", "county_fips narrows an apn; send it with apn.")
    given = [name for name, present in (
        ("point", place.radius_miles is not None), ("bbox", place.bbox is not None), ("zip", bool(place.zip)),
        ("city", place.city is not None), ("property_id", place.property_id is not None),
        ("address", place.address is not None), ("apn", place.apn is not None)) if present]
    if not given:
        raise Problem(400, "geometry_required",
                      "Give a place: zip, lat+lng+radius_miles, bbox, city, property_id, address (with its zip) or apn.")
    if len(given) > 1:
        raise Problem(400, "geometry_conflict", f"Give one place, not {' and '.join(given)}.")
    if place.bbox is not None:
        west, south, east, north = place.bbox
        if not (-180 <= west < east <= 180 and -90 <= south < north <= 90):
            raise validation_error("place.bbox", "bbox is [west, south, east, north] with west < east and south < north.")
    if place.zip is not None:
        place.zip = list(parse_zips(place.zip))
    if place.property_id is not None:
        parse_prefixed(place.property_id, "prop_", 32, "place.property_id")
    return given[0]


def checked_criteria(search: PropertySearch) -> None:
    """Ranges that cannot hold a parcel are refused before any read."""
    for low, high, name in ((search.property.beds_min, search.property.beds_max, "property.beds_min"),
                            (search.property.year_built_min, search.property.year_built_max, "property.year_built_min"),
                            (search.property.sqft_min, search.property.sqft_max, "property.sqft_min"),
                            (search.last_sale.min_price, search.last_sale.max_price, "last_sale.min_price"),
                            (search.last_sale.date_from, search.last_sale.date_to, "last_sale.from")):
        if low is not None and high is not None and low > high:
            raise validation_error(name, f"{name} is above its maximum.")
