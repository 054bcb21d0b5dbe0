"""The Marketplace page's forms in `AppTest`, against the real sandbox (issue 44, 1 to 3 and 8): a
buy box's ZIPs checked before a send, said under the field, and nothing typed lost; a 5,000-character
question said under its field and kept; ticking the address agreement sends the request; a counter
whose deposit starts at the deal's minimum; an offer's note over its limit said under the note; a
proof-of-funds letter without its lender said under the field; a seller-only account sent to the
Seller's desk, not shown the buyer's refusals."""

from __future__ import annotations

import pytest

from services.marketplace_api import MarketplaceApi
from tests.pages.forms_helpers import beside
from tests.pages.marketplace_helpers import app_login, choose_open_round, log_in, page_for, texts  # noqa: F401 - fixture
from tests.pages.test_seller_page import seller_tokens
from tests.services.test_marketplace_api import TINY_PDF
from tests.services.test_oauth_consent import sandbox_settings

LONG = "y" * 5_000


def test_buy_box_zips_are_checked_before_a_send_and_every_field_is_kept(sandbox, app_login):
    holder = log_in(app_login)
    at = page_for(holder.token)
    assert beside(at, "mkt_new_box_zips") == "Comma-separated, at most 50 ZIPs, like 78154, 78155."
    at.text_input(key="mkt_new_box_name").set_value("Schertz houses")
    at.text_input(key="mkt_new_box_cities").set_value("Schertz, Cibolo")
    at.text_input(key="mkt_new_box_zips").set_value("78154, NaN")
    at.number_input(key="mkt_new_box_price").set_value(250000)
    at.button(key="FormSubmitter:mkt_new_box-Save the buy box").click().run()
    assert not at.exception, at.exception
    assert beside(at, "mkt_new_box_zips") == "“NaN” is not a ZIP of five digits, like 78154, 78155."
    assert "did not accept" not in texts(at)
    assert [at.text_input(key=f"mkt_new_box_{name}").value for name in ("name", "cities", "zips")] == [
        "Schertz houses", "Schertz, Cibolo", "78154, NaN"]
    assert at.number_input(key="mkt_new_box_price").value == 250000
    api = MarketplaceApi(sandbox_settings(sandbox.url), holder)
    assert not [box for box in api.buy_boxes.list() if box.name == "Schertz houses"], "nothing was sent"
    # Corrected, it goes through, and the form starts anew.
    at.text_input(key="mkt_new_box_zips").set_value("78154")
    at.button(key="FormSubmitter:mkt_new_box-Save the buy box").click().run()
    assert "Your buy box “Schertz houses” is saved" in texts(at)
    assert at.text_input(key="mkt_new_box_name").value == ""


@pytest.mark.shape_independent("a question over its limit is refused before any request is sent")
def test_a_question_over_its_limit_is_said_beside_it_and_kept(app_login):
    at = page_for(log_in(app_login).token)
    assert beside(at, "mkt_ask_message") == "At most 2,000 characters."
    at.text_area(key="mkt_ask_message").set_value(LONG)
    at.button(key="FormSubmitter:mkt_ask-Send the question").click().run()
    assert beside(at, "mkt_ask_message") == "At most 2,000 characters; this is 5,000."
    assert at.text_area(key="mkt_ask_message").value == LONG, "the question is not wiped"
    assert "Your question was sent" not in texts(at)


def test_ticking_the_address_agreement_sends_the_request(app_login):
    at = page_for(log_in(app_login).token)
    at.button(key="mkt_address").click().run()
    deal_id = at.selectbox(key="mkt_ask_deal").value
    assert "you accept the address agreement" in texts(at)
    at.checkbox(key=f"mkt_agreement_{deal_id}").check().run()
    assert not at.exception, at.exception
    assert "Your address request was sent" in texts(at), "the tick acts: no second press needed"


def test_a_counters_deposit_starts_at_what_the_deal_takes_and_is_accepted(sandbox, app_login):
    holder = log_in(app_login)
    api = MarketplaceApi(sandbox_settings(sandbox.url), holder)
    deals = {deal.id: deal for deal in api.deals.list(limit=100)}
    # A seller's round asking less deposit than its deal's minimum (the seed's lake-side lot: $3,000 of $3,200).
    short = next(o for o in api.offers.list(status="new", limit=100) if o.submitted_by == "seller"
                 and getattr(deals[o.deal_id].terms, "min_emd", None) and o.emd_amount < deals[o.deal_id].terms.min_emd)
    minimum = deals[short.deal_id].terms.min_emd
    at = page_for(holder.token)
    at.selectbox(key="mkt_status").set_value("new").run()
    at.selectbox(key="mkt_offer_selected").set_value(short.id).run()
    assert at.number_input(key="mkt_counter_emd").value == minimum
    assert beside(at, "mkt_counter_emd") == f"At least ${minimum:,.0f}, this deal's minimum."
    assert at.text_input(key="mkt_counter_note").label == "Note to the seller (optional)"
    at.button(key="FormSubmitter:mkt_counter_form-Send").click().run()
    assert not at.exception, at.exception
    assert "Your counter was sent to the seller." in texts(at), texts(at)


@pytest.mark.shape_independent("a note over its limit is refused before any request is sent")
def test_an_offers_note_over_its_limit_is_said_beside_it(app_login):
    at = page_for(log_in(app_login).token)
    choose_open_round(at, "seller")
    at.text_input(key="mkt_counter_note").set_value(LONG)
    at.button(key="FormSubmitter:mkt_counter_form-Send").click().run()
    assert beside(at, "mkt_counter_note") == "At most 1,000 characters; this is 5,000."
    assert at.text_input(key="mkt_counter_note").value == LONG


@pytest.mark.shape_independent("a letter without its lender is refused before any request is sent")
def test_a_proof_of_funds_without_its_lender_is_said_beside_the_field(app_login):
    at = page_for(log_in(app_login).token)
    at.get("file_uploader")[0].upload("letter.pdf", TINY_PDF, "application/pdf")
    next(button for button in at.button if button.label == "Upload proof of funds").click().run()
    assert not at.exception, at.exception
    assert beside(at, "mkt_proof_lender") == "Name the lender or bank that wrote the letter."
    assert "Your proof of funds is on file" not in texts(at)


@pytest.mark.shape_independent("the account's sides (GET /me) decide the page: no list is read")
def test_a_seller_only_account_is_sent_to_the_sellers_desk(app_login):
    at = page_for(seller_tokens(app_login, "owner@sandbox.test"))
    assert not at.exception, at.exception
    said = texts(at)
    assert "This account sells and does not buy" in said
    assert "Open the Seller's desk" in said or any("Open the Seller" in str(link.proto.label) for link in at.get("page_link"))
    for wording in ("not designated to buy", "/buy", "buyer account"):
        assert wording not in said, wording
    assert not any(tab.label == "Buy boxes" for tab in at.tabs), "no buyer's tabs to refuse"
