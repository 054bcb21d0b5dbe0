"""Inquiries and address requests (marketplace-api.md, Limits: one per type (`inquiry`,
`address_request`) per deal per 24 hours; Errors: `429 duplicate_inquiry` (Retry-After 86400, names
`deal_id` and `type`), `409 agreement_required` (`agreement` `id`, `url`), `409 address_unavailable`;
scope inquiries:write "answer address requests")."""

from __future__ import annotations

from tests.sandbox.marketplace.conftest import problem
from tests.sandbox.marketplace.helpers import free_deals
from tests.sandbox.marketplace.oauth_flow import http


def test_one_inquiry_per_deal_per_day_the_second_is_duplicate_inquiry(sandbox, buyer, login_as):
    deal = free_deals(buyer)[0]
    first = buyer.post(f"/buy/deals/{deal['id']}/inquiries", {"message": "Is the roof new?"})
    assert first.status_code == 200, first.text
    second = buyer.post(f"/buy/deals/{deal['id']}/inquiries", {"message": "And the HVAC?"})
    body = problem(second, 429, "duplicate_inquiry")
    assert second.headers["Retry-After"] == "86400"
    # `type` is the problem's URI (Errors), so the inquiry's type is `inquiry_type` (docs/contract.md).
    assert (body["deal_id"], body["inquiry_type"]) == (deal["id"], "inquiry")
    # The other type is its own count; another deal too.
    assert buyer.post(f"/buy/deals/{free_deals(buyer)[1]['id']}/inquiries", {"message": "Hi"}).status_code == 200
    sandbox.control("clock", {"advance_seconds": 24 * 3600 + 1})
    buyer = login_as("buyer@sandbox.test")  # the access token lived 15 minutes
    assert buyer.post(f"/buy/deals/{deal['id']}/inquiries", {"message": "And the HVAC?"}).status_code == 200


def test_an_address_request_needs_the_agreement_then_the_seller_answers(buyer, owner):
    deal = next(d for d in free_deals(buyer) if d["seller"]["name"] == "Sandbox Wholesale Co")
    body = problem(buyer.post(f"/buy/deals/{deal['id']}/address-requests", {"message": "Drive-by"}),
                   409, "agreement_required")
    agreement = body["agreement"]
    assert agreement["id"].startswith("agr_") and http.get(agreement["url"]).status_code == 200
    problem(buyer.post(f"/buy/deals/{deal['id']}/address-requests", {"accept_agreement": {"id": "agr_000000000000"}}),
            409, "agreement_required")
    sent = buyer.post(f"/buy/deals/{deal['id']}/address-requests", {"accept_agreement": {"id": agreement["id"]}})
    assert sent.status_code == 200, sent.text
    assert sent.json()["data"]["status"] == "pending" and sent.json()["data"]["address"] is None
    again = problem(buyer.post(f"/buy/deals/{deal['id']}/address-requests", {"accept_agreement": {"id": agreement["id"]}}),
                    429, "duplicate_inquiry")
    assert again["inquiry_type"] == "address_request"

    waiting = [r for r in owner.data("/sell/address-requests") if r["deal_id"] == deal["id"]]
    answered = owner.post(f"/sell/address-requests/{waiting[0]['id']}/answer", {"decision": "approve"})
    assert answered.status_code == 200, answered.text
    mine = buyer.data("/buy/address-requests")[0]
    assert mine["status"] == "approved" and mine["address"].endswith(deal["property"]["zip"])
    assert any(e["data"]["address_request_id"] == mine["id"] for e in buyer.data("/buy/events", type="address_request.answered"))
    problem(owner.post(f"/sell/address-requests/{waiting[0]['id']}/answer", {"decision": "decline"}), 422,
            "invalid_transition")


def test_a_pending_deals_address_is_unavailable(buyer):
    pending = buyer.data("/buy/deals", status="pending")[0]
    problem(buyer.post(f"/buy/deals/{pending['id']}/address-requests", {"accept_agreement": {"id": "agr_000000000000"}}),
            409, "address_unavailable")


def test_the_seller_sees_inquiries_on_its_deals_and_the_other_seller_does_not(buyer, owner):
    deal = next(d for d in free_deals(buyer) if d["seller"]["name"] == "Sandbox Wholesale Co")
    buyer.post(f"/buy/deals/{deal['id']}/inquiries", {"message": "Occupied?"})
    rows = owner.data("/sell/inquiries")
    assert [(r["deal_id"], r["message"], r["buyer_name"]) for r in rows] == [(deal["id"], "Occupied?", "Dana Buyer")]
    assert any(e["type"] == "inquiry.created" for e in owner.data("/sell/events", type="inquiry.created"))


def test_inquiries_need_their_scopes(login_as):
    reader = login_as("buyer@sandbox.test", scope="marketplace:profile deals:read inquiries:read")
    deal = free_deals(login_as("buyer@sandbox.test"))[0]
    assert problem(reader.post(f"/buy/deals/{deal['id']}/inquiries", {"message": "Hi"}), 403,
                   "insufficient_scope")["scope"] == "inquiries:write"
