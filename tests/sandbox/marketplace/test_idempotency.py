"""`Idempotency-Key` on offer writes (marketplace-api.md, Endpoints)."""

from __future__ import annotations

import threading
import time
import uuid

from tests.sandbox.marketplace.conftest import problem
from tests.sandbox.marketplace.helpers import free_deals, terms_for
from tests.sandbox.marketplace.oauth_flow import http


def test_same_key_and_body_replays_the_stored_answer(buyer):
    """Endpoints: the same key with the same body replays the stored answer (one offer made)."""
    deal = free_deals(buyer)[0]
    key = uuid.uuid4().hex
    first = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal), key=key)
    second = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal), key=key)
    assert first.status_code == second.status_code == 200
    assert second.json()["data"] == first.json()["data"]
    assert second.headers["Idempotent-Replayed"] == "true"
    assert len(buyer.offers(deal_id=deal["id"], status="new")) == 1


def test_same_key_with_another_body_answers_idempotency_conflict(buyer):
    """Endpoints: the same key with another body answers 409 idempotency_conflict."""
    deal = free_deals(buyer)[0]
    key = uuid.uuid4().hex
    assert buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal), key=key).status_code == 200
    other = terms_for(deal, amount_share=0.8)
    problem(buyer.post(f"/buy/deals/{deal['id']}/offers", other, key=key), 409, "idempotency_conflict")


def test_missing_or_overlong_key_answers_invalid_parameter(buyer):
    """Endpoints: a missing or overlong key (over 255) answers 400 invalid_parameter; nothing is written."""
    deal = free_deals(buyer)[0]
    path = f"/buy/deals/{deal['id']}/offers"
    assert problem(buyer.post(path, terms_for(deal), key=None), 400, "invalid_parameter")["parameter"] == "Idempotency-Key"
    problem(buyer.post(path, terms_for(deal), key="k" * 256), 400, "invalid_parameter")
    assert buyer.post(path, terms_for(deal), key="k" * 255).status_code == 200


def test_key_still_processing_answers_in_progress_with_retry_after(sandbox, buyer):
    """Endpoints: a key still processing answers 409 idempotency_in_progress with Retry-After: 1."""
    http.post(f"{sandbox.url}/_sandbox/marketplace/write-delay", json={"seconds": 1.5}).raise_for_status()
    deal = free_deals(buyer)[0]
    key = uuid.uuid4().hex
    answers = {}
    first = threading.Thread(target=lambda: answers.update(first=buyer.post(f"/buy/deals/{deal['id']}/offers",
                                                                             terms_for(deal), key=key)))
    first.start()
    time.sleep(0.5)
    busy = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal), key=key)
    first.join()
    assert problem(busy, 409, "idempotency_in_progress") and busy.headers["Retry-After"] == "1"
    assert answers["first"].status_code == 200
    replay = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal), key=key)
    assert replay.json()["data"]["id"] == answers["first"].json()["data"]["id"]


def test_a_refused_write_releases_its_key(buyer):
    """A refused write changed nothing, so the same key runs again once the body is right."""
    deal = free_deals(buyer)[0]
    key = uuid.uuid4().hex
    problem(buyer.post(f"/buy/deals/{deal['id']}/offers", {**terms_for(deal), "financing": "barter"}, key=key),
            422, "validation_failed")
    assert buyer.post(f"/buy/deals/{deal['id']}/offers", {**terms_for(deal), "financing": "barter"}, key=key).status_code == 422
    assert buyer.offers(deal_id=deal["id"], status="new") == []


def test_a_lost_answer_was_done_once_and_its_key_replays_it(sandbox, buyer):
    """The test control `write-faults`: the write is done and stored, its answer replaced by a
    503/504; the same key then replays it, and the counts say one applied, one replayed."""
    http.post(f"{sandbox.url}/_sandbox/marketplace/write-faults", json={"rate": 1, "seed": 3}).raise_for_status()
    deal = free_deals(buyer)[0]
    key = uuid.uuid4().hex
    lost = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal), key=key)
    assert lost.status_code in (503, 504) and lost.json()["code"] == "origin_error"
    http.post(f"{sandbox.url}/_sandbox/marketplace/write-faults", json={"rate": 0}).raise_for_status()
    replay = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal), key=key)
    assert replay.status_code == 200 and replay.headers["Idempotent-Replayed"] == "true"
    assert len(buyer.offers(deal_id=deal["id"], status="new")) == 1
    counts = http.get(f"{sandbox.url}/_sandbox/marketplace/writes").json()["data"]
    assert (counts["received"], counts["applied"], counts["replayed"], counts["lost"]) == (1, 0, 1, 0), \
        "the counts start again with the new settings"


def test_the_faults_say_what_they_did(sandbox):
    from tests.processes import sandbox_env

    headers = {"Authorization": f"Bearer {sandbox_env(sandbox.url)['DEEDSCOPE_API_KEY']}"}
    http.post(f"{sandbox.url}/_sandbox/faults", json={"rate": 1, "statuses": [500], "seed": 2}).raise_for_status()
    answers = [http.get(f"{sandbox.url}/v1/coverage", headers=headers).status_code for _ in range(3)]
    done = http.get(f"{sandbox.url}/_sandbox/faults").json()["data"]
    http.post(f"{sandbox.url}/_sandbox/faults", json={"rate": 0}).raise_for_status()
    assert answers == [500, 500, 500]
    assert (done["drawn"], done["injected"]) == (3, 3)
