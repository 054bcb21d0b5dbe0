"""The one retry loop, against the real sandbox's injected faults (decisions.md, control routes)."""

from __future__ import annotations

import logging

import httpx2
import pytest

from services.data_api import DataApi
from services.errors import (
    ApiConnectionError,
    GatewayTimeoutError,
    RateLimitError,
    ServerError,
    ServiceUnavailableError,
)
from services.transport import Transport
from tests.processes import free_port
from tests.services.conftest import FakeSleep, RequestLog, settings_for
from tests.services.test_deals import market_bbox

SUMMARY = "/v1/deals/summary"


def test_429_is_retried_after_what_retry_after_says(sandbox, data_api: DataApi, fake_sleep: FakeSleep, request_log: RequestLog) -> None:
    data_api.dataset()  # learn the version first, so only the summary meets the fault
    sandbox.faults(rate=1, statuses=[429])
    with pytest.raises(RateLimitError) as caught:
        data_api.deals.summary()
    retry_after = caught.value.retry_after
    assert retry_after is not None and retry_after > 0
    assert request_log.to(SUMMARY) == data_api._transport.max_attempts
    assert fake_sleep.waits == [retry_after] * (data_api._transport.max_attempts - 1)


def test_429_then_success(sandbox, data_api: DataApi, fake_sleep: FakeSleep, request_log: RequestLog) -> None:
    data_api.dataset()

    def lift_the_fault(seconds: float) -> None:
        fake_sleep(seconds)
        sandbox.faults(rate=0)

    data_api._transport._sleep = lift_the_fault
    bbox = market_bbox(data_api)
    sandbox.faults(rate=1, statuses=[429])
    summary = data_api.deals.summary(bbox=bbox)
    assert summary.n_deals > 0
    assert request_log.to(SUMMARY) == 2 and len(fake_sleep.waits) == 1 and fake_sleep.waits[0] > 0
    assert data_api.retries == 1


def test_wait_past_the_cap_is_raised_at_once(sandbox, http_client, fake_sleep: FakeSleep, request_log: RequestLog) -> None:
    api = DataApi(settings_for(sandbox.url), http_client=http_client, sleep=fake_sleep, max_retry_wait=0.5)
    api.dataset()
    sandbox.faults(rate=1, statuses=[429])
    with pytest.raises(RateLimitError) as caught:
        api.deals.summary()
    assert caught.value.retry_after > 0.5
    assert request_log.to(SUMMARY) == 1 and fake_sleep.waits == []
    assert "retry after" in str(caught.value)


def test_503_pool_saturated_is_not_retried_identically(sandbox, data_api: DataApi, fake_sleep: FakeSleep, request_log: RequestLog) -> None:
    """data-api.md, Limits 1: 429 is the only status where an identical retry is correct."""
    data_api.dataset()
    sandbox.faults(rate=1, statuses=[503])
    with pytest.raises(ServiceUnavailableError) as caught:
        data_api.deals.summary()
    assert caught.value.code == "pool_saturated"
    assert caught.value.retry_after == 1  # the page can say when to try again
    assert fake_sleep.waits == []
    assert request_log.to(SUMMARY) == 1


@pytest.mark.parametrize(
    ("status", "error_class", "code"),
    [
        pytest.param(504, GatewayTimeoutError, "statement_timeout", id="504-statement-timeout"),
        pytest.param(500, ServerError, "internal_error", id="500"),
    ],
)
def test_never_retried(sandbox, data_api: DataApi, fake_sleep: FakeSleep, request_log: RequestLog, status: int, error_class, code: str) -> None:
    data_api.dataset()
    sandbox.faults(rate=1, statuses=[status])
    with pytest.raises(error_class) as caught:
        data_api.deals.summary()
    assert caught.value.code == code and caught.value.request_id
    assert request_log.to(SUMMARY) == 1 and fake_sleep.waits == []


def closed_port_url() -> str:
    return f"http://127.0.0.1:{free_port()}"


@pytest.mark.parametrize(
    ("method", "attempts"),
    [pytest.param("GET", 4, id="read-retried"), pytest.param("POST", 1, id="write-not-retried")],
)
def test_connection_errors_retried_on_reads_only(method: str, attempts: int) -> None:
    log, sleep = RequestLog(), FakeSleep()
    with httpx2.Client(timeout=5, event_hooks={"request": [log]}) as client:
        transport = Transport(closed_port_url(), http_client=client, sleep=sleep)
        with pytest.raises(ApiConnectionError) as caught:
            transport.request(method, "/v1/deals")
    assert len(log.sent) == attempts and len(sleep.waits) == attempts - 1
    assert caught.value.code == "connection_error" and method in str(caught.value)


def test_idempotency_key_made_once_and_resent_on_retry(sandbox, fake_sleep: FakeSleep) -> None:
    keys: list[str | None] = []
    with httpx2.Client(timeout=30, event_hooks={"request": [lambda r: keys.append(r.headers.get("Idempotency-Key"))]}) as client:
        auth = lambda path: {"Authorization": "Bearer zpka_sandbox_demo", "X-On-Behalf-Of": "dev_demo"}  # noqa: E731
        transport = Transport(sandbox.url, auth_headers=auth, http_client=client, sleep=fake_sleep)
        sandbox.faults(rate=1, statuses=[429])
        with pytest.raises(RateLimitError):
            transport.request("GET", SUMMARY, idempotency_key=True)
    assert len(keys) == 4 and len(set(keys)) == 1 and keys[0]


def test_key_never_in_errors_or_logs(sandbox, data_api: DataApi, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    key = data_api.settings.api_key.get_secret_value()
    sandbox.faults(rate=1, statuses=[504])
    with pytest.raises(GatewayTimeoutError) as caught:
        data_api.deals.summary()
    texts = [str(caught.value), repr(caught.value), repr(data_api), repr(data_api.settings), caplog.text]
    assert caplog.text, "the client logged nothing to check"
    for text in texts:
        assert key not in text


def test_slow_answers_time_out_and_reads_are_retried(sandbox, fake_sleep: FakeSleep) -> None:
    from services.errors import ApiTimeoutError

    log = RequestLog()
    with httpx2.Client(timeout=0.2, event_hooks={"request": [log]}) as client:
        api = DataApi(settings_for(sandbox.url), http_client=client, sleep=fake_sleep)
        sandbox.faults(rate=0, latency_ms=1000)
        with pytest.raises(ApiTimeoutError) as caught:
            api.deals.retrieve("deal_" + "0" * 32)
    assert caught.value.code == "timeout" and isinstance(caught.value, ApiConnectionError)
    assert log.to("/v1/deals/" + "deal_" + "0" * 32) == 4 and len(fake_sleep.waits) == 3 + 3, (
        "the version probe and the read are each tried four times"
    )


def test_secrets_echoed_by_the_service_are_redacted(sandbox) -> None:
    from services.errors import NotFoundError

    # The 404 detail names the requested id; declared as a secret, it must not survive.
    echoed = "deal_" + "0" * 32
    auth = lambda path: {"Authorization": "Bearer zpka_sandbox_demo", "X-On-Behalf-Of": "dev_demo"}  # noqa: E731
    with httpx2.Client(timeout=30) as client:
        transport = Transport(sandbox.url, auth_headers=auth, http_client=client, secrets=lambda: [echoed])
        with pytest.raises(NotFoundError) as caught:
            transport.request("GET", f"/v1/deals/{echoed}")
    error = caught.value
    assert "[redacted]" in error.detail
    for text in (str(error), error.detail, repr(error.args), str(error.problem.get("detail"))):
        assert echoed not in text


@pytest.mark.parametrize(
    ("code", "attempts", "waits"),
    [
        # data-api.md, Limits 1: 429 is the only identical retry; its Retry-After 5 is said on the page.
        pytest.param("ledger_unavailable", 1, [], id="ledger-unavailable-never-retried"),
        # No documented wait: not an identical retry (Limits 1); the page says try later.
        pytest.param("database_unavailable", 1, [], id="database-unavailable-never-retried"),
    ],
)
def test_503_codes_of_the_sandbox_faults(sandbox, data_api: DataApi, fake_sleep: FakeSleep, request_log: RequestLog, code: str, attempts: int, waits: list[float]) -> None:
    data_api.dataset()
    sandbox.faults(rate=1, statuses=[503], unavailable_codes=[code])
    with pytest.raises(ServiceUnavailableError) as caught:
        data_api.deals.summary()
    assert caught.value.code == code and caught.value.request_id
    assert request_log.to(SUMMARY) == attempts and fake_sleep.waits == waits


def test_a_429_without_retry_after_waits_1s_once() -> None:
    sent: list[str] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        sent.append(request.url.path)
        return httpx2.Response(429, json={"code": "rate_limited", "status": 429})

    sleep = FakeSleep()
    with httpx2.Client(transport=httpx2.MockTransport(handler)) as client:
        transport = Transport("https://api.test", http_client=client, sleep=sleep)
        with pytest.raises(RateLimitError) as caught:
            transport.request("GET", "/v1/deals")
    assert caught.value.retry_after is None
    assert len(sent) == 2 and sleep.waits == [1.0], "docs/contract.md: a 429 naming no wait waits 1 s once"
