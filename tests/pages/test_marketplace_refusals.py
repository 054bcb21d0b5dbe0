"""Every refusal issue 43 lists, met on the Marketplace page or the Seller's desk in `AppTest`
against the real sandbox (each made by a demo account, a deal or a control route:
docs/contract.md, "Sandbox marketplace: refusals"), said in a person's words with what to do next,
never its code. Each test cites the line of marketplace-api.md that names the refusal. They run on
both profiles (`DEEDSCOPE_TEST_SANDBOX_PROFILE=variety`): deals are found by id, never by a name a
host may leave null."""

from __future__ import annotations

import re

import pytest

from services.marketplace_api import MarketplaceApi
from tests.pages.marketplace_helpers import app_login, log_in, page_for, texts  # noqa: F401 - fixture
from tests.pages.test_seller_page import app_login_holder, desk, key, ready_draft, seller_tokens, tab_text
from tests.sandbox.marketplace.oauth_flow import http
from tests.services.test_oauth_consent import sandbox_settings

CODES = re.compile(r"\b(idv_required|below_floor|organization_required|offer_required|not_a_member|person_exists|"
                   r"forbidden|not_enabled|rate_limited|origin_unconfigured|draft_under_review|unauthorized)\b")


def said_in_words(at) -> str:
    said = texts(at)
    assert not at.exception, at.exception
    assert not CODES.search(said), CODES.search(said)
    assert not re.search(r"\bNone\b", said)
    return said


def api_for(sandbox, login, tokens) -> MarketplaceApi:
    return MarketplaceApi(sandbox_settings(sandbox.url), app_login_holder(login, tokens))


def deals_of(api: MarketplaceApi) -> list:
    """Every deal as its own page of one: a host's nulls fall on every other row, never a first."""
    return list(api.deals.list(limit=1))


def offer_on_the_page(at, deal_id: str, amount: float, emd: float):
    at.selectbox(key="mkt_offer_deal").set_value(deal_id).run()  # chosen first: the form then holds its terms
    at.number_input(key="mkt_new_offer_amount").set_value(float(amount))
    at.number_input(key="mkt_new_offer_emd").set_value(float(emd))
    return at.button(key="FormSubmitter:mkt_new_offer_form-Send").click().run()


def test_an_unverified_buyer_is_sent_to_verify_by_a_link(sandbox, app_login):
    """marketplace-api.md:171 `403 idv_required`; :164 `verification_url` on `idv_required`."""
    tokens = log_in(app_login, email="unverified@sandbox.test").token
    deal = next(d for d in deals_of(api_for(sandbox, app_login, tokens)) if d.seller.name == "Sandbox Wholesale Co")
    at = offer_on_the_page(page_for(tokens), deal.id, deal.terms.asking_price, deal.terms.min_emd)
    said = said_in_words(at)
    assert "The marketplace needs your identity verified first." in said
    assert re.search(r"\[Verify your identity\]\(http://127\.0\.0\.1:\d+/marketplace/verify\) on the marketplace, "
                     r"then try again\.", said), said


def test_an_offer_under_the_floor_says_the_floor(sandbox, app_login):
    """marketplace-api.md:175 `422 below_floor`: the floor's amount where the host names it."""
    tokens = log_in(app_login).token
    deal = next(d for d in deals_of(api_for(sandbox, app_login, tokens)) if d.title == "Cottage on a half acre")
    at = offer_on_the_page(page_for(tokens), deal.id, deal.terms.asking_price / 2, deal.terms.min_emd)
    floor = re.search(r"The seller takes no offer below \$([\d,]+): raise the amount to at least \$\1 and send again\.",
                      said_in_words(at))
    assert floor and deal.terms.asking_price / 2 < int(floor.group(1).replace(",", "")) < deal.terms.asking_price


def test_a_buyer_acting_for_no_company_is_told_to_offer_from_its_company(sandbox, app_login):
    """marketplace-api.md:174 `409 organization_required`."""
    tokens = log_in(app_login, email="solo@sandbox.test").token
    deal = next(d for d in deals_of(api_for(sandbox, app_login, tokens)) if d.seller.name == "Hill Country Deals LLC")
    at = offer_on_the_page(page_for(tokens), deal.id, deal.terms.asking_price, deal.terms.min_emd)
    assert "This seller takes offers only from buyers acting for a company" in said_in_words(at)


def test_an_address_before_an_offer_is_asked_to_offer_first(sandbox, app_login):
    """marketplace-api.md:174 `409 offer_required`."""
    tokens = log_in(app_login).token
    api = api_for(sandbox, app_login, tokens)
    offered = {offer.deal_id for offer in api.offers.list(limit=100)}
    deal = next(d for d in deals_of(api) if d.seller.name == "Hill Country Deals LLC" and d.id not in offered)
    at = page_for(tokens)
    at.selectbox(key="mkt_ask_deal").set_value(deal.id).run()
    at.button(key="mkt_address").click().run()
    assert "releases the address only to buyers who made an offer on the deal: make an offer first" in said_in_words(at)


def test_a_person_removed_from_the_organization_is_told_which(app_login):
    """marketplace-api.md:171 `403 not_a_member`: the organization named where the host names it."""
    at = desk(seller_tokens(app_login, "former@sandbox.test"))
    assert "You are no longer a member of Sandbox Wholesale Co: ask its owner to add you again" in said_in_words(at)


def test_a_lead_who_is_on_the_marketplace_is_person_exists_in_words(app_login):
    """marketplace-api.md:174 `409 person_exists`."""
    at = desk(seller_tokens(app_login, "owner@sandbox.test"))
    at.text_input(key="desk_lead_name").set_value("Dana")
    at.text_input(key="desk_lead_email").set_value("buyer@sandbox.test")
    at.button(key="FormSubmitter:desk_add_lead-Add the lead").click().run()
    assert "This person already has a marketplace account" in said_in_words(at)


@pytest.mark.shape_independent("every request of a stopped or suspended account is refused: only errors are read")
@pytest.mark.parametrize(("standing", "words"), [
    ({"account": "stopped"}, "The marketplace has stopped this account, its organization or this app"),
    ({"organization": "stopped"}, "The marketplace has stopped this account, its organization or this app"),
    ({"account": "suspended"}, "The marketplace no longer accepts your login: the account may be suspended or deleted"),
])
def test_a_stopped_or_suspended_account_is_said_on_the_desk(sandbox, app_login, standing, words):
    """marketplace-api.md:108: a suspended or deleted account answers `401`; a stopped account, client
    or organization `403 forbidden`."""
    tokens = seller_tokens(app_login, "owner@sandbox.test")
    http.post(f"{sandbox.url}/_sandbox/marketplace/standing", json={"email": "owner@sandbox.test", **standing})
    assert words in said_in_words(desk(tokens))


@pytest.mark.shape_independent("the gateway refuses every request: only errors are read")
@pytest.mark.parametrize(("code", "words"), [
    ("not_enabled", "The marketplace is not open to this account yet"),
    ("origin_unconfigured", "The marketplace is not reachable behind its gateway right now"),
    ("rate_limited", "Try again in 30 s"),
])
def test_the_gateways_refusals_are_said_on_the_marketplace_page(sandbox, app_login, code, words):
    """marketplace-api.md:179: the gateway alone answers `rate_limited`, `not_enabled`, `origin_unconfigured`."""
    tokens = log_in(app_login).token
    http.post(f"{sandbox.url}/_sandbox/marketplace/gateway", json={"code": code})
    assert words in said_in_words(page_for(tokens))


def test_a_draft_published_meanwhile_is_shown_under_review_and_no_longer_offered(sandbox, app_login):
    """marketplace-api.md:75: any route under a draft under review, reads and edits included, answers
    `409 draft_under_review`: the desk shows it under review, with the review's end, and offers no edit."""
    tokens = seller_tokens(app_login, "owner@sandbox.test")
    api = api_for(sandbox, app_login, tokens)
    draft_id = ready_draft(api)
    at = desk(tokens)
    at.selectbox(key="desk_draft").set_value(draft_id).run()
    published = api.sell.drafts.publish(draft_id, idempotency_key=key())  # from another session
    at.run()
    said = said_in_words(at)
    assert draft_id not in at.selectbox(key="desk_draft").options
    assert re.search(r"Under review, not open to changes until the review ends, then live: .*\(until \d{4}-\d\d-\d\d "
                     r"\d\d:\d\d UTC\)", tab_text(at, "Drafts")), said
    sandbox.advance_past(published.review_ends_at)
    at.run()
    assert "Under review" not in tab_text(at, "Drafts") or draft_id not in tab_text(at, "Drafts")
    assert api.sell.drafts.retrieve(draft_id).deal_id
