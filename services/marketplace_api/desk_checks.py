"""Checks made before a seller's or a buyer's tool spends a request (the sandbox's strict bodies
would refuse the same; docs/contract.md records the draft and buy-box fields)."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any

from services.errors import InvalidInputError

PROPERTY_TYPES = ("single_family", "duplex", "townhouse", "multi_family", "condo", "land")
DRAFT_FIELDS = ("title", "street", "city", "state", "zip", "property_type", "bedrooms", "bathrooms",
                "living_area_sqft", "asking_price", "min_emd", "closing_date", "property_id")
PHOTO_TYPES = {"jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png"}
_ZIP = re.compile(r"\d{5}")
_STATE = re.compile(r"[A-Z]{2}")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_PARCEL = re.compile(r"prop_[0-9a-fA-F]{32}")


def draft_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """The members a draft create or change sends: the known ones that are set, checked."""
    unknown = set(fields) - set(DRAFT_FIELDS)
    if unknown:
        raise InvalidInputError(sorted(unknown)[0], "is not a draft field")
    body = {name: value for name, value in fields.items() if value not in (None, "")}
    checks = (("zip", _ZIP, "must be five digits"), ("state", _STATE, "must be two capital letters, such as TX"),
              ("closing_date", _DATE, "must be a date, YYYY-MM-DD"), ("property_id", _PARCEL,
                                                                       "must be a parcel id, prop_ and 32 hex"))
    for name, pattern, message in checks:
        if name in body and not pattern.fullmatch(str(body[name])):
            raise InvalidInputError(name, message)
    if "property_type" in body and body["property_type"] not in PROPERTY_TYPES:
        raise InvalidInputError("property_type", f"must be one of {', '.join(PROPERTY_TYPES)}")
    for name in ("asking_price", "living_area_sqft"):
        if name in body and not body[name] > 0:
            raise InvalidInputError(name, "must be more than zero")
    for name in ("min_emd", "bedrooms", "bathrooms"):
        if name in body and body[name] < 0:
            raise InvalidInputError(name, "must be zero or more")
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
    criteria: dict[str, Any] = {}
    if cities:
        criteria["cities"] = [city.strip() for city in cities if city.strip()]
    if zips:
        bad = [z for z in zips if not _ZIP.fullmatch(z)]
        if bad:
            raise InvalidInputError("zips", f"{bad[0]} is not a five-digit ZIP")
        criteria["zips"] = list(zips)
    if property_types:
        bad = [t for t in property_types if t not in PROPERTY_TYPES]
        if bad:
            raise InvalidInputError("property_types", f"{bad[0]} is not a property type")
        criteria["property_types"] = list(property_types)
    if max_price is not None:
        if max_price <= 0:
            raise InvalidInputError("max_price", "must be more than zero")
        criteria["max_price"] = int(max_price)
    if min_bedrooms is not None:
        if min_bedrooms < 0:
            raise InvalidInputError("min_bedrooms", "must be zero or more")
        criteria["min_bedrooms"] = int(min_bedrooms)
    return criteria
