"""Results that wrap a record or a search of the Data API: `Retrieved[T]`, `SearchResult[T]`."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from services.base_models import Meta

T = TypeVar("T")


class Retrieved(BaseModel, Generic[T]):
    """One record and how it was reached: `resolved_from` lists old ids that were followed."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    data: T
    resolved_from: list[str] = Field(default_factory=list)
    meta: Meta = Field(default_factory=Meta)


class SearchResult(BaseModel, Generic[T]):
    """A ranked name search: at most 50 hits; `capped` says more matched."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    items: list[T] = Field(default_factory=list)
    capped: bool = False
    meta: Meta = Field(default_factory=Meta)
