"""The app's marketplace session (adapter.marketplace, adapter.marketplace_actions) on a mock
host: waits the server names, cursors followed, keys kept across "still in progress"."""

from __future__ import annotations

import json

import httpx2
import pytest

import adapter.marketplace
import adapter.marketplace_actions as actions
from services.errors import ConflictError, RateLimitError
from services.settings import MarketplaceSettings

from tests.services.test_marketplace_client import FixedTokens

BASE = "https://market.test/marketplace/v1"
OFFER = "off_0123456789ab"


def envelope(data: object, next_cursor: str | None = None) -> dict:
    return {"data": data, "meta": {"request_id": "req_1", "api_version": "1.0-beta"},
            "page": {"next_cursor": next_cursor, "limit": 1, "returned": 1}}


def offer(status: str = "withdrawn") -> dict:
    return {"id": OFFER, "deal_id": "mkd_0123456789ab", "status": status, "round": 1, "submitted_by": "buyer",
            "offer_amount": 1000, "emd_amount": 10, "financing": "cash"}


@pytest.fixture
def host(monkeypatch):
    """The adapter's session pointed at a mock host; returns (answers to set, requests seen, sleeps)."""
    seen: list[httpx2.Request] = []
    sleeps: list[float] = []
    answers: list = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(request)
        answer = answers.pop(0) if len(answers) > 1 else answers[0]
        return answer(request) if callable(answer) else answer

    client = httpx2.Client(transport=httpx2.MockTransport(handler))
    state: dict = {}
    monkeypatch.setattr(adapter.marketplace, "marketplace_tokens", lambda: FixedTokens())
    monkeypatch.setattr(adapter.marketplace, "settings", lambda: MarketplaceSettings(marketplace_url=BASE))
    monkeypatch.setattr(adapter.marketplace, "shared_http_client", lambda: client)
    monkeypatch.setattr(adapter.marketplace.time, "sleep", sleeps.append)
    monkeypatch.setattr(actions.st, "session_state", state)
    yield answers, seen, sleeps
    client.close()


def cap_reached(retry_after: int) -> httpx2.Response:
    problem = {"status": 429, "code": "cap_reached", "detail": "Cap reached.", "action": "offers.withdraw"}
    return httpx2.Response(429, headers={"Retry-After": str(retry_after), "Content-Type": "application/problem+json"}, json=problem)


def test_a_429_longer_than_a_page_waits_is_raised_at_once_not_resent(host):
    answers, seen, sleeps = host
    answers[:] = [cap_reached(87)]
    with pytest.raises(RateLimitError) as refused:
        actions.withdraw(OFFER, None)
    assert refused.value.retry_after == 87
    assert len(seen) == 1 and sleeps == [], "a write is never resent inside its Retry-After"
    # A second press inside the 87 s sends nothing and says how long is left.
    with pytest.raises(RateLimitError) as again:
        actions.withdraw(OFFER, None)
    assert len(seen) == 1 and 0 < again.value.retry_after <= 87


def test_a_short_429_is_waited_in_full_then_resent(host):
    answers, seen, sleeps = host
    answers[:] = [cap_reached(2), httpx2.Response(200, json=envelope(offer()))]
    assert actions.withdraw(OFFER, None).status == "withdrawn"
    assert sleeps == [2.0] and len(seen) == 2
    assert seen[0].headers["Idempotency-Key"] == seen[1].headers["Idempotency-Key"]


def test_a_write_still_in_progress_keeps_its_key_until_the_outcome_is_known(host):
    answers, seen, sleeps = host
    busy = httpx2.Response(409, headers={"Retry-After": "1", "Content-Type": "application/problem+json"},
                           json={"status": 409, "code": "idempotency_in_progress", "detail": "Still processing."})
    answers[:] = [busy]
    with pytest.raises(ConflictError) as working:
        actions.withdraw(OFFER, "other")
    assert working.value.code == "idempotency_in_progress"
    assert sleeps == [1.0] * 3, "retried after its Retry-After, with the same key"
    first_key = seen[0].headers["Idempotency-Key"]
    assert {request.headers["Idempotency-Key"] for request in seen} == {first_key}
    # Later, the next press sends the same key: the server replays the first send's outcome.
    state = actions.st.session_state[actions.SESSION_WRITE_KEYS]
    for entry in state.values():
        entry["not_before"] = 0
    answers[:] = [httpx2.Response(200, headers={"Idempotent-Replayed": "true"}, json=envelope(offer()))]
    actions.withdraw(OFFER, "other")
    assert seen[-1].headers["Idempotency-Key"] == first_key
    assert state == {}, "a known outcome forgets the key"


def test_the_buyers_deals_follow_the_cursor(host):
    answers, seen, _ = host

    def deals(request: httpx2.Request) -> httpx2.Response:
        cursor = request.url.params.get("cursor")
        page = {None: ("mkd_00000000000a", "c2"), "c2": ("mkd_00000000000b", "c3"), "c3": ("mkd_00000000000c", None)}[cursor]
        return httpx2.Response(200, json=envelope([{"id": page[0], "title": page[0]}], page[1]))

    answers[:] = [deals]
    listing = actions.deals()
    assert [deal.id for deal in listing.rows] == ["mkd_00000000000a", "mkd_00000000000b", "mkd_00000000000c"]
    assert listing.more is False
    assert [request.url.params.get("cursor") for request in seen] == [None, "c2", "c3"]
    assert json.dumps(actions.deal_titles())  # the titles read every page too


def test_a_list_walked_to_its_bound_says_more_exist(host):
    """marketplace-api.md:15: lists add `page` with `next_cursor`; a list longer than the bound a page
    shows stops there and says more exist, instead of reading one page and saying nothing."""
    answers, seen, _ = host

    def deals(request: httpx2.Request) -> httpx2.Response:
        cursor = int(request.url.params.get("cursor") or 0)
        return httpx2.Response(200, json=envelope([{"id": f"mkd_{cursor:012x}"}], str(cursor + 1)))

    answers[:] = [deals]
    listing = actions.deals(bound=3)
    assert [deal.id for deal in listing.rows] == [f"mkd_{n:012x}" for n in range(3)]
    assert listing.more is True and len(seen) == 3
