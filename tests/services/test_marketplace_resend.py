"""Each write of the desk and the buyer's tools, resent after its answer was lost, acts once
(marketplace-api.md:83: "the same key with the same body replays the stored answer"): the write is
done and its answer lost (the sandbox's write faults: a 503 from the gateway), the person presses
again, and the page's `IdempotencyKeys` sends the same key, so the server replays instead of acting
twice. Against the real sandbox, with tokens from the real login."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone

import pytest

from services.errors import ServerError
from services.marketplace_api import IdempotencyKeys
from tests.sandbox.marketplace.oauth_flow import http
from tests.sandbox.marketplace.test_publishing import FIELDS, JPEG
from tests.services.test_marketplace_desk import api_for, buyer_api, http_client, owner_api  # noqa: F401 - fixtures
from tests.services.test_oauth_consent import marketplace_login  # noqa: F401 - fixture

TINY_PDF = b"%PDF-1.4\n%%EOF\n"


def lose_answers(sandbox, rate: float) -> None:
    http.post(f"{sandbox.url}/_sandbox/marketplace/write-faults", json={"rate": rate, "statuses": [503]})


def writes(sandbox) -> dict:
    return http.get(f"{sandbox.url}/_sandbox/marketplace/writes").json()["data"]


def resent_after_a_lost_answer(sandbox, action: str, body: dict, call):
    """Press once (done, answer lost), then again as the page does: the same key; the second answer."""
    keys = IdempotencyKeys({})
    lose_answers(sandbox, 1)
    with pytest.raises(ServerError):
        keys.run(action, body, call)
    assert keys.pending(action, body), "the key of a write whose outcome is unknown is kept"
    lose_answers(sandbox, 0)
    result = keys.run(action, body, call)
    assert not keys.pending(action, body)
    return result


def test_a_lead_added_twice_after_a_lost_answer_is_one_lead(sandbox, owner_api):
    name = f"Maria {uuid.uuid4().hex[:6]}"
    resent_after_a_lost_answer(sandbox, "add lead", {"name": name},
                               lambda k: owner_api.sell.leads.add(name=name, idempotency_key=k))
    assert [lead.name for lead in owner_api.sell.leads.list(limit=100)].count(name) == 1
    assert writes(sandbox)["replayed"] >= 1


def test_a_lead_status_strike_and_review_response_resent_act_once(sandbox, owner_api):
    lead = next(lead for lead in owner_api.sell.leads.list() if lead.status == "open")
    before = len(lead.history)
    changed = resent_after_a_lost_answer(sandbox, "lead status", {"lead": lead.id},
                                         lambda k: owner_api.sell.leads.set_status(lead.id, "contacted", idempotency_key=k))
    assert len(changed.history) == before + 1
    row = next(r for r in owner_api.sell.offers.list(status="new") if r.buyer.entity_name == "Cedar Ridge Capital LLC")
    struck = resent_after_a_lost_answer(sandbox, "strike", {"buyer": row.buyer.buyer_id},
                                        lambda k: owner_api.sell.buyers.strike(row.buyer.buyer_id, reason="r",
                                                                                idempotency_key=k))
    assert struck.strike["reason"] == "r", "a second strike would be strike_exists: this one was replayed"
    review = next(r for r in owner_api.sell.reviews.list() if r.response is None)
    answered = resent_after_a_lost_answer(sandbox, "response", {"review": review.id},
                                          lambda k: owner_api.sell.reviews.respond(review.id, body="Thanks",
                                                                                    idempotency_key=k))
    assert answered.response.body == "Thanks"


def test_a_draft_photo_order_and_publish_resent_act_once(sandbox, owner_api):
    draft = owner_api.sell.drafts.create(idempotency_key=str(uuid.uuid4()), **FIELDS)
    resent_after_a_lost_answer(sandbox, "update", {"draft": draft.id},
                               lambda k: owner_api.sell.drafts.update(draft.id, title="Renamed", idempotency_key=k))
    media = resent_after_a_lost_answer(
        sandbox, "photo", {"draft": draft.id},
        lambda k: owner_api.sell.drafts.upload_photo(draft.id, filename="front.jpg", content=JPEG, idempotency_key=k))
    assert [m.filename for m in media] == ["front.jpg"], "the slot and the attach each replayed: one photo"
    resent_after_a_lost_answer(sandbox, "order", {"draft": draft.id},
                               lambda k: owner_api.sell.drafts.order_media(draft.id, [media[0].id], idempotency_key=k))
    before = owner_api.sell.drafts.credits()
    resent_after_a_lost_answer(sandbox, "publish", {"draft": draft.id},
                               lambda k: owner_api.sell.drafts.publish(draft.id, idempotency_key=k))
    assert owner_api.sell.drafts.credits().balance == before.balance - before.publish_cost, "charged once"


def test_webhooks_and_buy_boxes_made_and_deleted_after_lost_answers_act_once(sandbox, owner_api, buyer_api):
    url = f"https://hooks.example.com/{uuid.uuid4().hex[:8]}"
    hook = resent_after_a_lost_answer(sandbox, "webhook", {"url": url},
                                      lambda k: owner_api.sell.webhooks.create(url=url, idempotency_key=k))
    assert [h.url for h in owner_api.sell.webhooks.list()].count(url) == 1
    resent_after_a_lost_answer(sandbox, "delete webhook", {"id": hook.id},
                               lambda k: owner_api.sell.webhooks.delete(hook.id, idempotency_key=k))
    assert url not in [h.url for h in owner_api.sell.webhooks.list()]
    box = resent_after_a_lost_answer(sandbox, "box", {"name": "Once"},
                                     lambda k: buyer_api.buy_boxes.create(name="Once", idempotency_key=k))
    assert [b.name for b in buyer_api.buy_boxes.list()].count("Once") == 1
    resent_after_a_lost_answer(sandbox, "delete box", {"id": box.id},
                               lambda k: buyer_api.buy_boxes.delete(box.id, idempotency_key=k))
    assert box.id not in [b.id for b in buyer_api.buy_boxes.list()]


def test_a_question_and_a_proof_of_funds_resent_act_once(sandbox, buyer_api):
    deal = next(d for d in buyer_api.deals.list() if d.status == "active")
    resent_after_a_lost_answer(sandbox, "question", {"deal": deal.id},
                               lambda k: buyer_api.inquiries.send(deal.id, message="Roof age?", idempotency_key=k))
    assert [q.deal_id for q in buyer_api.inquiries.inquiries()].count(deal.id) == 1, "a second would be a duplicate"
    valid_until = (datetime.now(timezone.utc) + timedelta(days=200)).strftime("%Y-%m-%dT23:59:59Z")
    letter = resent_after_a_lost_answer(
        sandbox, "proof", {"lender": "Loopback Bank"},
        lambda k: buyer_api.proof_of_funds.upload(filename="l.pdf", content=TINY_PDF, lender_name="Loopback Bank",
                                                  expires_at=valid_until, idempotency_key=k))
    assert letter.on_file and letter.lender_name == "Loopback Bank"
