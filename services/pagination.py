"""Keyset pages (data-api.md, Pagination), after openai-python's `SyncCursorPage`.

Follow `page.next_cursor` until null; a short page is not the end; cursors are opaque
and never built here. A cursor dies with a change of data version (`400 invalid_cursor`):
the walk then restarts from page 1 once, sets `restarted` and logs it; a second
`invalid_cursor` in the same walk is raised.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from services.errors import InvalidCursorError
from services.base_models import Meta, PageInfo

logger = logging.getLogger("services.pagination")

T = TypeVar("T")
Progress = Callable[[int, int], None]


class Page(Generic[T]):
    """One page of a list, able to fetch the pages after it.

    `fetch(cursor)` returns the page at `cursor` of the same query (None: page 1);
    `fetch_ahead(cursor, rows_needed)` does the same for `walk()`, and may request the
    page after it while this one is read, when `rows_needed` (None: all) says the walk
    will want it; `current_version()` asks the service for its dataset version now.
    """

    def __init__(
        self,
        items: list[T],
        page: PageInfo | None = None,
        meta: Meta | None = None,
        *,
        fetch: Callable[[str | None], Page[T]] | None = None,
        fetch_ahead: Callable[[str, int | None], Page[T]] | None = None,
        dataset_version: str | None = None,
        current_version: Callable[[], str | None] | None = None,
        summary: dict | None = None,
    ) -> None:
        self.items = items
        self.page = page or PageInfo()
        self.meta = meta or Meta()
        self.summary = summary
        self.dataset_version = dataset_version
        self.restarted = False
        self.more = False
        self._fetch = fetch
        self._fetch_ahead = fetch_ahead
        self._current_version = current_version

    @property
    def next_cursor(self) -> str | None:
        return self.page.next_cursor

    def has_next_page(self) -> bool:
        return bool(self.next_cursor) and self._fetch is not None

    def get_next_page(self) -> Page[T]:
        if not self.has_next_page():
            raise RuntimeError("this is the last page: check has_next_page() first")
        assert self._fetch is not None
        return self._fetch(self.next_cursor)

    def iter_pages(self) -> Iterator[Page[T]]:
        """This page, then each following page; restarts at page 1 once after a version change."""
        for page, _restarted in self._walk_pages():
            yield page

    def __iter__(self) -> Iterator[T]:
        """Every row of every page, fetching as it goes.

        After a restart the rows of the new version come again from the first page;
        use `walk()` for a list without rows of two versions.
        """
        for page in self.iter_pages():
            yield from page.items

    def walk(self, progress: Progress | None = None, *, max_rows: int | None = None) -> list[T]:
        """All rows of the list (up to `max_rows`), calling `progress(pages, rows)` after each page.

        `max_rows` counts rows, not pages: each page after the first asks for at most the rows
        still wanted (`fetch_ahead`'s `rows_needed`; a change of `limit` alone keeps the cursor,
        data-api.md, Pagination), so a bounded walk never fetches, and is never charged for, more
        than its bound (the first page's `limit` is the caller's). `more` says afterwards
        whether the list may go on past the rows returned."""
        rows: list[T] = []
        pages = 0
        self.more = False
        rows_needed = lambda: None if max_rows is None else max_rows - len(rows)  # noqa: E731
        for page, restarted in self._walk_pages(rows_needed):
            if restarted:
                rows.clear()
                pages = 0
            pages += 1
            rows.extend(page.items)
            if progress is not None:
                progress(pages, len(rows))
            if max_rows is not None and len(rows) >= max_rows:
                self.more = len(rows) > max_rows or page.has_next_page()
                del rows[max_rows:]
                break
        return rows

    def walk_bounded(self, max_rows: int) -> tuple[list[T], bool]:
        """`walk(max_rows=...)` and whether more rows may exist past them ("more exist")."""
        rows = self.walk(max_rows=max_rows)
        return rows, self.more

    def walk_as_served(self, max_rows: int) -> tuple[list[T], bool]:
        """Up to `max_rows` rows in whole pages as the host serves them, and whether more may exist.

        No page asks a `limit`: for a route whose page the documents do not name (data-api.md,
        Pagination names some; "a request carries only what the documents name", docs/contract.md),
        the cursor alone is followed and the last page's rows past the bound are dropped."""
        rows: list[T] = []
        for page, restarted in self._walk_pages():
            if restarted:
                rows.clear()
            rows.extend(page.items)
            if len(rows) >= max_rows:
                return rows[:max_rows], len(rows) > max_rows or page.has_next_page()
        return rows, False

    def _walk_pages(self, rows_needed: Callable[[], int | None] | None = None) -> Iterator[tuple[Page[T], bool]]:
        page: Page[T] = self
        yield page, False
        while page.has_next_page():
            try:
                if rows_needed is not None and page._fetch_ahead is not None and page.next_cursor:
                    page = page._fetch_ahead(page.next_cursor, rows_needed())
                else:
                    page = page.get_next_page()
            except InvalidCursorError:
                if self.restarted or not self._version_changed(page):
                    raise
                self.restarted = True
                logger.warning(
                    "the dataset version changed from %s while paging; restarting from page 1",
                    page.dataset_version,
                )
                assert self._fetch is not None
                page = self._fetch(None)
                yield page, True
                continue
            yield page, False

    def _version_changed(self, page: Page[T]) -> bool:
        if self._current_version is None or page.dataset_version is None:
            return False
        current = self._current_version()
        return current is not None and current != page.dataset_version

    def __repr__(self) -> str:
        return f"Page(items={len(self.items)}, next_cursor={'…' if self.next_cursor else None})"
