"""Proof of funds: the upload slot, its multipart target, the finishing call (marketplace-api.md,
Endpoints; decisions.md: the finishing call's shape)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import httpx2

from tests.sandbox.marketplace.conftest import problem
from tests.sandbox.marketplace.helpers import free_deals, terms_for
from tests.sandbox.marketplace.oauth_flow import http

PDF = b"%PDF-1.4 proof of funds\n"


def _slot(market, *, content_type="application/pdf", size=len(PDF)) -> httpx2.Response:
    return market.post("/buy/me/proof-of-funds/uploads",
                       {"filename": "letter.pdf", "content_type": content_type, "size_bytes": size}, key=None)


def _send(slot: dict, content: bytes, content_type: str = "application/pdf") -> httpx2.Response:
    return http.post(slot["url"], data=slot["fields"], files={"file": ("letter.pdf", content, content_type)})


def _future(days: int = 60) -> str:
    return (datetime.now(timezone.utc) + timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%SZ")


def test_upload_then_finish_puts_the_letter_on_file(buyer):
    answer = _slot(buyer)
    assert answer.status_code == 200, answer.text
    slot = answer.json()["data"]
    assert slot["method"] == "POST" and slot["max_bytes"] > 0 and slot["expires_in"] > 0 and slot["key"]
    assert _send(slot, PDF).status_code == 204
    finished = buyer.post("/buy/me/proof-of-funds", {"key": slot["key"], "lender_name": "Alamo Lending",
                                                     "expires_at": _future()}, key=None)
    assert finished.status_code == 200, finished.text
    assert finished.json()["data"] == buyer.data("/buy/me/proof-of-funds")
    assert finished.json()["data"]["lender_name"] == "Alamo Lending" and finished.json()["data"]["on_file"] is True
    # A key is claimed once.
    again = buyer.post("/buy/me/proof-of-funds", {"key": slot["key"], "lender_name": "X", "expires_at": _future()}, key=None)
    problem(again, 422, "validation_failed")


def test_slot_refuses_wrong_type_or_size(buyer):
    problem(_slot(buyer, content_type="text/html"), 422, "validation_failed")
    problem(_slot(buyer, size=50 * 1024 * 1024), 422, "validation_failed")
    problem(_slot(buyer, size=0), 422, "validation_failed")


def test_target_enforces_type_size_and_expiry(sandbox, buyer):
    slot = _slot(buyer).json()["data"]
    problem(_send(slot, PDF, content_type="image/png"), 422, "validation_failed")
    problem(_send(slot, b"x" * (slot["max_bytes"] + 1)), 422, "validation_failed")
    problem(http.post(slot["url"], data={**slot["fields"], "key": "pof/someone/else"},
                        files={"file": ("a.pdf", PDF, "application/pdf")}), 403, "forbidden")
    sandbox.advance_clock(slot["expires_in"] + 1)
    problem(_send(slot, PDF), 403, "forbidden")


def test_a_failed_finish_changes_nothing(buyer):
    before = buyer.data("/buy/me/proof-of-funds")
    problem(buyer.post("/buy/me/proof-of-funds", {"key": "pof/not/uploaded", "lender_name": "X", "expires_at": _future()},
                       key=None), 422, "validation_failed")
    slot = _slot(buyer).json()["data"]
    _send(slot, PDF)
    problem(buyer.post("/buy/me/proof-of-funds", {"key": slot["key"], "lender_name": "X", "expires_at": "2020-01-01T00:00:00Z"},
                       key=None), 422, "validation_failed")
    problem(buyer.post("/buy/me/proof-of-funds", {"key": slot["key"], "lender_name": "X", "expires_at": "next year"},
                       key=None), 422, "validation_failed")
    assert buyer.data("/buy/me/proof-of-funds") == before


def test_offers_need_a_current_letter(sandbox, login_as):
    """Errors 422: proof_of_funds_missing without a letter, proof_of_funds_expired after it lapses."""
    newbuyer = login_as("newbuyer@sandbox.test", accept_terms=True)
    deal = free_deals(newbuyer)[0]
    problem(newbuyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal)), 422, "proof_of_funds_missing")
    expires_at = datetime.fromisoformat(login_as("buyer@sandbox.test").data("/buy/me/proof-of-funds")["expires_at"].replace("Z", "+00:00"))
    sandbox.advance_clock((expires_at - datetime.now(timezone.utc)).total_seconds() + 60)
    buyer = login_as("buyer@sandbox.test")
    assert buyer.data("/buy/me/proof-of-funds")["is_expired"] is True
    problem(buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal)), 422, "proof_of_funds_expired")
