"""The Seller's desk's forms in `AppTest`, against the real sandbox (issue 44, 1 to 3 and 8): every
limit said under its field before a send and, when broken, said there in words with nothing sent;
nothing typed lost after a refusal; a draft always has a title and a closing date that exists and
has not passed; no silent jump after a save; the counter addressed to its reader with a deposit the
deal takes; no decline reason chosen for the seller; a lead's e-mail checked; Log out on the desk;
a member told up front what a member may do."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from services.contract import DECLINE_REASONS
from services.marketplace_api import MarketplaceApi
from tests.pages.forms_helpers import beside, browser_holds
from tests.pages.marketplace_helpers import app_login, texts  # noqa: F401 - fixture
from tests.pages.test_seller_page import app_login_holder, desk, seller_tokens, tab_text
from tests.services.test_oauth_consent import sandbox_settings

LONG = "x" * 5_000


@pytest.fixture
def owner_tokens(app_login) -> dict:
    return seller_tokens(app_login, "owner@sandbox.test")


@pytest.fixture
def owner_api(sandbox, app_login, owner_tokens) -> MarketplaceApi:
    return MarketplaceApi(sandbox_settings(sandbox.url), app_login_holder(app_login, owner_tokens))


def drafts_of(api: MarketplaceApi) -> list:
    return api.sell.drafts.list(limit=100).walk_bounded(100)[0]


def date_field_said(at, key: str) -> dict:
    """What the date field keyed `key` was sent: its label, value and what it says beside itself."""
    return next(json.loads(item.proto.json) for item in at.get("bidi_component")
                if item.proto.component_name == "deedscope.date_field" and item.proto.id.endswith(f"{key}_field"))


def create_draft(at) -> None:
    at.button(key="FormSubmitter:desk_new_draft-Create the draft").click().run()
    assert not at.exception, at.exception


@pytest.mark.shape_independent("a title over its limit is refused before any request is sent")
def test_a_draft_title_over_its_limit_is_said_beside_it_and_nothing_is_made(owner_tokens, owner_api):
    at = desk(owner_tokens)
    assert beside(at, "desk_new_draft_title") == "At most 200 characters.", "the limit is said before a send"
    before = len(drafts_of(owner_api))
    at.text_input(key="desk_new_draft_title").set_value(LONG)
    at.text_input(key="desk_new_draft_city").set_value("Schertz")
    create_draft(at)
    assert beside(at, "desk_new_draft_title") == "At most 200 characters; this is 5,000."
    assert "did not accept" not in texts(at)
    assert len(drafts_of(owner_api)) == before, "nothing was sent"
    # Everything typed is still there to shorten.
    assert at.text_input(key="desk_new_draft_title").value == LONG
    assert at.text_input(key="desk_new_draft_city").value == "Schertz"


def test_an_empty_draft_is_not_made(owner_tokens, owner_api):
    at = desk(owner_tokens)
    before = len(drafts_of(owner_api))
    create_draft(at)
    assert beside(at, "desk_new_draft_title") == "Give the draft a title: buyers read it first."
    assert len(drafts_of(owner_api)) == before and "Untitled draft" not in str(at.selectbox(key="desk_draft").options)


@pytest.mark.parametrize(("typed", "said"), [
    ("2024-13-45", "That is not a date that exists"),
    (date(2024, 3, 5), "2024-03-05 is before the earliest date here"),
], ids=["no-such-date", "a-past-date"])
def test_a_closing_date_that_does_not_exist_or_has_passed_is_said_beside_it_and_not_saved(owner_tokens, owner_api, typed, said):
    at = desk(owner_tokens)
    assert not at.get("date_input"), "the closing date is the project's own date field"
    at.text_input(key="desk_new_draft_title").set_value("Dated bungalow")
    at.session_state["desk_new_draft_closing"] = typed
    create_draft(at)
    assert said in (date_field_said(at, "desk_new_draft_closing")["problem"] or "")
    assert "Dated bungalow" not in [d.title for d in drafts_of(owner_api)], "nothing was sent while the date is refused"
    assert at.text_input(key="desk_new_draft_title").value == "Dated bungalow"
    # A date that exists and has not passed goes through.
    at.session_state["desk_new_draft_closing"] = date.today() + timedelta(days=40)
    create_draft(at)
    made = next(d for d in drafts_of(owner_api) if d.title == "Dated bungalow")
    assert made.closing_date == (date.today() + timedelta(days=40)).isoformat()


def test_publish_right_after_a_save_stays_on_the_draft_and_says_what_is_missing(owner_tokens):
    at = desk(owner_tokens)
    at.text_input(key="desk_new_draft_title").set_value("Bare")
    create_draft(at)
    draft_id = at.selectbox(key="desk_draft").value
    held = at.selectbox(key="desk_draft").options[at.selectbox(key="desk_draft").index]
    at.text_input(key=f"desk_edit_{draft_id}_title").set_value("Bare, renamed")
    at.button(key=f"FormSubmitter:desk_edit_{draft_id}-Save the draft").click().run()
    assert "The draft was saved." in texts(at)
    # The browser holds the label it was last told of: the old one, unless the page sent the new one.
    box = at.selectbox(key="desk_draft")
    browser_holds(at, "desk_draft", box.proto.raw_value if box.proto.set_value else held)
    at.button(key=f"desk_publish_{draft_id}").click().run()
    assert at.selectbox(key="desk_draft").value == draft_id, "still on the draft"
    assert "Still needed before publishing" in tab_text(at, "Drafts") and "a photo" in tab_text(at, "Drafts")


def open_rival_round(at, owner_api: MarketplaceApi):
    """The other buyer's open round on the demo seller's deal, chosen in the inbox."""
    rival = next(o for o in owner_api.sell.offers.list(status="new") if o.submitted_by == "buyer"
                 and (o.buyer.entity_name or "") != "Prairie Capital LLC")
    at.selectbox(key="desk_inbox_status").set_value("new").run()
    at.selectbox(key="desk_inbox_offer").set_value(rival.id).run()
    return rival


def test_the_sellers_counter_speaks_to_the_buyer_and_asks_a_deposit_the_deal_takes(owner_tokens, owner_api):
    at = desk(owner_tokens)
    rival = open_rival_round(at, owner_api)
    assert at.text_input(key="desk_counter_note").label == "Note to the buyer (optional)"
    deal = next(d for d in owner_api.sell.deals.list(limit=100) if d.id == rival.deal_id)
    minimum = getattr(deal.terms, "min_emd", None) or 0
    assert at.number_input(key="desk_counter_emd").value >= max(minimum, rival.emd_amount)


def test_no_decline_reason_is_chosen_for_the_seller(owner_tokens, owner_api):
    at = desk(owner_tokens)
    rival = open_rival_round(at, owner_api)
    reasons = at.selectbox(key="desk_decline_reason")
    assert reasons.value is None, "no reason preselected"
    assert "Earnest money too low" in reasons.options and not any("Emd" in option for option in reasons.options)
    at.button(key="desk_decline").click().run()
    assert beside(at, "desk_decline_reason") == "Choose why you decline the offer."
    assert rival.id in [o.id for o in owner_api.sell.offers.list(status="new")], "nothing was declined"
    at.selectbox(key="desk_decline_reason").set_value(DECLINE_REASONS[0])
    at.button(key="desk_decline").click().run()
    assert "You declined the offer." in texts(at)


def test_a_leads_email_is_checked_and_nothing_typed_is_lost(owner_tokens, owner_api):
    at = desk(owner_tokens)
    before = len(owner_api.sell.leads.list(limit=100).walk_bounded(100)[0])
    assert beside(at, "desk_lead_email") == "An e-mail address, like ana@example.com."
    at.text_input(key="desk_lead_name").set_value("Nora Notemail")
    at.text_input(key="desk_lead_email").set_value("not-an-email")
    at.button(key="FormSubmitter:desk_add_lead-Add the lead").click().run()
    assert beside(at, "desk_lead_email") == "“not-an-email” is not an e-mail address, like ana@example.com."
    assert at.text_input(key="desk_lead_name").value == "Nora Notemail"
    assert len(owner_api.sell.leads.list(limit=100).walk_bounded(100)[0]) == before
    at.text_input(key="desk_lead_email").set_value("nora@example.com")
    at.button(key="FormSubmitter:desk_add_lead-Add the lead").click().run()
    assert "The lead was added." in texts(at)
    assert at.text_input(key="desk_lead_name").value == "", "a lead that went through starts the form anew"


@pytest.mark.shape_independent("a reply over its limit is refused before any request is sent")
def test_a_review_reply_over_its_limit_is_said_beside_it_and_kept(owner_tokens):
    at = desk(owner_tokens)
    assert beside(at, "desk_response_body") == "At most 2,000 characters."
    at.text_area(key="desk_response_body").set_value(LONG)
    at.button(key="FormSubmitter:desk_respond-Publish the response").click().run()
    assert beside(at, "desk_response_body") == "At most 2,000 characters; this is 5,000."
    assert at.text_area(key="desk_response_body").value == LONG
    assert "Your response is published." not in texts(at)


@pytest.mark.shape_independent("an address that is not https is refused before any request is sent")
def test_a_webhook_address_is_checked_before_a_send_and_kept(owner_tokens):
    at = desk(owner_tokens)
    at.text_input(key="desk_webhook_url").set_value("http://hooks.example.com/deals")
    at.button(key="FormSubmitter:desk_add_webhook-Add the address").click().run()
    assert beside(at, "desk_webhook_url").startswith("“http://hooks") and "is not an https address" in beside(
        at, "desk_webhook_url")
    assert at.text_input(key="desk_webhook_url").value == "http://hooks.example.com/deals"


@pytest.mark.shape_independent("a log-out: the page after it reads no list")
def test_the_desk_logs_out(app_login, owner_tokens):
    at = desk(owner_tokens)
    at.button(key="desk_log_out").click().run()
    assert not at.exception, at.exception
    assert "You are logged out" in texts(at)
    assert "Log in with your seller account" in texts(at)


def test_a_member_is_told_up_front_what_a_member_may_do(app_login):
    at = desk(seller_tokens(app_login, "member@sandbox.test"))
    assert not at.exception, at.exception
    up_front = " ".join(str(element.value) for element in at.info)
    assert "As a member you may" in up_front and "webhook addresses" in up_front and "owner or an admin" in up_front
    first_tab = next(i for i, element in enumerate(at.main.children.values()) if element.type == "tab_container")
    said_at = next(i for i, element in enumerate(at.main.children.values())
                   if "As a member you may" in str(getattr(element, "value", "")))
    assert said_at < first_tab, "said above the tabs, not in one of them"
