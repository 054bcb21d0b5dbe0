"""Query parameters from keyword filters, checked before any request is spent.

Each check raises `InvalidInputError` with what is wrong and what would be right, the
same error family the service's own refusals use, so a page shows it in place.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime
from typing import Any

from typing_extensions import TypedDict, Unpack

from services import contract
from services.errors import InvalidInputError

DATE_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}")


class DateKindFilters(TypedDict, total=False):
    """Sale dates (inclusive) and deal kinds: the filters of an investor's deals, and part of
    every place filter. `from_` is sent as `from` (a Python keyword); a list may be given as a
    sequence or as one comma-separated string (data-api.md, Conventions)."""

    from_: date | str | None
    to: date | str | None
    kind: str | Iterable[str] | None


class PlaceFilters(DateKindFilters, total=False):
    """The filters shared by /v1/deals, summary, cells and /v1/investors (decisions.md, Data API).

    The one definition of their names and types: resource methods take
    `**filters: Unpack[PlaceFilters]`, so editors still offer each name with its type.
    """

    bbox: Sequence[float] | str | None  # west, south, east, north
    lat: float | None
    lng: float | None
    radius_miles: float | None  # more than 0, at most 20 (data-api.md, Limits 6)
    zip: str | Iterable[str] | None
    city: str | None
    property_id: str | None
    min_price: int | None  # whole dollars
    max_price: int | None


FILTER_NAMES = frozenset(PlaceFilters.__optional_keys__)
DATE_KIND_FILTER_NAMES = frozenset(DateKindFilters.__optional_keys__)


def check_id(kind: str, value: Any) -> str:
    """The id, stripped, when it has the form of its kind (data-api.md, Rules: `invalid_id`)."""
    text = str(value or "").strip()
    if not contract.ID_PATTERNS[kind].fullmatch(text):
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise InvalidInputError(f"{kind} id", f"{shown!r} is not a {kind} id; expected {contract.ID_EXAMPLES[kind]}")
    return text


def check_query(q: Any) -> str:
    text = str(q or "").strip()
    if not contract.NAME_QUERY_MIN_LENGTH <= len(text) <= contract.NAME_QUERY_MAX_LENGTH:
        raise InvalidInputError(
            "q",
            f"a name search needs {contract.NAME_QUERY_MIN_LENGTH} to {contract.NAME_QUERY_MAX_LENGTH} characters",
        )
    return text


def check_limit(limit: int | None, endpoint: str | None = None) -> int | None:
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise InvalidInputError("limit", "must be a whole number of 1 or more")
    if endpoint in contract.PAGE_LIMITS:
        maximum = contract.PAGE_LIMITS[endpoint][1]
        if limit > maximum:
            raise InvalidInputError("limit", f"at most {maximum} rows per page")
    return limit


def check_choice(name: str, value: str | None, allowed: Iterable[str]) -> str | None:
    if value is None:
        return None
    allowed = sorted(allowed)
    if value not in allowed:
        raise InvalidInputError(name, f"{value!r} is not one of {', '.join(allowed)}")
    return value


def format_date(name: str, value: date | str | None) -> str | None:
    """`YYYY-MM-DD` (data-api.md, Conventions)."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    text = str(value).strip()
    if DATE_PATTERN.fullmatch(text):
        try:
            return date.fromisoformat(text).isoformat()
        except ValueError:
            pass
    raise InvalidInputError(name, f"{text!r} is not a date; write it as YYYY-MM-DD")


def format_bool(value: bool | None) -> str | None:
    return None if value is None else ("true" if value else "false")


def format_list(values: str | Iterable[Any] | None) -> str | None:
    """Comma-separated (data-api.md, Conventions: list parameters)."""
    if values is None:
        return None
    if isinstance(values, str):
        values = [part for part in values.split(",")]
    items = [str(v).strip() for v in values if str(v).strip()]
    return ",".join(items) if items else None


def place_params(**filters: Unpack[PlaceFilters]) -> dict[str, str]:
    """Query parameters of the geometry, place and deal filters, validated.

    A name that is not a filter raises `TypeError`, as an unknown keyword argument does.
    """
    _refuse_unknown(filters, FILTER_NAMES)
    bbox, lat, lng, radius_miles = filters.get("bbox"), filters.get("lat"), filters.get("lng"), filters.get("radius_miles")
    zip, city, property_id = filters.get("zip"), filters.get("city"), filters.get("property_id")
    from_, to, kind = filters.get("from_"), filters.get("to"), filters.get("kind")
    min_price, max_price = filters.get("min_price"), filters.get("max_price")
    params: dict[str, str] = {}
    if bbox is not None:
        params["bbox"] = _bbox(bbox)
    if lat is not None or lng is not None:
        if lat is None or lng is None:
            raise InvalidInputError("lat/lng", "a point needs both lat and lng")
        params["lat"] = _number("lat", lat, -90, 90)
        params["lng"] = _number("lng", lng, -180, 180)
    if radius_miles is not None:
        radius = _finite("radius_miles", radius_miles)
        if not 0 < radius <= contract.MAX_RADIUS_MILES:
            # data-api.md, Limits 6: radius_miles at most 20.
            raise InvalidInputError(
                "radius_miles", f"must be more than 0 and at most {contract.MAX_RADIUS_MILES:g} miles"
            )
        if lat is None:
            raise InvalidInputError("radius_miles", "a radius needs a point (lat and lng)")
        params["radius_miles"] = f"{radius:g}"
    if zip is not None:
        zips = format_list([zip] if isinstance(zip, str) else zip)
        if zips:
            for code in zips.split(","):
                if not contract.ZIP_PATTERN.fullmatch(code):
                    raise InvalidInputError("zip", f"{code!r} is not a 5-digit ZIP code")
            params["zip"] = zips
    if city is not None and str(city).strip():
        params["city"] = str(city).strip()
    if property_id is not None:
        params["property_id"] = check_id("property", property_id)
    start, end = format_date("from", from_), format_date("to", to)
    if start and end and start > end:
        raise InvalidInputError("from", f"the start date {start} is after the end date {end}")
    if start:
        params["from"] = start
    if end:
        params["to"] = end
    kinds = format_list([kind] if isinstance(kind, str) else kind)
    if kinds:
        for value in kinds.split(","):
            check_choice("kind", value, contract.DEAL_KINDS)
        params["kind"] = kinds
    low = _price("min_price", min_price)
    high = _price("max_price", max_price)
    if low is not None and high is not None and low > high:
        raise InvalidInputError("min_price", f"the minimum {low} is above the maximum {high}")
    if low is not None:
        params["min_price"] = str(low)
    if high is not None:
        params["max_price"] = str(high)
    return params


def date_kind_params(**filters: Unpack[DateKindFilters]) -> dict[str, str]:
    """Query parameters of the date and kind filters only, validated."""
    _refuse_unknown(filters, DATE_KIND_FILTER_NAMES)
    return place_params(**filters)


def _refuse_unknown(filters: Mapping[str, Any], names: frozenset[str]) -> None:
    unknown = sorted(set(filters) - names)
    if unknown:
        raise TypeError(f"unknown filter(s) {', '.join(unknown)}; the filters are {', '.join(sorted(names))}")


def _bbox(value: Sequence[float] | str) -> str:
    parts = value.split(",") if isinstance(value, str) else list(value)
    if len(parts) != 4:
        raise InvalidInputError("bbox", "give four numbers: west, south, east, north")
    west, south, east, north = (_finite("bbox", part) for part in parts)
    if not (-180 <= west <= 180 and -180 <= east <= 180 and -90 <= south <= 90 and -90 <= north <= 90):
        raise InvalidInputError("bbox", "longitudes lie in -180..180 and latitudes in -90..90")
    if south >= north or west >= east:
        raise InvalidInputError("bbox", "west must be below east and south below north")
    return ",".join(f"{v:.6f}".rstrip("0").rstrip(".") for v in (west, south, east, north))


def _finite(name: str, value: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise InvalidInputError(name, f"{value!r} is not a number") from None
    if not math.isfinite(number):
        raise InvalidInputError(name, "must be a finite number")
    return number


def _number(name: str, value: Any, low: float, high: float) -> str:
    number = _finite(name, value)
    if not low <= number <= high:
        raise InvalidInputError(name, f"must lie between {low:g} and {high:g}")
    return f"{number:.6f}".rstrip("0").rstrip(".")


def _price(name: str, value: Any) -> int | None:
    if value is None or value == "":
        return None
    number = _finite(name, value)
    if number < 0 or number != int(number):
        raise InvalidInputError(name, "must be a whole number of dollars, 0 or more")
    return int(number)
