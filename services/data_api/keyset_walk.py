"""One keyset list's pages for one query: the first page, the rest on demand, the next read ahead.

During `Page.walk()` the next page is requested while this one is parsed
(`services.data_api.read_ahead`), only when the walk will surely want it, so read-ahead never spends a
credit the walk would not have spent.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from services.data_api.cache import CachedResponse
from services.envelope import envelope_parser
from services.pagination import Page
from services.data_api.read_ahead import (
    NO_READ_AHEAD,
    READ_AHEAD_SEND_WAIT_S,
    explicit_limit,
    in_background,
    peek_next_cursor,
)

if TYPE_CHECKING:
    from services.data_api.client import DataApi

T = TypeVar("T")


class KeysetWalk(Generic[T]):
    """The pages of `path` with `params`; `fetch(None)` is the first, `fetch(cursor)` any next one."""

    def __init__(
        self,
        api: DataApi,
        path: str,
        params: Mapping[str, Any],
        item_type: type[T],
        hold: Callable[[list[T]], None] | None,
    ) -> None:
        self._api = api
        self._path = path
        self._params = dict(params)
        self._hold = hold
        self._parse = envelope_parser(list[item_type])  # type: ignore[valid-type]
        self._parser_name = f"page:{getattr(item_type, '__name__', item_type)}"
        self._page_size = explicit_limit(params)
        # The page size the walk asks for: the `limit` sent, else the one the first page reports
        # (`page.limit`); a bounded walk asks for fewer rows when it needs fewer.
        self._ceiling: int | None = self._page_size
        # Pages read ahead, by the cursor that opens them.
        self._pending: dict[str, Future[Page[T]]] = {}

    def fetch(self, cursor: str | None, rows_needed: int | None | object = NO_READ_AHEAD) -> Page[T]:
        if cursor is None:
            self._pending.clear()
        else:
            ahead = self._pending.pop(cursor, None)
            if ahead is not None:
                return ahead.result()
        return self._load(cursor, rows_needed)

    def _load(
        self, cursor: str | None, rows_needed: int | None | object, on_sent: Callable[[], None] | None = None
    ) -> Page[T]:
        query = dict(self._params)
        if cursor is not None:
            query["cursor"] = cursor
            query.update(bounded_limit(rows_needed, self._ceiling))
        envelope, entry = self._api.get(
            self._path,
            query,
            parse=self._parse,
            parser_name=self._parser_name,
            before_parse=lambda answer: self._read_ahead(answer, rows_needed),
            on_sent=on_sent,
        )
        items = list(envelope.data)
        if self._ceiling is None and envelope.page is not None and envelope.page.limit:
            self._ceiling = envelope.page.limit
        if self._hold is not None:
            self._api.hold_once(self._path, query, entry, items, self._hold)
        return Page(
            items,
            envelope.page,
            envelope.meta,
            fetch=self.fetch,
            fetch_ahead=self.fetch,
            dataset_version=entry.dataset_version or None,
            current_version=self._api.refresh_version,
            summary=envelope.summary,
        )

    def _read_ahead(self, entry: CachedResponse, rows_needed: int | None | object) -> None:
        # The walk wants the next page unless this one may already give it every row it needs.
        page_size = self._page_size
        if rows_needed is NO_READ_AHEAD or page_size is None:
            return
        if rows_needed is not None and rows_needed <= page_size:  # type: ignore[operator]
            return
        next_cursor = peek_next_cursor(entry.body)
        if not next_cursor or next_cursor in self._pending:
            return
        still_needed = None if rows_needed is None else rows_needed - page_size  # type: ignore[operator]
        sent = threading.Event()

        def load_next() -> Page[T]:
            try:
                return self._load(next_cursor, still_needed, sent.set)
            finally:
                sent.set()

        self._pending[next_cursor] = in_background(load_next)
        # Parsing holds the GIL: let the request leave first, so the server works meanwhile.
        sent.wait(READ_AHEAD_SEND_WAIT_S)


def bounded_limit(rows_needed: int | None | object, page_limit: int | None) -> dict[str, int]:
    """`{"limit": n}` when a bounded walk needs fewer rows than a page holds, else nothing:
    a walk bounded at 500 rows on 200-row pages asks for 200, 200, then 100 (never 600)."""
    if not isinstance(rows_needed, int) or rows_needed < 1:
        return {}
    if page_limit is None or rows_needed < page_limit:
        return {"limit": rows_needed}
    return {}
