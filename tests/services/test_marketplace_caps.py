"""Caps (marketplace-api.md, Limits: the trust tier sets them): the buyer counters until the
hourly counter cap is used up, the seller countering back each time, then the next counter
is refused with `429 cap_reached` that says when the cap resets."""

from __future__ import annotations

import uuid
from datetime import datetime, timezone
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

from components.marketplace_problem import cap_reset_text
from services.errors import RateLimitError
from services.marketplace_api import MarketplaceApi
from services.transport import new_http_client
from tests.services.test_oauth_consent import log_in, make_login, marketplace_login, sandbox_settings  # noqa: F401 - fixture

COUNTER_ACTION = "offers.counter"


class Seller:
    """The demo seller's owner, acting through the sandbox's seller routes."""

    def __init__(self, sandbox_url: str, registry_dir: Path, http_client: httpx2.Client) -> None:
        self._http = http_client
        self._base = f"{sandbox_url}/marketplace/v1"
        with make_login(sandbox_url, registry_dir, scopes=("marketplace:profile", "deals:read", "deals:write", "offers:read", "offers:write")) as login:
            self._headers = {"Authorization": f"Bearer {log_in(login, email='owner@sandbox.test').access_token()}"}

    def deals(self) -> list[dict]:
        response = self._http.get(f"{self._base}/sell/deals", params={"limit": 100}, headers=self._headers)
        response.raise_for_status()
        return response.json()["data"]

    def deal_ids(self) -> set[str]:
        return {deal["id"] for deal in self.deals()}

    def change_terms(self, deal_id: str, **terms) -> dict:
        """`PATCH /sell/deals/{id}` (the sandbox's seller route): what makes a buyer's preview stale."""
        response = self._http.patch(
            f"{self._base}/sell/deals/{deal_id}", json=terms, headers={**self._headers, "Idempotency-Key": str(uuid.uuid4())}
        )
        assert response.status_code == 200, response.text
        return response.json()["data"]

    def counter(self, offer: dict, amount: float) -> dict:
        body = {"offer_amount": amount, "emd_amount": offer["emd_amount"], "financing": offer["financing"]}
        response = self._http.post(
            f"{self._base}/sell/offers/{offer['id']}/counter", json=body, headers={**self._headers, "Idempotency-Key": str(uuid.uuid4())}
        )
        assert response.status_code == 200, response.text
        return response.json()["data"]


@pytest.fixture
def http_client() -> Iterator[httpx2.Client]:
    client = new_http_client()
    yield client
    client.close()


def seller_round_on(api: MarketplaceApi, deal_ids: set[str]) -> dict:
    """The seller's open round, as the plain dict the seller's routes answer too (the app's `plain()`)."""
    rounds = [o for o in api.offers.list(status="new", limit=100) if o.submitted_by == "seller" and o.deal_id in deal_ids]
    assert rounds, "the demo seller has a round waiting for the demo buyer"
    return rounds[0].model_dump(mode="json")


def use_up_counter_cap(api: MarketplaceApi, seller: Seller) -> dict:
    """Counter and be countered until the buyer's hourly counter cap is spent; returns the seller's open round."""
    cap = next(row for row in api.me().caps if row.action == COUNTER_ACTION)
    open_round = seller_round_on(api, seller.deal_ids())
    min_emd = api.deals.retrieve(open_round["deal_id"]).terms.min_emd
    for _ in range(cap.remaining):
        mine = api.offers.counter(
            open_round["id"], offer_amount=open_round["offer_amount"] - 100, emd_amount=max(open_round["emd_amount"], min_emd),
            financing=open_round["financing"], idempotency_key=str(uuid.uuid4()),
        )
        open_round = seller.counter(mine.model_dump(mode="json"), mine.offer_amount + 50)
    return open_round


def test_the_counter_after_the_cap_is_refused_with_when_it_resets(sandbox, tmp_path, marketplace_login, http_client):
    sandbox.start_of_an_hour()  # the whole exchange in one hour of the sandbox clock
    api = MarketplaceApi(sandbox_settings(sandbox.url), log_in(marketplace_login), http_client=http_client, sleep=lambda s: None)
    open_round = use_up_counter_cap(api, Seller(sandbox.url, tmp_path / "seller", http_client))

    caps = api.me().caps
    spent = next(row for row in caps if row.action == COUNTER_ACTION)
    assert spent.remaining == 0 and spent.used == spent.limit

    with pytest.raises(RateLimitError) as refused:
        api.offers.counter(
            open_round["id"], offer_amount=open_round["offer_amount"] - 100, emd_amount=open_round["emd_amount"],
            financing=open_round["financing"], idempotency_key=str(uuid.uuid4()),
        )
    error = refused.value
    assert error.code == "cap_reached"
    assert error.retry_after and 0 < error.retry_after <= 3600
    assert error.recovery
    resets = datetime.fromisoformat(spent.resets_at.replace("Z", "+00:00")).astimezone(timezone.utc)
    assert cap_reset_text(error, caps) == f"The cap resets at {resets:%Y-%m-%d %H:%M} UTC."
