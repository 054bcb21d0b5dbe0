"""Keyset cursors and page limits (data-api.md, Pagination and Limits 6)."""

from __future__ import annotations

import pytest

from tests.sandbox.data_api.helpers import assert_problem, fixtures, get, walk

BENCH = "zpka_sandbox_bench"


@pytest.fixture(scope="module")
def place(sandbox_url):
    bbox = fixtures(sandbox_url)["markets"]["CLT"]
    return {"bbox": ",".join(map(str, bbox)), "from": "2024-01-01", "to": "2024-12-31"}


def _page(url, path, params):
    response = get(url, path, params, key=BENCH)
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize("sort", ["date_desc", "date_asc", "price_desc", "price_asc"])
def test_walking_deals_sees_every_row_once_in_order(sandbox, place, sort):
    """data-api.md, Pagination: follow next_cursor until null; no row twice or missed; nulls last both ways."""
    rows = walk(sandbox.url, "/v1/deals", {**place, "sort": sort, "limit": 97})
    ids = [row["id"] for row in rows]
    assert len(ids) == len(set(ids))
    assert len(ids) == _page(sandbox.url, "/v1/deals/summary", place)["data"]["n_deals"]
    if sort.startswith("date"):
        dates = [row["sale_date"] for row in rows]
        assert dates == sorted(dates, reverse=sort == "date_desc")
    else:
        prices = [row["price"] for row in rows]
        priced = [p for p in prices if p is not None]
        assert None in prices and prices[len(priced):] == [None] * (len(prices) - len(priced))
        assert priced == sorted(priced, reverse=sort == "price_desc")


def test_walking_investors_sees_every_investor_once(sandbox, place):
    """data-api.md, Pagination: /v1/investors is keyset paged too (default 100, maximum 200)."""
    rows = walk(sandbox.url, "/v1/investors", {**place, "limit": 37})
    ids = [row["id"] for row in rows]
    assert len(ids) == len(set(ids))
    assert len(ids) == _page(sandbox.url, "/v1/deals/summary", place)["data"]["n_investors"]
    counts = [row["n_deals"] for row in rows]
    assert counts == sorted(counts, reverse=True)


def test_a_change_of_limit_alone_keeps_the_cursor(sandbox, place):
    """data-api.md, Pagination: a change of limit alone keeps the cursor valid."""
    first = _page(sandbox.url, "/v1/deals", {**place, "limit": 10})
    cursor = first["page"]["next_cursor"]
    assert cursor and 1 <= len(cursor) <= 4096
    wider = _page(sandbox.url, "/v1/deals", {**place, "limit": 20, "cursor": cursor})
    assert wider["page"]["returned"] == 20
    whole = _page(sandbox.url, "/v1/deals", {**place, "limit": 30})
    assert [d["id"] for d in first["data"] + wider["data"]] == [d["id"] for d in whole["data"]]


def test_a_changed_query_invalidates_the_cursor(sandbox, place):
    """data-api.md, Pagination: send the cursor with the identical query; else 400 invalid_cursor."""
    cursor = _page(sandbox.url, "/v1/deals", {**place, "limit": 10})["page"]["next_cursor"]
    assert_problem(get(sandbox.url, "/v1/deals", {**place, "kind": "flip", "cursor": cursor}, key=BENCH),
                   400, "invalid_cursor")
    assert_problem(get(sandbox.url, "/v1/deals", {**place, "sort": "price_asc", "cursor": cursor}, key=BENCH),
                   400, "invalid_cursor")
    assert_problem(get(sandbox.url, "/v1/investors", {**place, "cursor": cursor}, key=BENCH), 400, "invalid_cursor")


@pytest.mark.parametrize("cursor", ["", "x" * 4097, "not-a-cursor", "eyJrIjpbXX0.deadbeef", "é.ü"],
                         ids=["empty", "too-long", "garbage", "forged", "non-ascii"])
def test_malformed_cursors(sandbox, place, cursor):
    """data-api.md, Limits 6: cursor length 1-4096; cursors are opaque and only the service makes them."""
    assert_problem(get(sandbox.url, "/v1/deals", {**place, "cursor": cursor}, key=BENCH), 400, "invalid_cursor")


def test_publish_invalidates_cursors_and_changes_the_version(sandbox, place):
    """data-api.md, Versioning 3 and Pagination: a republished state changes X-Dataset-Version; old cursors fail."""
    first = get(sandbox.url, "/v1/deals", {**place, "limit": 10}, key=BENCH)
    cursor = first.json()["page"]["next_cursor"]
    published = sandbox.publish("NC")["data"]
    assert published["dataset_version"] == int(first.headers["X-Dataset-Version"]) + 1
    again = get(sandbox.url, "/v1/deals", {**place, "limit": 10}, key=BENCH)
    assert again.headers["X-Dataset-Version"] == str(published["dataset_version"])
    assert again.headers["ETag"] != first.headers["ETag"]
    assert_problem(get(sandbox.url, "/v1/deals", {**place, "cursor": cursor}, key=BENCH), 400, "invalid_cursor")
    sandbox.reset()
    assert get(sandbox.url, "/v1/dataset").headers["X-Dataset-Version"] == first.headers["X-Dataset-Version"]


@pytest.mark.parametrize("path, asked, used", [("/v1/deals", 5000, 500), ("/v1/investors", 1000, 200)])
def test_over_large_limit_is_lowered(sandbox, place, path, asked, used):
    """data-api.md, Pagination: a limit above the largest page is lowered; page.limit reports the value used."""
    body = _page(sandbox.url, path, {**place, "limit": asked})
    assert body["page"]["limit"] == used
    assert body["page"]["returned"] <= used


@pytest.mark.parametrize("path, default", [("/v1/deals", 500), ("/v1/investors", 100)])
def test_default_page_sizes(sandbox, place, path, default):
    """data-api.md, Pagination: default page sizes."""
    assert _page(sandbox.url, path, place)["page"]["limit"] == default
