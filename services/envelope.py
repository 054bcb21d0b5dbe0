"""The response envelope `{data, meta}` (+ `page`, `summary`), parsed in one pass from bytes."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from services.collector import collector_paused
from services.base_models import Meta, PageInfo

T = TypeVar("T")


class Envelope(BaseModel, Generic[T]):
    """`{data, meta}`; lists add `page`, some add `summary` (data-api.md, Conventions)."""

    model_config = ConfigDict(extra="allow")

    data: T
    meta: Meta = Field(default_factory=Meta)
    page: PageInfo | None = None
    summary: Any = None


@lru_cache(maxsize=None)
def envelope_parser(data_type: Any) -> Callable[[bytes], Envelope[Any]]:
    """Parse JSON bytes straight into `Envelope[data_type]` (pydantic-core, no dict in between),
    with the cyclic collector paused (`services.collector`: it doubled the cost of a page)."""
    validate = Envelope[data_type].model_validate_json

    def parse(body: bytes) -> Envelope[Any]:
        with collector_paused():
            return validate(body)

    return parse
