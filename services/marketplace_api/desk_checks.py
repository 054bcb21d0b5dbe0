"""Checks made before a seller's or a buyer's tool spends a request, under the forms' limits of
`services.contract` (the documents' counts and formats, our lengths and ranges: docs/contract.md,
"Forms: limits"). The first problem is raised in a person's words, named by its field."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime, timezone
from typing import Any

from services.contract import BUY_BOX_LIMITS, DRAFT_LIMITS, form_problems
from services.errors import InvalidInputError

PROPERTY_TYPES = ("single_family", "duplex", "townhouse", "multi_family", "condo", "land")
DRAFT_FIELDS = ("title", "street", "city", "state", "zip", "property_type", "bedrooms", "bathrooms",
                "living_area_sqft", "asking_price", "min_emd", "closing_date", "property_id")
PHOTO_TYPES = {"jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png"}


def require_within(limits: Mapping[str, Any], values: Mapping[str, Any]) -> None:
    """Raise the first of `values`' problems under `limits` (`services.contract`), by its field."""
    for name, words in form_problems(limits, values).items():
        raise InvalidInputError(name, words)


def draft_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """The members a draft create or change sends: the known ones that are set, checked."""
    unknown = set(fields) - set(DRAFT_FIELDS)
    if unknown:
        raise InvalidInputError(sorted(unknown)[0], "is not a draft field")
    body = {name: value for name, value in fields.items() if value not in (None, "")}
    require_within({name: limit for name, limit in DRAFT_LIMITS.items() if name != "title"}, body)
    if "title" in fields:
        require_within({"title": DRAFT_LIMITS["title"]}, fields)
    if "property_type" in body and body["property_type"] not in PROPERTY_TYPES:
        raise InvalidInputError("property_type", f"must be one of {', '.join(PROPERTY_TYPES)}")
    if "closing_date" in body:
        try:
            date.fromisoformat(str(body["closing_date"]))
        except ValueError:
            raise InvalidInputError("closing_date", "That is not a date that exists.") from None
    return body


def photo_type(filename: str, content: bytes) -> str:
    """A photo's content type by its bytes (JPEG or PNG), the name's extension agreeing."""
    if content.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if content.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    raise InvalidInputError("file", f"{filename} is not a JPEG or PNG photo")


def utc_timestamp(value: datetime | str) -> str:
    """`changed_after` as the offers list takes it: UTC ending `Z` (marketplace-api.md, Endpoints)."""
    if isinstance(value, datetime):
        if value.tzinfo is None:
            raise InvalidInputError("changed_after", "give a time with its time zone")
        return value.astimezone(timezone.utc).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z", value or ""):
        raise InvalidInputError("changed_after", "must be a UTC timestamp ending in Z")
    return value


def buy_box_criteria(*, cities: list[str] | None = None, zips: list[str] | None = None,
                     property_types: list[str] | None = None, max_price: int | None = None,
                     min_bedrooms: int | None = None) -> dict[str, Any]:
    criteria: dict[str, Any] = {
        "cities": [city.strip() for city in cities or [] if city.strip()] or None,
        "zips": [z.strip() for z in zips or [] if z.strip()] or None,
        "max_price": max_price, "min_bedrooms": min_bedrooms,
    }
    require_within(BUY_BOX_LIMITS, criteria)
    if property_types:
        bad = [t for t in property_types if t not in PROPERTY_TYPES]
        if bad:
            raise InvalidInputError("property_types", f"{bad[0]} is not a property type")
        criteria["property_types"] = list(property_types)
    return {name: int(value) if name in ("max_price", "min_bedrooms") else value
            for name, value in criteria.items() if value is not None}
