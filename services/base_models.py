"""The parts of a response both APIs share (pydantic v2): the envelope's `meta` and `page`.

Every model allows unknown fields (`extra="allow"`): `/v1` is additive (data-api.md,
Versioning 1; marketplace-api.md, Versioning), so a new field must never break the app.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class ApiModel(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)


class NamedInvestor(ApiModel):
    """A party as the registry names it: its investor id where it is one, its deed spelling and the
    name to print (a natural person's are never served)."""

    investor_id: str | None = None
    name: str | None = None
    display_name: str | None = None


# A parcel's building facts (bedrooms, bathrooms, living area, year built) are not typed by the
# documents: an int stays an int, a float stays a float.
BuildingFact = int | float | None


# --- envelope -------------------------------------------------------------------------------


class BuildState(ApiModel):
    state: str
    build_id: str | None = None
    built_at: datetime | None = None
    published_at: datetime | None = None
    run_id: int | None = None
    financing_as_of: date | None = None
    recordings_through: date | None = None
    financing_source: str | None = None


class Build(ApiModel):
    states: list[BuildState] = Field(default_factory=list)


class Meta(ApiModel):
    """`meta` of any response; lean fields and `/v1` fields are all optional."""

    generated_at: datetime | None = None
    coverage: list[dict[str, Any]] = Field(default_factory=list)
    terms: str | None = None
    build: Build | None = None
    resolved_from: list[str] = Field(default_factory=list)
    resolution: int | None = None
    financing_as_of: date | None = None  # a parcel's `/financing` (docs/contract.md)


class PageInfo(ApiModel):
    next_cursor: str | None = None
    limit: int | None = None
    returned: int | None = None
    capped: bool | None = None
