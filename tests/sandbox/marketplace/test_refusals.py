"""Every refusal of marketplace-api.md's Errors table the sandbox had never served, each met by a
demo account, a deal or a control route (docs/contract.md, "Sandbox marketplace: refusals"), with
its documented members (Errors, line 164: `verification_url` on `idv_required`)."""

from __future__ import annotations

import pytest

from tests.sandbox.marketplace.conftest import problem
from tests.sandbox.marketplace.helpers import free_deals, terms_for
from tests.sandbox.marketplace.oauth_flow import http


def deal_named(market, title: str) -> dict:
    return next(d for d in market.data("/buy/deals", limit=100) if d["title"] == title)


def seller_deal(market, seller: str) -> dict:
    return next(d for d in free_deals(market) if d["seller"]["name"] == seller)


def test_an_unverified_person_is_sent_to_verify_first(login_as):
    """Errors, line 171: `403 idv_required`; line 164: `verification_url` on `idv_required`."""
    unverified = login_as("unverified@sandbox.test")
    deal = seller_deal(unverified, "Sandbox Wholesale Co")
    body = problem(unverified.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal)), 403, "idv_required")
    assert http.get(body["verification_url"]).status_code == 200
    problem(unverified.post(f"/buy/deals/{deal['id']}/address-requests", {}), 403, "idv_required")
    assert unverified.offers() == []


def test_an_offer_under_the_sellers_floor_is_below_floor_and_names_it(buyer):
    """Errors, line 175: `422 below_floor` (the floor's amount is the sandbox's `floor`)."""
    deal = deal_named(buyer, "Cottage on a half acre")
    body = problem(buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal, amount_share=0.5)), 422, "below_floor")
    assert deal["terms"]["asking_price"] * 0.5 < body["floor"] < deal["terms"]["asking_price"]
    taken = buyer.post(f"/buy/deals/{deal['id']}/offers", {**terms_for(deal), "offer_amount": body["floor"]})
    assert taken.status_code == 200, taken.text


def test_a_company_only_seller_refuses_a_buyer_acting_for_no_company(login_as):
    """Errors, line 174: `409 organization_required`."""
    solo = login_as("solo@sandbox.test")
    deal = seller_deal(solo, "Hill Country Deals LLC")
    problem(solo.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal)), 409, "organization_required")
    other = seller_deal(solo, "Sandbox Wholesale Co")
    assert solo.post(f"/buy/deals/{other['id']}/offers", terms_for(other)).status_code == 200


def test_an_address_before_any_offer_is_offer_required(buyer):
    """Errors, line 174: `409 offer_required` (Hill Country Deals LLC releases addresses after an offer)."""
    deal = seller_deal(buyer, "Hill Country Deals LLC")
    problem(buyer.post(f"/buy/deals/{deal['id']}/address-requests", {}), 409, "offer_required")


def test_a_person_removed_from_the_organization_is_not_a_member(login_as):
    """Errors, line 171: `403 not_a_member`; the organization is named (`organization`: the sandbox's)."""
    former = login_as("former@sandbox.test")
    body = problem(former.get("/sell/offers"), 403, "not_a_member")
    assert body["organization"]["name"] == "Sandbox Wholesale Co"
    assert former.get("/me").status_code == 200


def test_a_lead_who_is_a_marketplace_person_is_person_exists(owner):
    """Errors, line 174: `409 person_exists`."""
    problem(owner.post("/sell/leads", {"name": "Dana", "email": "buyer@sandbox.test"}), 409, "person_exists")
    assert owner.post("/sell/leads", {"name": "New Person", "email": "new@example.test"}).status_code == 200


@pytest.mark.parametrize(("standing", "status", "code"), [
    ({"account": "suspended"}, 401, "unauthorized"),
    ({"account": "deleted"}, 401, "unauthorized"),
    ({"account": "stopped"}, 403, "forbidden"),
    ({"organization": "stopped"}, 403, "forbidden"),
])
def test_an_accounts_standing_is_read_on_every_request(sandbox, owner, standing, status, code):
    """Authentication 6 (line 108): a suspended or deleted account answers `401 unauthorized`; a stopped
    account, client or organization `403 forbidden`; read on every request."""
    assert owner.get("/me").status_code == 200
    http.post(f"{sandbox.url}/_sandbox/marketplace/standing", json={"email": "owner@sandbox.test", **standing})
    problem(owner.get("/sell/offers"), status, code)


def test_a_stopped_client_is_forbidden(sandbox, owner):
    http.post(f"{sandbox.url}/_sandbox/marketplace/standing", json={"client_id": owner.token["client_id"], "client": "stopped"})
    problem(owner.get("/me"), 403, "forbidden")


@pytest.mark.parametrize(("code", "status"), [("rate_limited", 429), ("not_enabled", 403), ("origin_unconfigured", 503)])
def test_the_gateways_own_refusals(sandbox, owner, buyer, code, status):
    """Errors, line 179: the gateway alone answers `rate_limited`, `not_enabled`, `origin_unconfigured`;
    line 164: every 429 carries `Retry-After`."""
    http.post(f"{sandbox.url}/_sandbox/marketplace/gateway", json={"code": code, "email": "owner@sandbox.test"})
    answer = owner.get("/me")
    problem(answer, status, code)
    assert status != 429 or int(answer.headers["Retry-After"]) > 0
    assert buyer.get("/me").status_code == 200, "another account is not refused"
    http.post(f"{sandbox.url}/_sandbox/marketplace/gateway", json={"code": None, "email": "owner@sandbox.test"})
    assert owner.get("/me").status_code == 200
