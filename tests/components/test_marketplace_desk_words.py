"""The words of each marketplace refusal (components/marketplace_desk_words.py), from the problem's
members alone: the document's members relied on, every other one said only when a host sends it
(marketplace-api.md:164 lists the extra members; the rest are the sandbox's: docs/contract.md)."""

from __future__ import annotations

import json

import pytest

from components.marketplace_desk_words import desk_notes
from services.errors import error_from_response


def words(status: int, code: str, **members) -> str:
    body = json.dumps({"type": f"https://errors.test#{code}", "title": code, "status": status, "code": code,
                       "detail": "d", "recovery": "r", "request_id": "req_1", **members}).encode()
    notes = desk_notes(error_from_response(status, "application/problem+json", body, {}))
    assert len(notes) == 1, notes
    text = notes[0][0]
    assert "None" not in text and code not in text, text
    return text


@pytest.mark.parametrize(("status", "code", "members", "expected"), [
    pytest.param(402, "insufficient_balance", {}, "Your organization's credits are too low to publish this deal. Add "
                 "credits to the organization, then publish again. Nothing was charged.", id="402 without amounts"),
    pytest.param(402, "insufficient_balance", {"balance": 3, "publish_cost": 25}, "Publishing costs 25 credits and "
                 "your organization has 3.", id="402 with the sandbox's amounts"),
    pytest.param(402, "insufficient_balance", {"balance": None, "publish_cost": None}, "Nothing was charged.",
                 id="402 with null amounts"),
    pytest.param(409, "draft_under_review", {}, "This draft is under the marketplace's review: it cannot be opened or "
                 "changed until the review ends", id="draft under review"),
    pytest.param(403, "idv_required", {"verification_url": "https://verify.example/me"},
                 "[Verify your identity](https://verify.example/me) on the marketplace, then try again.", id="idv link"),
    pytest.param(403, "idv_required", {}, "Verify your identity on the marketplace, then try again.", id="idv, no url"),
    pytest.param(422, "below_floor", {"floor": 122320}, "The seller takes no offer below $122,320", id="floor"),
    pytest.param(422, "below_floor", {}, "The amount is below the lowest the seller takes", id="floor not said"),
    pytest.param(403, "not_a_member", {"organization": {"id": "o", "name": "Acme Homes"}},
                 "You are no longer a member of Acme Homes: ask its owner to add you again", id="organization named"),
    pytest.param(403, "not_a_member", {}, "You are no longer a member of the organization this login acts for",
                 id="organization unnamed"),
    pytest.param(409, "organization_required", {"organization": {"name": "Acme Homes"}}, "join Acme Homes, then offer",
                 id="organization to join"),
    pytest.param(409, "organization_required", {}, "make it from your company's marketplace account",
                 id="no organization named"),
    pytest.param(409, "offer_required", {}, "make an offer first, then ask for the address again", id="offer first"),
    pytest.param(409, "person_exists", {}, "already has a marketplace account", id="person exists"),
    pytest.param(403, "forbidden", {}, "contact the marketplace's support", id="forbidden"),
    pytest.param(403, "not_enabled", {}, "ask the marketplace to enable it", id="not enabled"),
    pytest.param(503, "origin_unconfigured", {}, "try again later", id="origin unconfigured"),
    pytest.param(422, "deal_incomplete", {}, "fill in every detail and add a photo", id="missing not said"),
    pytest.param(422, "deal_incomplete", {"missing": ["media", "zip"]}, "Still needed before publishing: a photo, the ZIP.",
                 id="missing said"),
    pytest.param(429, "duplicate_inquiry", {}, "one question and one address request per deal a day",
                 id="duplicate of a type not said"),
    pytest.param(429, "duplicate_inquiry", {"type": "address_request"}, "one address request per deal a day",
                 id="duplicate names its type"),
])
def test_a_refusal_reads_in_words_from_the_members_it_carries(status, code, members, expected):
    assert expected in words(status, code, **members)
