"""Reads the documents say not to repeat identically are not repeated by the client on its own
(data-api.md, Limits 4 and 5)."""

from __future__ import annotations

import httpx2
import pytest

from services.stores.memory import MemoryStore
from services.data_api import DataApi
from services.errors import ApiTimeoutError, GatewayTimeoutError
from tests.services.conftest import FakeSleep, RequestLog, settings_for

LENDER = "len_0123456789ab"


def test_a_loans_csv_that_timed_out_is_not_resent() -> None:
    """Limits 5: one export in flight per account; one that got no answer in time may still be running."""
    sent: list[str] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        sent.append(request.url.path)
        raise httpx2.ReadTimeout("no answer", request=request)

    client = httpx2.Client(transport=httpx2.MockTransport(handler))
    with DataApi(settings_for("https://api.test"), http_client=client, cache=MemoryStore(), sleep=FakeSleep()) as api:
        with pytest.raises(ApiTimeoutError):
            api.lenders.loans_csv(LENDER)
    assert sent == [f"/v1/lenders/{LENDER}/loans"]


def test_a_504_is_not_resent_by_the_next_read_until_asked(sandbox, http_client, request_log: RequestLog) -> None:
    """Limits 4: `504 statement_timeout`, do not retry identically: a rerun's same read raises it
    again without a request, until the person asks to try again (`forget_timeouts`)."""
    with DataApi(settings_for(sandbox.url), http_client=http_client, cache=MemoryStore(), sleep=FakeSleep()) as api:
        api.dataset()
        sandbox.faults(rate=1, statuses=[504])
        with pytest.raises(GatewayTimeoutError):
            api.deals.summary(zip=["75201"])
        sandbox.faults(rate=0)
        with pytest.raises(GatewayTimeoutError):
            api.deals.summary(zip=["75201"])
        assert request_log.to("/v1/deals/summary") == 1
        assert api.forget_timeouts() == 1
        assert api.deals.summary(zip=["75201"]).n_deals > 0
        assert request_log.to("/v1/deals/summary") == 2
