"""The client where a live host behaves otherwise than the sandbox chose (docs/contract.md, the
"Sandbox:" rows the documents leave open): each sandbox choice has a mock host doing the other
thing, and the client still works."""

from __future__ import annotations

import json

import httpx2
import pytest

from services.data_api import DataApi
from services.errors import RateLimitError
from services.settings import Settings

BASE = "https://data.test"
DEAL = "deal_" + "AB" * 16
META = {"generated_at": "2026-11-01T00:00:00Z", "coverage": [], "terms": "t"}


def answer(data, *, version: str = "7", page: dict | None = None, headers: dict | None = None, etag: str = '"e1"') -> httpx2.Response:
    body = {"data": data, "meta": META, **({"page": page} if page else {})}
    return httpx2.Response(200, headers={"X-Dataset-Version": version, "ETag": etag, **(headers or {})}, content=json.dumps(body).encode())


def dataset(version: str = "7") -> httpx2.Response:
    return answer({"dataset_version": int(version), "data_end": "2026-10-31", "published_at": "2026-11-01T00:00:00Z", "states": []}, version=version)


def api_for(handler, **options) -> tuple[DataApi, list[httpx2.Request], list[float]]:
    seen: list[httpx2.Request] = []
    waits: list[float] = []

    def recording(request: httpx2.Request) -> httpx2.Response:
        seen.append(request)
        return handler(request)

    client = httpx2.Client(transport=httpx2.MockTransport(recording))
    settings = Settings(api_url=BASE, api_key="zpka_live_test", on_behalf_of="dev_x")
    return DataApi(settings, http_client=client, sleep=waits.append, **options), seen, waits


def summary() -> dict:
    return {"n_deals": 3, "n_investors": 2, "n_priced": 3, "median_price": 100000, "by_kind": {}, "by_month": []}


def test_a_free_read_without_credit_headers_counts_nothing():
    """Sandbox: `X-Credits-Charged: 0` on every response of a route that can charge. A live host may send none."""
    api, _, _ = api_for(lambda request: dataset() if request.url.path == "/v1/dataset" else answer(summary()))
    assert api.deals.summary(bbox=(-81.0, 35.0, -80.7, 35.3)).n_deals == 3
    assert api.credits.charged == 0 and api.credits.remaining is None


def test_upper_case_hex_ids_are_sent_as_given():
    """Sandbox: ids are lower-case hex. The documents say hex, not which case."""
    deal = {"id": DEAL, "sale_date": "2025-01-02", "price": 100000, "kind": "flip",
            "buyer": {"investor_id": "inv_ABCDEF012345", "name": "X", "display_name": "X"},
            "seller": {"investor_id": None, "name": "Y"}, "property": {"property_id": "prop_" + "CD" * 16}}
    api, seen, _ = api_for(lambda request: dataset() if request.url.path == "/v1/dataset" else answer(deal))
    assert api.deals.retrieve(DEAL).id == DEAL
    assert seen[-1].url.path == f"/v1/deals/{DEAL}"


def test_a_host_that_never_answers_304_serves_the_new_body():
    """Sandbox: a revalidation after a version change may answer 304. A live host may answer 200."""
    versions = iter(["7", "8"])
    state = {"version": "7"}

    def handler(request: httpx2.Request) -> httpx2.Response:
        if request.url.path == "/v1/dataset":
            state["version"] = next(versions, state["version"])
            return dataset(state["version"])
        body = summary() | {"n_deals": 3 if state["version"] == "7" else 4}
        return answer(body, version=state["version"], etag=f'"e{state["version"]}"')

    api, seen, _ = api_for(handler)
    bbox = (-81.0, 35.0, -80.7, 35.3)
    assert api.deals.summary(bbox=bbox).n_deals == 3
    assert api.refresh_version() == "8"
    assert api.deals.summary(bbox=bbox).n_deals == 4
    revalidation = [request for request in seen if request.url.path == "/v1/deals/summary"][-1]
    assert revalidation.headers.get("If-None-Match") == '"e7"', "it asked, and took the 200 it got"


def test_a_daily_bucket_429_is_raised_with_its_wait_not_slept():
    """Sandbox: one per-minute bucket. Limits 1 names a per-day limit too: its wait is hours."""
    def handler(request: httpx2.Request) -> httpx2.Response:
        if request.url.path == "/v1/dataset":
            return dataset()
        problem = {"status": 429, "code": "rate_limited", "detail": "Daily limit.", "retry_after": 40000, "bucket": "day"}
        return httpx2.Response(429, headers={"Retry-After": "40000", "Content-Type": "application/problem+json"}, json=problem)

    api, seen, waits = api_for(handler)
    with pytest.raises(RateLimitError) as refused:
        api.deals.summary(bbox=(-81.0, 35.0, -80.7, 35.3))
    assert refused.value.retry_after == 40000 and refused.value.bucket == "day" and waits == []


def test_cursors_kept_across_a_publish_walk_on():
    """Sandbox: `/v1` cursors are invalidated on publish. A live host may keep them: the walk goes on."""
    rows = [{"id": "deal_" + f"{n:032x}", "sale_date": "2025-01-02", "price": 1, "kind": "flip",
             "buyer": {"investor_id": None, "name": "X"}, "seller": {"investor_id": None, "name": "Y"},
             "property": {"property_id": "prop_" + f"{n:032x}"}} for n in range(3)]

    def handler(request: httpx2.Request) -> httpx2.Response:
        if request.url.path == "/v1/dataset":
            return dataset()
        cursor = request.url.params.get("cursor")
        index = int(cursor) if cursor else 0
        version = "7" if index == 0 else "8"  # published between the pages; the cursor still works
        nxt = str(index + 1) if index + 1 < len(rows) else None
        return answer([rows[index]], version=version, page={"next_cursor": nxt, "limit": 1, "returned": 1})

    api, _, _ = api_for(handler)
    walked = api.deals.list(bbox=(-81.0, 35.0, -80.7, 35.3), limit=1).walk()
    assert [row.id for row in walked] == [row["id"] for row in rows]


def test_an_unknown_zip_answered_with_no_rows_is_an_empty_list():
    """Sandbox: GET lists answer `422 outside_coverage` for an unknown ZIP. The documents name it
    for the parcel search only: a live host may answer 200 with no rows."""
    api, _, _ = api_for(lambda request: dataset() if request.url.path == "/v1/dataset"
                        else answer([], page={"next_cursor": None, "limit": 500, "returned": 0}))
    assert list(api.deals.list(zip=["99999"])) == []
