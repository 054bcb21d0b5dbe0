"""Resource namespaces of `DataApi`, one module per family of routes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

from services.envelope import envelope_parser
from services.data_api.models import Meta, Retrieved, SearchResult

if TYPE_CHECKING:
    from services.data_api.client import DataApi

T = TypeVar("T")


class Resource:
    """A namespace of routes sharing the client's request, cache and credit meter."""

    def __init__(self, api: DataApi) -> None:
        self._api = api

    def _data(self, path: str, params: dict[str, Any] | None, data_type: Any, name: str) -> tuple[Any, Meta]:
        envelope, _ = self._api.get(path, params, parse=envelope_parser(data_type), parser_name=name)
        return envelope.data, envelope.meta

    def _retrieve(self, path: str, params: dict[str, Any] | None, model: type[T], name: str) -> Retrieved[T]:
        data, meta = self._data(path, params, model, name)
        # data-api.md, Conventions (Old ids): meta.resolved_from lists the old ids followed.
        return Retrieved[model](data=data, resolved_from=list(meta.resolved_from), meta=meta)  # type: ignore[valid-type]

    def _search(self, path: str, q: str, model: type[T], name: str) -> SearchResult[T]:
        envelope, _ = self._api.get(path, {"q": q}, parse=envelope_parser(list[model]), parser_name=name)  # type: ignore[valid-type]
        capped = bool(envelope.page.capped) if envelope.page is not None else False
        return SearchResult[model](items=list(envelope.data), capped=capped, meta=envelope.meta)  # type: ignore[valid-type]


def path_segment(value: str) -> str:
    """An id placed in a path, escaped so it cannot change the route."""
    return quote(value, safe=":")


def ids_of(items: list[Any], attribute: str) -> list[str]:
    return [getattr(item, attribute, None) for item in items]


def holder(api: DataApi, kind: str, attribute: str) -> Callable[[list[Any]], None]:
    return lambda items: api.credits.hold(kind, ids_of(items, attribute))  # type: ignore[arg-type]


