"""Concurrent requests share one DuckDB connection (a cursor each) and the credits ledger safely."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx2

from tests.sandbox.data_api.helpers import fixtures, headers


def test_concurrent_reads_never_fail_and_charge_each_deal_once(sandbox):
    """data-api.md, Limits 3: a deal already held costs nothing again, however many requests race for it."""
    notable = fixtures(sandbox.url)
    bbox = ",".join(map(str, notable["markets"]["TPA"]))
    requests = [("/v1/deals", {"bbox": bbox, "limit": 50}), ("/v1/deals/cells", {"bbox": bbox}),
                ("/v1/deals/summary", {"bbox": bbox}), ("/v1/investors", {"bbox": bbox, "limit": 20}),
                ("/v1/investors/search", {"q": "homes"}), (f"/v1/lenders/{notable['large_lender_id']}", {}),
                ("/v1/coverage", {}), ("/v3/build", {})] * 6

    def call(job):
        path, params = job
        with httpx2.Client(timeout=60) as client:
            response = client.get(f"{sandbox.url}{path}", params=params, headers=headers())
        return path, response.status_code, int(response.headers.get("X-Credits-Charged", "0"))

    with ThreadPoolExecutor(max_workers=6) as pool:
        results = list(pool.map(call, requests))
    assert all(status == 200 for _, status, _ in results), [r for r in results if r[1] != 200]
    deals_charged = sum(charged for path, _, charged in results if path == "/v1/deals")
    investors_charged = sum(charged for path, _, charged in results if path == "/v1/investors")
    assert deals_charged == 50 and investors_charged == 20
