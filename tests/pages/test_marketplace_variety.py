"""The Seller's desk and the buyer's tools on the `--variety` sandbox, in every run: a marketplace host
written from the documents alone (sandbox/marketplace/variety.py) — its own ids for every kind the
documents leave open (marketplace-api.md:60), no balance route, every write refused without an
`Idempotency-Key` (:83), publish under review (:75), short pages with cursors (:15), unknown
fields, nulls in optional members. A wholesaler drafts, publishes and answers an offer; a buyer keeps
buy boxes and asks a seller; every refusal met on the way is said in words, and no null or unknown
field reaches the page."""

from __future__ import annotations

import re

import pytest

from services.marketplace_api import MarketplaceApi
from tests.pages.test_marketplace_buyer_tools import ask_twice
from tests.pages.marketplace_helpers import log_in, page_for, texts, variety_login  # noqa: F401 - fixture
from tests.pages.test_seller_page import JPEG, app_login_holder, desk, key, seller_tokens, tab, tab_text
from tests.services.test_oauth_consent import sandbox_settings

pytestmark = pytest.mark.shape_independent("on the --variety sandbox in every pass already (variety_login)")
NEVER_SAID = (r"\bNone\b", r"added_later", r"\bnan\b", r"\bNaN\b", r"costs None")
TITLE = "Variety bungalow in Schertz"


def assert_nothing_raw(at) -> None:
    """No null, unknown field or code reached the page's words or its tables."""
    assert not at.exception, at.exception
    said = texts(at)
    for pattern in NEVER_SAID:
        found = re.search(pattern, said)
        assert found is None, (pattern, said[max(0, found.start() - 80):found.end() + 80])
    for frame in at.dataframe:
        table = frame.value
        assert "added_later" not in table.columns, list(table.columns)
        cells = table.astype(str).to_numpy().ravel().tolist()
        assert "None" not in cells, (list(table.columns), cells)


def new_draft_on_the_desk(at) -> str:
    form = "desk_new_draft"
    for name, value in (("title", TITLE), ("street", "9 Variety Lane"), ("city", "Schertz"), ("zip", "78154")):
        at.text_input(key=f"{form}_{name}").set_value(value)
    at.number_input(key=f"{form}_price").set_value(199000)
    at.number_input(key=f"{form}_emd").set_value(3000)
    at.button(key=f"FormSubmitter:{form}-Create the draft").click().run()
    assert "Your draft was created" in texts(at)
    return at.selectbox(key="desk_draft").value


def test_a_wholesaler_drafts_publishes_under_review_and_answers_an_offer(variety_sandbox, variety_login):
    owner_tokens = seller_tokens(variety_login, "owner@sandbox.test")
    owner = MarketplaceApi(sandbox_settings(variety_sandbox.url), app_login_holder(variety_login, owner_tokens))
    at = desk(owner_tokens)
    assert_nothing_raw(at)
    draft_id = new_draft_on_the_desk(at)
    # AppTest cannot choose files: the photo goes through the API, keyed as the page's upload is.
    owner.sell.drafts.upload_photo(draft_id, filename="front.jpg", content=JPEG, idempotency_key=key())
    at.run()
    # marketplace-api.md:11: publishing "draws on organization credits"; this host states no cost.
    drafts = tab_text(at, "Drafts")
    assert "Publishing uses your organization's publishing credits" in drafts and "Publishing costs" not in drafts
    at.button(key=f"desk_publish_{draft_id}").click().run()
    assert f"Your deal “{TITLE}” is under the marketplace's review: it goes live when the review ends" in texts(at)
    assert draft_id not in at.selectbox(key="desk_draft").options and "Under review" in tab_text(at, "Drafts")
    assert_nothing_raw(at)

    listed, _ = owner.sell.drafts.list(limit=1).walk_bounded(100)
    variety_sandbox.advance_past(next(d for d in listed if d.id == draft_id).review_ends_at)
    deal_id = owner.sell.drafts.retrieve(draft_id).deal_id
    buyer = MarketplaceApi(sandbox_settings(variety_sandbox.url), app_login_holder(variety_login, log_in(variety_login).token))
    buyer_page = page_for(buyer.tokens.token)
    buyer_page.selectbox(key="mkt_offer_deal").set_value(deal_id).run()  # chosen first: the form then holds its terms
    buyer_page.number_input(key="mkt_new_offer_amount").set_value(190000.0)
    buyer_page.number_input(key="mkt_new_offer_emd").set_value(3000.0)
    buyer_page.button(key="FormSubmitter:mkt_new_offer_form-Send").click().run()
    assert "Your offer was sent to the seller." in texts(buyer_page)
    assert_nothing_raw(buyer_page)

    at.run()
    assert TITLE in str([frame.value for frame in tab(at, "My deals").dataframe])
    # This host takes no deal filter on the seller's offers (marketplace-api.md:97): the inbox
    # asks without it and filters here, so the deal's one offer is all it lists.
    at.selectbox(key="desk_inbox_deal").set_value(deal_id).run()
    assert at.selectbox(key="desk_inbox_offer").options == [at.selectbox(key="desk_inbox_offer").options[0]]
    assert TITLE in at.selectbox(key="desk_inbox_offer").options[0]
    offer = next(o for o in buyer.offers.list(status="new", limit=1) if o.deal_id == deal_id)
    at.selectbox(key="desk_inbox_status").set_value("new").run()
    at.selectbox(key="desk_inbox_offer").set_value(offer.id).run()
    at.number_input(key="desk_counter_amount").set_value(195000.0)
    at.button(key="FormSubmitter:desk_counter_form-Send").click().run()
    assert "Your counter was sent to the buyer." in texts(at)
    assert "Your counter is open: the buyer answers next." in tab_text(at, "Offers")
    assert_nothing_raw(at)


def test_a_buyer_keeps_buy_boxes_and_asks_a_seller(variety_sandbox, variety_login):
    tokens = log_in(variety_login).token
    at = page_for(tokens)
    assert_nothing_raw(at)
    at.text_input(key="mkt_new_box_name").set_value("Schertz houses")
    at.text_input(key="mkt_new_box_cities").set_value("Schertz")
    at.button(key="FormSubmitter:mkt_new_box-Save the buy box").click().run()
    assert "Your buy box “Schertz houses” is saved" in texts(at)
    box_id = at.selectbox(key="mkt_box").value
    assert box_id.startswith("box:"), "the host's own id form, used as given"
    at.button(key="mkt_box_delete").click().run()
    assert "The buy box was deleted." in texts(at)
    assert_nothing_raw(at)

    ask_twice(at)
    deal_id = at.selectbox(key="mkt_ask_deal").value
    at.button(key="mkt_address").click().run()
    at.checkbox(key=f"mkt_agreement_{deal_id}").check().run()  # the tick sends it
    assert "Your address request was sent" in texts(at)
    assert_nothing_raw(at)


def test_publishing_without_the_credits_is_said_without_amounts(variety_sandbox, variety_login):
    """marketplace-api.md:170 `402 insufficient_balance`: this host names no balance and no cost."""
    from tests.pages.test_seller_page import ready_draft
    from tests.sandbox.marketplace.oauth_flow import http

    http.post(f"{variety_sandbox.url}/_sandbox/marketplace/credits", json={"credits": 3})
    tokens = seller_tokens(variety_login, "owner@sandbox.test")
    draft_id = ready_draft(MarketplaceApi(sandbox_settings(variety_sandbox.url), app_login_holder(variety_login, tokens)))
    at = desk(tokens)
    at.selectbox(key="desk_draft").set_value(draft_id).run()
    at.button(key=f"desk_publish_{draft_id}").click().run()
    said = texts(at)
    assert ("Your organization's credits are too low to publish this deal. Add credits to the organization, then "
            "publish again. Nothing was charged.") in said
    assert_nothing_raw(at)
