"""Caps (marketplace-api.md, Limits: caps per action listed in `GET /me`; exceeding one answers
`cap_reached` or `daily_cap_reached`; Errors: every 429 carries Retry-After, the daily one to midnight UTC)."""

from __future__ import annotations

import time
from datetime import datetime

from tests.sandbox.marketplace.conftest import problem
from tests.sandbox.marketplace.helpers import counter_terms, free_deals, seller_rounds_waiting, terms_for


def _cap(market, action: str) -> dict:
    return next(row for row in market.data("/me")["caps"] if row["action"] == action)


def _seconds_until(stamp: str) -> float:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp() - time.time()


def test_daily_offer_cap_answers_daily_cap_reached_until_midnight_utc(sandbox, buyer, login_as):
    """Errors 429: daily_cap_reached, Retry-After = seconds to next midnight UTC; nothing is written."""
    cap = _cap(buyer, "offers.create")
    deal = free_deals(buyer)[0]
    for _ in range(cap["limit"]):
        made = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal))
        assert made.status_code == 200, made.text
        assert buyer.post(f"/buy/offers/{made.json()['data']['id']}/withdraw", {}).status_code == 200
    used = _cap(buyer, "offers.create")
    assert used["used"] == cap["limit"] and used["remaining"] == 0
    refused = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal))
    problem(refused, 429, "daily_cap_reached")
    assert used["resets_at"].endswith("T00:00:00Z")
    assert abs(int(refused.headers["Retry-After"]) - _seconds_until(used["resets_at"])) < 5
    assert buyer.offers(deal_id=deal["id"], status="new") == []
    # After midnight UTC the cap is free again (a fresh login: the clock passed the token's 15 minutes).
    sandbox.advance_clock(int(refused.headers["Retry-After"]) + 1)
    again = login_as("buyer@sandbox.test")
    assert again.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal)).status_code == 200


def test_hourly_counter_cap_answers_cap_reached_with_retry_after(sandbox, login_as):
    """Errors 429: cap_reached with Retry-After; the counter cap resets at the top of the hour."""
    # The whole exchange in one hour of the sandbox clock: an hour turning midway resets the cap.
    sandbox.start_of_an_hour()
    buyer, owner = login_as("buyer@sandbox.test"), login_as("owner@sandbox.test")
    cap = _cap(buyer, "offers.counter")
    waiting = seller_rounds_waiting(buyer, owner)[0]
    for _ in range(cap["limit"]):
        mine = buyer.post(f"/buy/offers/{waiting['id']}/counter", counter_terms(buyer, waiting, delta=-100))
        assert mine.status_code == 200, mine.text
        theirs = owner.post(f"/sell/offers/{mine.json()['data']['id']}/counter",
                            {"offer_amount": waiting["offer_amount"], "emd_amount": waiting["emd_amount"],
                             "financing": waiting["financing"]})
        assert theirs.status_code == 200, theirs.text
        waiting = {k: v for k, v in theirs.json()["data"].items() if k not in ("buyer", "proof_of_funds", "chain")}
    refused = buyer.post(f"/buy/offers/{waiting['id']}/counter", counter_terms(buyer, waiting))
    body = problem(refused, 429, "cap_reached")
    assert body["action"] == "offers.counter"
    assert 0 < int(refused.headers["Retry-After"]) <= 3600
    assert buyer.data(f"/buy/offers/{waiting['id']}")["status"] == "new"
