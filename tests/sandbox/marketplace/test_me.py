"""`GET /me` and the refusals of marketplace-api.md (Roles and refusals)."""

from __future__ import annotations

import re

from tests.sandbox.marketplace.conftest import problem

ID = re.compile(r"^(byr|slr)_[0-9a-f]{12}$")


def test_me_carries_every_documented_field_for_the_buyer(buyer):
    """Resources, `GET /me` object: user, organization, designations, sides, scopes, client_id,
    trust, caps, terms, environment, api_version (Versioning 2: same as meta.api_version)."""
    body = buyer.get("/me").json()
    me = body["data"]
    assert set(me) >= {"user", "organization", "designations", "sides", "scopes", "client_id", "trust", "caps",
                       "terms", "environment", "api_version"}
    assert ID.match(me["user"]["buyer_id"]) and me["user"]["buyer_id"].startswith("byr_")
    assert me["user"]["email"] == "buyer@sandbox.test" and me["user"]["email_verified"] is True
    assert "phone_verified" in me["user"] and me["user"]["name"]
    assert me["organization"] is None and me["sides"] == ["buy"]
    assert me["environment"] == "sandbox"
    assert me["api_version"] == body["meta"]["api_version"] and body["meta"]["request_id"]
    assert me["terms"]["buy"]["accepted"] is True and me["terms"]["buy"]["agreement_id"].startswith("agr_")
    trust = me["trust"]
    assert trust["tier"] == "verified" and trust["next_step"]["tier"] == "trusted" and trust["next_step"]["action"]
    assert all(fact["source"] for fact in trust["facts"])
    assert {row["action"] for row in me["caps"]} >= {"offers.create", "offers.counter"}
    for row in me["caps"]:
        assert row["limit"] == row["used"] + row["remaining"] and row["resets_at"].endswith("Z")


def test_me_for_the_seller_owner_names_the_organization_and_role(owner):
    me = owner.data("/me")
    assert me["user"]["buyer_id"] is None
    organization = me["organization"]
    assert organization["seller_id"].startswith("slr_") and ID.match(organization["seller_id"])
    assert organization["name"] == "Sandbox Wholesale Co" and organization["role"] == "owner"
    assert "seller" in organization["designations"] and me["sides"] == ["sell"]
    assert me["terms"]["sell"]["accepted"] is True


def test_terms_required_everywhere_but_me_until_accepted(login_as):
    """Roles and refusals: 403 terms_required with agreement_id; `GET /me` answers before acceptance."""
    newbuyer = login_as("newbuyer@sandbox.test")
    me = newbuyer.data("/me")
    assert me["terms"]["buy"]["accepted"] is False
    assert me["trust"]["tier"] == "new"
    body = problem(newbuyer.get("/buy/offers"), 403, "terms_required")
    assert body["agreement_id"] == me["terms"]["buy"]["agreement_id"]
    # Ticking the checkbox on the consent page accepts the terms once, as a person.
    accepted = login_as("newbuyer@sandbox.test", accept_terms=True)
    assert accepted.get("/buy/offers").status_code == 200
    assert newbuyer.get("/buy/offers").status_code == 200


def test_a_token_without_the_scope_answers_insufficient_scope(login_as):
    """Roles and refusals: 403 insufficient_scope, body `scope`."""
    narrow = login_as("buyer@sandbox.test", scope="offers:read")
    assert problem(narrow.get("/me"), 403, "insufficient_scope")["scope"] == "marketplace:profile"
    assert narrow.get("/buy/offers").status_code == 200
    body = problem(narrow.post("/buy/offers/off_0123456789ab/withdraw", {}), 403, "insufficient_scope")
    assert body["scope"] == "offers:write"


def test_sides_the_account_lacks_answer_designation_or_organization(buyer, owner):
    """Roles and refusals: /buy from an account that does not buy: designation_required (buyer);
    /sell from an account with no organization: no_organization."""
    assert problem(owner.get("/buy/offers"), 403, "designation_required")["designation"] == "buyer"
    problem(buyer.get("/sell/offers"), 403, "no_organization")


def test_every_answer_carries_meta_api_version(buyer):
    """Versioning 2: every response carries meta.api_version."""
    version = buyer.data("/me")["api_version"]
    for path in ("/buy/offers", "/buy/deals", "/buy/events"):
        assert buyer.get(path).json()["meta"]["api_version"] == version
    # Problems are answers too.
    refused = problem(buyer.get("/buy/offers/off_000000000000"), 404, "not_found")
    assert refused["meta"] == {"request_id": refused["request_id"], "api_version": version}
