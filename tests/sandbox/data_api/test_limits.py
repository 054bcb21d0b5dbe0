"""Per-key rate limit and injected faults (data-api.md, Limits 1 and 4; decisions.md, control routes)."""

from __future__ import annotations

import time

import httpx2
import pytest

from tests.processes import run_sandbox
from tests.sandbox.data_api.helpers import assert_problem, get

RATE_LIMIT = 5


@pytest.fixture(scope="module")
def limited_sandbox():
    """A sandbox of its own with a per-key limit of 5 requests a minute."""
    with run_sandbox("--rate-limit", str(RATE_LIMIT)) as process:
        yield process


def test_per_key_limit_answers_429_until_the_window_passes(limited_sandbox):
    """data-api.md, Limits 1: per-minute limits answer 429 rate_limited with Retry-After; every call counts."""
    limited_sandbox.reset()
    limited_sandbox.start_of_a_minute()
    statuses = [get(limited_sandbox.url, "/v1/dataset").status_code for _ in range(RATE_LIMIT)]
    assert statuses == [200] * RATE_LIMIT
    response = get(limited_sandbox.url, "/v1/dataset")
    problem = assert_problem(response, 429, "rate_limited")
    assert 1 <= int(response.headers["Retry-After"]) <= 60
    assert problem["retry_after"] == int(response.headers["Retry-After"])
    assert problem["bucket"] == "key"
    # Another key has its own budget; the bench key has none.
    assert get(limited_sandbox.url, "/v1/dataset", key="zpka_sandbox_empty").status_code == 200
    assert all(get(limited_sandbox.url, "/v1/dataset", key="zpka_sandbox_bench").status_code == 200 for _ in range(8))
    # Control routes are never limited.
    assert httpx2.get(f"{limited_sandbox.url}/_sandbox/fixtures", timeout=60).status_code == 200
    limited_sandbox.advance_clock(61)
    assert get(limited_sandbox.url, "/v1/dataset").status_code == 200


def test_failed_calls_count_too(limited_sandbox):
    """data-api.md, Limits 1: every call counts, charged or not."""
    limited_sandbox.reset()
    limited_sandbox.start_of_a_minute()
    for _ in range(RATE_LIMIT):
        assert_problem(get(limited_sandbox.url, "/v1/deals/deal_bad"), 400, "invalid_id")
    assert_problem(get(limited_sandbox.url, "/v1/deals/deal_bad"), 429, "rate_limited")


@pytest.mark.parametrize("status, code, retry_after", [(429, "rate_limited", "2"), (503, "pool_saturated", "1"),
                                                       (504, "statement_timeout", None)])
def test_faults_answer_documented_errors(sandbox, status, code, retry_after):
    """decisions.md, faults; data-api.md, Limits 4: 503 pool_saturated with Retry-After 1; 504 statement_timeout."""
    sandbox.faults(rate=1, statuses=[status], seed=1)
    response = get(sandbox.url, "/v1/deals/summary", {"zip": "99999"})
    problem = assert_problem(response, status, code)
    assert response.headers.get("Retry-After") == retry_after
    if status == 429:
        assert problem["retry_after"] == 2 and problem["bucket"] == "key"
    assert httpx2.get(f"{sandbox.url}/_sandbox/fixtures", timeout=60).status_code == 200  # control routes are spared


def test_faults_are_deterministic_from_their_seed_and_charge_nothing(sandbox):
    """decisions.md, faults: that share of data requests fails; the same seed fails the same requests."""
    def run() -> list[int]:
        sandbox.faults(rate=0.5, statuses=[429, 503, 504], seed=42)
        return [get(sandbox.url, "/v1/dataset").status_code for _ in range(24)]

    first = run()
    assert first == run()
    assert 200 in first and set(first) - {200} and set(first) <= {200, 429, 503, 504}
    sandbox.faults(rate=0)
    assert all(get(sandbox.url, "/v1/dataset").status_code == 200 for _ in range(5))


def test_a_faulted_read_charges_nothing(sandbox):
    """data-api.md, Errors (Rules): a failed request charges nothing."""
    bbox = ",".join(map(str, httpx2.get(f"{sandbox.url}/_sandbox/fixtures", timeout=60).json()["data"]["markets"]["CLT"]))
    sandbox.faults(rate=1, statuses=[503], seed=1)
    assert get(sandbox.url, "/v1/deals", {"bbox": bbox, "limit": 10}).status_code == 503
    sandbox.faults(rate=0)
    response = get(sandbox.url, "/v1/deals", {"bbox": bbox, "limit": 10})
    assert response.headers["X-Credits-Remaining"] == str(10_000 - 10)


def test_latency_fault_slows_requests(sandbox):
    """decisions.md, faults: latency_ms slows data requests down."""
    sandbox.faults(rate=0, latency_ms=300, seed=1)
    started = time.monotonic()
    assert get(sandbox.url, "/v1/dataset").status_code == 200
    assert time.monotonic() - started >= 0.3


def test_per_day_limit_answers_429_with_bucket_day_until_midnight():
    """data-api.md, Limits 1: per-minute *and per-day* limits answer 429 rate_limited with Retry-After.
    The client raises it at once with its wait (hours), never sleeping through it."""
    from services.data_api import DataApi
    from services.errors import RateLimitError
    from tests.services.conftest import FakeSleep, settings_for

    def use_up_the_day(process) -> tuple[httpx2.Response, dict]:
        assert [get(process.url, "/v1/dataset").status_code for _ in range(3)] == [200] * 3
        response = get(process.url, "/v1/dataset")
        return response, assert_problem(response, 429, "rate_limited")

    with run_sandbox("--rate-limit-day", "3") as process:
        process.reset()
        response, problem = use_up_the_day(process)
        assert problem["bucket"] == "day" and 1 <= problem["retry_after"] <= 86400
        assert int(response.headers["Retry-After"]) == problem["retry_after"]
        process.advance_clock(problem["retry_after"] + 60)  # just past midnight UTC: a new day's budget
        response, problem = use_up_the_day(process)
        assert problem["retry_after"] > 80000
        sleep = FakeSleep()
        with httpx2.Client(timeout=30) as client:
            api = DataApi(settings_for(process.url), http_client=client, sleep=sleep)
            with pytest.raises(RateLimitError) as refused:
                api.dataset()
        assert refused.value.bucket == "day" and refused.value.retry_after > 80000 and sleep.waits == []
