"""`MarketplaceApi` on a mock transport: the shape it shares with `DataApi` (one transport,
`max_retry_wait`, typed settings and results), and the upload to a slot going through it."""

from __future__ import annotations

import json

import httpx2
import pytest

from services.errors import RateLimitError
from services.marketplace_api import Account, MarketplaceApi, ProofOfFundsLetter
from services.settings import MarketplaceSettings, Settings

BASE = "https://market.test/marketplace/v1"
TINY_PDF = b"%PDF-1.4\n%%EOF\n"


class FixedTokens:
    """The part of a `TokenHolder` the client uses, with one token that never expires."""

    token = {"access_token": "at-secret", "refresh_token": "rt-secret"}

    def access_token(self) -> str:
        return self.token["access_token"]

    def refresh_after_rejection(self, rejected: str) -> str:
        return rejected


def envelope(data: object) -> dict:
    return {"data": data, "meta": {"request_id": "req_1", "api_version": "1.0-beta"}}


def client_for(handler, **options) -> tuple[MarketplaceApi, list[float]]:
    waits: list[float] = []
    http_client = httpx2.Client(transport=httpx2.MockTransport(handler))
    api = MarketplaceApi(MarketplaceSettings(marketplace_url=BASE), FixedTokens(), http_client=http_client, sleep=waits.append, **options)
    return api, waits


def test_settings_are_typed_and_taken_from_the_apps_settings():
    settings = Settings(api_url="https://data.test", marketplace_url=BASE + "/")
    assert MarketplaceSettings.of(settings) == MarketplaceSettings(marketplace_url=BASE)
    with pytest.raises(ValueError, match="marketplace_url"):
        MarketplaceSettings.of(Settings())


def test_results_are_typed_and_keep_what_the_server_adds():
    me = {"user": {"email": "b@x.test", "buyer_id": "byr_0123456789ab"}, "sides": ["buy"], "caps": [], "new_member": 1}
    api, _ = client_for(lambda request: httpx2.Response(200, json=envelope(me)))
    account = api.me()
    assert isinstance(account, Account) and account.user.email == "b@x.test"
    assert account.model_dump(mode="json", exclude_unset=True) == me


def test_a_wait_over_max_retry_wait_is_raised_with_retry_after_not_slept():
    api, waits = client_for(lambda request: httpx2.Response(429, headers={"Retry-After": "40"}, json={"code": "rate_limited"}), max_retry_wait=3)
    assert api.max_retry_wait == 3
    with pytest.raises(RateLimitError) as refused:
        api.me()
    assert refused.value.retry_after == 40 and waits == []


def test_the_upload_to_its_slot_goes_through_the_transport_without_the_token():
    seen: list[httpx2.Request] = []
    slot_answers = iter([httpx2.Response(429, headers={"Retry-After": "1"}), httpx2.Response(204)])
    letter = {"on_file": True, "is_expired": False, "expires_at": "2099-01-31T23:59:59Z", "lender_name": "Bank"}

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(request)
        if request.url.path.endswith("/uploads"):
            slot = {"url": "/uploads/slot-1", "fields": {"policy": "p"}, "key": "k1", "max_bytes": 1000}
            return httpx2.Response(200, json=envelope(slot))
        if request.url.path.endswith("/uploads/slot-1"):
            return next(slot_answers)
        assert json.loads(request.content) == {"key": "k1", "lender_name": "Bank", "expires_at": letter["expires_at"]}
        return httpx2.Response(200, json=envelope(letter))

    api, waits = client_for(handler)
    result = api.proof_of_funds.upload(filename="l.pdf", content=TINY_PDF, lender_name=" Bank ", expires_at=letter["expires_at"],
                                       idempotency_key="pof-1")
    assert isinstance(result, ProofOfFundsLetter) and result.on_file is True
    to_slot = [request for request in seen if request.url.path.endswith("/uploads/slot-1")]
    assert len(to_slot) == 2 and waits == [1.0] and api.retries == 1, "the slot's 429 was retried by the one retry loop"
    assert str(to_slot[0].url) == BASE + "/uploads/slot-1"
    assert "authorization" not in to_slot[0].headers, "the slot is authorised by its fields, never by the bearer token"
    assert b'name="policy"' in to_slot[0].content and b'filename="l.pdf"' in to_slot[0].content


class RefreshingTokens:
    """A holder whose refresh always succeeds (a good refresh token), counting what is asked of it."""

    def __init__(self) -> None:
        self.token = {"access_token": "at-1", "refresh_token": "rt-secret"}
        self.refreshes = 0
        self.logged_out = 0

    def access_token(self) -> str:
        if not self.token.get("access_token"):
            from services.oauth import LoginError

            raise LoginError("login_required", "Your marketplace session has ended.")
        return self.token["access_token"]

    def refresh_after_rejection(self, rejected: str) -> str:
        self.refreshes += 1
        self.token = {**self.token, "access_token": f"at-{self.refreshes + 1}"}
        return self.token["access_token"]

    def log_out(self) -> None:
        self.logged_out += 1
        self.token = {"access_token": ""}


def test_a_suspended_account_ends_the_login_instead_of_refreshing_on_every_rerun():
    """marketplace-api.md, Authentication 6: a suspended account answers 401 to every token. After a
    good refresh is refused too, the login ends (revoked, its session everywhere): the next call
    neither refreshes nor asks the API again."""
    from services.oauth import LoginError

    sent: list[str] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        sent.append(request.headers["authorization"])
        return httpx2.Response(401, json={"code": "unauthorized", "status": 401, "detail": "account suspended"})

    tokens = RefreshingTokens()
    api = MarketplaceApi(MarketplaceSettings(marketplace_url=BASE), tokens,
                         http_client=httpx2.Client(transport=httpx2.MockTransport(handler)), sleep=lambda _s: None)
    for _rerun in range(3):
        with pytest.raises(LoginError):
            api.me.retrieve()
    assert tokens.refreshes == 1 and tokens.logged_out == 1
    assert sent == ["Bearer at-1", "Bearer at-2"]
