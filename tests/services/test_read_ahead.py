"""Read-ahead during `walk()`: the next page is requested early, never one the walk would not read."""

from __future__ import annotations

import json

import pytest

from services.data_api import DataApi
from services.data_api.read_ahead import peek_next_cursor
from tests.services.conftest import RequestLog, settings_for
from tests.services.test_deals import small_window


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param(json.dumps({"data": [], "page": {"next_cursor": "abc.DEF_1", "limit": 5}}), "abc.DEF_1", id="cursor"),
        pytest.param(json.dumps({"data": [], "page": {"next_cursor": None}}), None, id="null"),
        pytest.param('{"page": {"next_cursor" :  "x\\"y"}}', 'x"y', id="escaped-quote-and-spaces"),
        pytest.param(json.dumps({"data": [{"name": '"next_cursor": "fake"'}], "page": {"next_cursor": "real"}}), "real",
                     id="key-text-inside-a-string"),
        pytest.param(json.dumps({"data": []}), None, id="no-page"),
        pytest.param('{"page": {"next_cursor": "unterminated', None, id="truncated"),
        pytest.param(json.dumps({"page": {"next_cursor": ""}}), None, id="empty-string"),
    ],
)
def test_peek_next_cursor(body: str, expected: str | None) -> None:
    assert peek_next_cursor(body.encode()) == expected


@pytest.mark.parametrize(
    ("limit", "max_rows", "pages"),
    [
        pytest.param(40, 100, 3, id="stops-inside-the-third-page"),
        pytest.param(40, 80, 2, id="stops-at-a-page-boundary"),
        pytest.param(40, 30, 1, id="first-page-is-enough"),
    ],
)
def test_walk_requests_no_page_it_does_not_read(sandbox, http_client, request_log: RequestLog, limit: int, max_rows: int, pages: int) -> None:
    with DataApi(settings_for(sandbox.url), http_client=http_client) as api:
        window = small_window(api)
        assert api.deals.summary(**window).n_deals > max_rows + 2 * limit
        deals = api.deals.list(**window, limit=limit).walk(max_rows=max_rows)
        assert len(deals) == max_rows
        assert request_log.to("/v1/deals") == pages
        # The first page is the caller's `limit`; each next one asks only for the rows still wanted.
        assert api.credits.charged == max(max_rows, limit), "no credit spent on a row the walk did not read"


def test_walk_to_the_end_reads_each_page_once(sandbox, http_client, request_log: RequestLog) -> None:
    with DataApi(settings_for(sandbox.url, "zpka_sandbox_bench"), http_client=http_client) as api:
        window = small_window(api)
        expected = api.deals.summary(**window).n_deals
        progress: list[int] = []
        deals = api.deals.list(**window, limit=100).walk(progress=lambda pages, rows: progress.append(pages))
        ids = [deal.id for deal in deals]
        assert len(ids) == len(set(ids)) == expected
        assert request_log.to("/v1/deals") == len(progress) == -(-expected // 100)
        queries = [query for _, path, query in request_log.sent if path == "/v1/deals"]
        assert len(set(queries)) == len(queries), "no page requested twice"
