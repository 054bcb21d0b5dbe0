"""The filters shared by `/v1/deals`, `/summary`, `/cells` and `/v1/investors` (decisions.md, Data API).

Geometry (data-api.md, Conventions "Place inputs" and the geometry rules): exactly one of
a point (`lat`+`lng`+`radius_miles`, at most 20), `bbox`, a `zip` list, a postal `city`,
or a `property_id`; with a place, `lat`/`lng` alone are the reference point for distances.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Annotated

from fastapi import Query

from sandbox.core.problems import Problem
from sandbox.data_api.data.markets import MARKETS_BY_CODE
from sandbox.data_api.ids import parse_prefixed

MAX_RADIUS_MILES = 20  # data-api.md, Limits 6
DEAL_KINDS = ("flip", "wholesale", "long_hold", "hold", "build", "acquisition")
_ZIP = re.compile(r"^\d{5}$")


@dataclass(frozen=True)
class Point:
    lat: float
    lng: float


@dataclass(frozen=True)
class DealFilters:
    point: Point | None = None  # the reference point for distances (and the geometry with a radius)
    radius_miles: float | None = None
    bbox: tuple[float, float, float, float] | None = None
    zips: tuple[str, ...] = ()
    city: str | None = None
    property_id: str | None = None  # 32 hex, without its prefix
    date_from: date | None = None
    date_to: date | None = None
    kinds: tuple[str, ...] = ()
    min_price: int | None = None
    max_price: int | None = None
    markets: tuple[str, ...] = field(default=())


def split_list(values: list[str] | None) -> list[str]:
    """List parameters are comma-separated or repeated keys (data-api.md, Conventions)."""
    return [part.strip() for value in values or [] for part in value.split(",") if part.strip()]


def validation_error(param: str, message: str, code: str = "invalid") -> Problem:
    return Problem(400, "validation_error", f"Invalid value for {param}: {message}",
                   errors=[{"param": param, "message": message, "code": code}])


def market_code(market: str | None) -> str | None:
    """A served market's code from a `market` parameter (any case), or None when it is absent."""
    if market is None:
        return None
    code = market.strip().upper()
    if code not in MARKETS_BY_CODE:
        raise validation_error("market", f"unknown market {market!r}; use one of {', '.join(MARKETS_BY_CODE)}.")
    return code


def parse_bbox(raw: str) -> tuple[float, float, float, float]:
    parts = raw.split(",")
    expected = "bbox is west,south,east,north in degrees, e.g. -97.0,32.6,-96.6,33.0."
    try:
        west, south, east, north = (float(part) for part in parts)
    except ValueError:
        raise validation_error("bbox", expected) from None
    if not (-180 <= west < east <= 180 and -90 <= south < north <= 90):
        raise validation_error("bbox", f"west must be less than east and south less than north. {expected}")
    return west, south, east, north


def parse_kinds(values: list[str] | None) -> tuple[str, ...]:
    kinds = split_list(values)
    unknown = [kind for kind in kinds if kind not in DEAL_KINDS]
    if unknown:
        raise validation_error("kind", f"unknown kind {', '.join(unknown)}; use one of {', '.join(DEAL_KINDS)}.", "invalid_enum")
    return tuple(dict.fromkeys(kinds))


def parse_zips(values: list[str] | None) -> tuple[str, ...]:
    zips = split_list(values)
    bad = [z for z in zips if not _ZIP.match(z)]
    if bad:
        raise validation_error("zip", f"{', '.join(bad[:5])} is not a five-digit ZIP (keep leading zeros, e.g. 07002).")
    return tuple(dict.fromkeys(zips))


# Async (pure parsing, no I/O) so that FastAPI runs it on the event loop, not in a worker thread.
async def deal_filters(
    lat: Annotated[float | None, Query(ge=-90, le=90, description="Latitude of the point or the reference point")] = None,
    lng: Annotated[float | None, Query(ge=-180, le=180, description="Longitude of the point or the reference point")] = None,
    radius_miles: Annotated[float | None, Query(description="Radius around lat/lng, above 0 and at most 20")] = None,
    bbox: Annotated[str | None, Query(description="west,south,east,north")] = None,
    zip: Annotated[list[str] | None, Query(description="ZIP list, comma-separated or repeated")] = None,
    city: Annotated[str | None, Query(min_length=1, max_length=64, description="Postal city")] = None,
    property_id: Annotated[str | None, Query(description="prop_ + 32 hex")] = None,
    date_from: Annotated[date | None, Query(alias="from", description="Sale date on or after, YYYY-MM-DD")] = None,
    date_to: Annotated[date | None, Query(alias="to", description="Sale date on or before, YYYY-MM-DD")] = None,
    kind: Annotated[list[str] | None, Query(description="flip, wholesale, long_hold, hold, build, acquisition")] = None,
    min_price: Annotated[int | None, Query(ge=0, description="Whole dollars")] = None,
    max_price: Annotated[int | None, Query(ge=0, description="Whole dollars")] = None,
) -> DealFilters:
    if (lat is None) != (lng is None):
        raise validation_error("lat" if lat is None else "lng", "lat and lng go together.")
    if radius_miles is not None:
        if lat is None:
            raise validation_error("radius_miles", "radius_miles needs lat and lng.")
        if math.isnan(radius_miles):
            raise validation_error("radius_miles", "radius_miles must be a number of miles, e.g. 2.5.")
        if radius_miles <= 0:
            raise validation_error("radius_miles", "radius_miles must be above 0.", "too_small")
        if radius_miles > MAX_RADIUS_MILES:
            raise validation_error("radius_miles", f"radius_miles is at most {MAX_RADIUS_MILES}; "
                                   "draw a smaller circle or use a bbox.", "too_big")
    if zip is not None and not split_list(zip):
        raise validation_error("zip", "zip is empty; give one or more five-digit ZIPs, comma-separated.")
    places = {
        "lat/lng/radius_miles": radius_miles is not None,
        "bbox": bbox is not None,
        "zip": bool(zip),
        "city": city is not None,
        "property_id": property_id is not None,
    }
    given = [name for name, present in places.items() if present]
    if not given:
        detail = ("Give a place: lat+lng+radius_miles, bbox, zip, city or property_id."
                  if lat is None else "lat and lng alone are a reference point; add radius_miles or a place.")
        raise Problem(400, "geometry_required", detail)
    if len(given) > 1:
        raise Problem(400, "geometry_conflict", f"Give one place, not {' and '.join(given)}.")
    if date_from and date_to and date_from > date_to:
        raise validation_error("from", "from is after to.")
    if min_price is not None and max_price is not None and min_price > max_price:
        raise validation_error("min_price", "min_price is above max_price.")
    return DealFilters(
        point=Point(lat, lng) if lat is not None else None,
        radius_miles=radius_miles,
        bbox=parse_bbox(bbox) if bbox is not None else None,
        zips=parse_zips(zip),
        city=city.strip() if city else None,
        property_id=parse_prefixed(property_id, "prop_", 32, "property_id") if property_id is not None else None,
        date_from=date_from,
        date_to=date_to,
        kinds=parse_kinds(kind),
        min_price=min_price,
        max_price=max_price,
    )
