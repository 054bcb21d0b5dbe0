"""Seller routes (marketplace-api.md, Endpoints `GET /sell/offers`; decisions.md: counter, accept, decline)."""

from __future__ import annotations

from tests.sandbox.marketplace.conftest import problem
from tests.sandbox.marketplace.helpers import seller_rounds_waiting

CONTACTS = {"email", "phone", "phone_type"}


def _open_buyer_rounds(seller) -> list[dict]:
    return [row for row in seller.data("/sell/offers", status="new", limit=100) if row["submitted_by"] == "buyer"]


def test_rows_carry_buyer_and_proof_of_funds_and_contacts_for_the_owner(owner):
    """Resources, Offer: seller rows add buyer and proof_of_funds; contacts with contacts:read and owner/admin."""
    rows = owner.data("/sell/offers", limit=100)
    assert rows
    own_deals = {deal["id"] for deal in owner.data("/sell/deals", limit=100)}
    for row in rows:
        assert row["deal_id"] in own_deals
        assert row["buyer"]["buyer_id"].startswith("byr_") and row["buyer"]["name"]
        assert CONTACTS <= set(row["buyer"])
        assert set(row["proof_of_funds"]) == {"on_file", "is_expired", "expires_at", "lender_name"}
    stamps = [row["updated_at"] for row in rows]
    assert stamps == sorted(stamps, reverse=True)
    funded = [row for row in rows if row["proof_of_funds"]["on_file"]]
    assert funded and funded[0]["proof_of_funds"]["lender_name"]


def test_contacts_are_absent_for_a_member_or_without_the_scope(member, login_as):
    """Resources, Offer: without contacts:read or without owner/admin the keys are absent, the rest normal."""
    for seller in (member, login_as("owner@sandbox.test", scope="offers:read")):
        rows = seller.data("/sell/offers", limit=100)
        assert rows and all(not CONTACTS & set(row["buyer"]) for row in rows)
        assert all(row["buyer"]["name"] for row in rows)


def test_seller_sees_only_offers_on_its_own_deals(buyer, owner):
    """Errors 404: an offer on another organization's deal is not_found for this seller."""
    seller_ids = {row["id"] for row in owner.data("/sell/offers", limit=100)}
    elsewhere = [o for o in buyer.offers() if o["id"] not in seller_ids]
    assert elsewhere
    problem(owner.get(f"/sell/offers/{elsewhere[0]['id']}"), 404, "not_found")
    problem(owner.post(f"/sell/offers/{elsewhere[0]['id']}/decline", {}), 404, "not_found")


def test_seller_accepts_a_buyers_open_round(owner, buyer):
    row = _open_buyer_rounds(owner)[0]
    accepted = owner.post(f"/sell/offers/{row['id']}/accept", {})
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["data"]["status"] == "accepted"
    assert owner.data("/sell/deals", status="pending", limit=100)
    problem(owner.post(f"/sell/offers/{row['id']}/accept", {}), 422, "invalid_transition")


def test_seller_cannot_answer_its_own_round(owner, buyer):
    """States: an action on a round that belongs to the other side answers 409 wrong_side."""
    own = seller_rounds_waiting(buyer, owner)[0]
    problem(owner.post(f"/sell/offers/{own['id']}/accept", {}), 409, "wrong_side")
    problem(owner.post(f"/sell/offers/{own['id']}/decline", {"decline_reason": "other"}), 409, "wrong_side")
    assert buyer.data(f"/buy/offers/{own['id']}")["status"] == "new"


def test_a_member_may_counter_for_the_organization(member):
    """Roles: every write scope acts for any member."""
    row = _open_buyer_rounds(member)[0]
    answer = member.post(f"/sell/offers/{row['id']}/counter",
                         {"offer_amount": row["offer_amount"] + 2500, "emd_amount": row["emd_amount"], "financing": "cash"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["data"]["submitted_by"] == "seller"


def test_decline_reason_must_be_one_of_the_seven(owner):
    row = _open_buyer_rounds(owner)[0]
    problem(owner.post(f"/sell/offers/{row['id']}/decline", {"decline_reason": "too_cheap"}), 422, "validation_failed")
    assert owner.data(f"/sell/offers/{row['id']}")["status"] == "new"
