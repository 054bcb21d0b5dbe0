"""Leads and strikes (marketplace-api.md, States: closed lead → `409 lead_locked`; strike within 90 days
of the buyer's last act on the seller's deal, one per organization per buyer → `strike_window_closed`,
`strike_exists`)."""

from __future__ import annotations

from datetime import datetime, timezone

from tests.sandbox.marketplace.conftest import problem


def _buyers_of(seller) -> list[str]:
    return sorted({row["buyer"]["buyer_id"] for row in seller.data("/sell/offers", limit=100)})


def test_a_closed_lead_is_locked_and_stays_as_it_was(owner):
    """States: change lead when the lead is closed answers 409 lead_locked, no change."""
    leads = owner.data("/sell/leads")
    closed = next(lead for lead in leads if lead["status"] in ("won", "lost"))
    problem(owner.request("PATCH", f"/sell/leads/{closed['id']}", json={"status": "open"}), 409, "lead_locked")
    assert owner.data(f"/sell/leads/{closed['id']}") == closed
    open_lead = next(lead for lead in leads if lead["status"] == "open")
    changed = owner.request("PATCH", f"/sell/leads/{open_lead['id']}", json={"status": "won"})
    assert changed.status_code == 200, changed.text
    assert [h["status"] for h in changed.json()["data"]["history"]][-1] == "won"
    problem(owner.request("PATCH", f"/sell/leads/{open_lead['id']}", json={"status": "contacted"}), 409, "lead_locked")


def test_a_member_adds_a_lead(member):
    """Roles: every write scope acts for any member (leads:write)."""
    added = member.post("/sell/leads", {"name": "Walk-in Seller", "phone": "+12105550111"}, key=None)
    assert added.status_code == 200, added.text
    assert added.json()["data"]["id"] in {lead["id"] for lead in member.data("/sell/leads")}


def test_one_strike_per_organization_per_buyer(owner):
    """States: one strike per organization per buyer; a second answers 409 strike_exists."""
    buyer_id = _buyers_of(owner)[0]
    filed = owner.post(f"/sell/buyers/{buyer_id}/strike", {"reason": "Did not close."}, key=None)
    assert filed.status_code == 200, filed.text
    assert filed.json()["data"]["strike"]["reason"] == "Did not close."
    problem(owner.post(f"/sell/buyers/{buyer_id}/strike", {"reason": "Again."}, key=None), 409, "strike_exists")
    assert owner.data(f"/sell/buyers/{buyer_id}")["strike"]["reason"] == "Did not close."


def test_strike_window_closes_ninety_days_after_the_last_act(sandbox, owner, login_as):
    """States and Limits: a strike only within 90 days of the buyer's last act; else 409 strike_window_closed."""
    buyer_id = _buyers_of(owner)[0]
    last_act = owner.data(f"/sell/buyers/{buyer_id}")["last_act_at"]
    age = datetime.now(timezone.utc) - datetime.fromisoformat(last_act.replace("Z", "+00:00"))
    sandbox.advance_clock(90 * 86400 - age.total_seconds() + 3600)
    owner = login_as("owner@sandbox.test")
    problem(owner.post(f"/sell/buyers/{buyer_id}/strike", {"reason": "Too late."}, key=None), 409, "strike_window_closed")
    assert owner.data(f"/sell/buyers/{buyer_id}")["strike"] is None


def test_a_buyer_who_never_acted_on_our_deals_is_not_found(owner, login_as):
    stranger = login_as("newbuyer@sandbox.test").data("/me")["user"]["buyer_id"]
    problem(owner.get(f"/sell/buyers/{stranger}"), 404, "not_found")
    problem(owner.post(f"/sell/buyers/{stranger}/strike", {"reason": "x"}, key=None), 404, "not_found")
