"""The buyer's tools on the Marketplace page in `AppTest`, against the real sandbox: a buy box
saved (five at most), its alert when a matching deal is published; a question, then a second one
refused in words for 24 hours; an address request that asks for the agreement first."""

from __future__ import annotations

import uuid

from services.marketplace_api import MarketplaceApi
from services.oauth import scopes_for_sides
from tests.pages.marketplace_helpers import app_login, log_in, page_for, texts  # noqa: F401 - fixture
from tests.pages.test_seller_page import seller_tokens, app_login_holder
from tests.sandbox.marketplace.test_publishing import FIELDS, JPEG
from tests.services.test_oauth_consent import sandbox_settings


def tab_of(at, label):
    return next(t for t in at.tabs if t.label == label)


def test_a_buy_box_is_saved_and_alerts_when_a_matching_deal_is_published(sandbox, app_login):
    at = page_for(log_in(app_login).token)
    assert not at.exception, at.exception
    at.text_input(key="mkt_new_box_name").set_value("Schertz houses")
    at.text_input(key="mkt_new_box_cities").set_value("Schertz")
    at.button(key="FormSubmitter:mkt_new_box-Save the buy box").click().run()
    assert not at.exception, at.exception
    assert "Your buy box “Schertz houses” is saved" in texts(at)
    assert "No alert yet" in " ".join(str(c.value) for c in tab_of(at, "Buy boxes").caption)

    owner = MarketplaceApi(sandbox_settings(sandbox.url), app_login_holder(app_login, seller_tokens(app_login, "owner@sandbox.test")))
    draft = owner.sell.drafts.create(idempotency_key=str(uuid.uuid4()), **FIELDS)
    owner.sell.drafts.upload_photo(draft.id, filename="front.jpg", content=JPEG, idempotency_key=str(uuid.uuid4()))
    published = owner.sell.drafts.publish(draft.id, idempotency_key=str(uuid.uuid4()))
    sandbox.advance_past(published.review_ends_at)  # marketplace-api.md:75: live once its review ends
    at.run()
    boxes = tab_of(at, "Buy boxes")
    assert any(FIELDS["title"] in str(m.value) and "published" in str(m.value) for m in boxes.markdown)
    assert FIELDS["title"] in str([d.value for d in boxes.dataframe])


def test_the_sixth_buy_box_is_not_offered(app_login):
    at = page_for(log_in(app_login).token)
    for n in range(5):
        at.text_input(key="mkt_new_box_name").set_value(f"Box {n}")
        at.number_input(key="mkt_new_box_price").set_value(100000 + n)
        at.button(key="FormSubmitter:mkt_new_box-Save the buy box").click().run()
    assert "You keep 5 buy boxes, the most the marketplace allows" in " ".join(
        str(i.value) for i in tab_of(at, "Buy boxes").info)


def ask_twice(at) -> None:
    """A question on the chosen deal, then a second the same day: sent, then refused in words
    (marketplace-api.md, Limits: one inquiry per type per deal per 24 hours)."""
    at.text_area(key="mkt_ask_message").set_value("Is the roof new?")
    at.button(key="FormSubmitter:mkt_ask-Send the question").click().run()
    assert "Your question was sent to the seller." in texts(at)
    at.text_area(key="mkt_ask_message").set_value("And the HVAC?")
    at.button(key="FormSubmitter:mkt_ask-Send the question").click().run()
    assert "one question per deal a day: try again in 24 hours" in texts(at)


def test_a_second_question_is_refused_in_words_and_the_address_asks_the_agreement(app_login):
    at = page_for(log_in(app_login).token)
    ask_twice(at)

    at.button(key="mkt_address").click().run()
    deal_id = at.selectbox(key="mkt_ask_deal").value
    assert "you accept the address agreement" in texts(at)
    at.button(key="mkt_address").click().run()
    assert "Tick the agreement box" in texts(at)
    at.checkbox(key=f"mkt_agreement_{deal_id}").check().run()  # the tick sends it
    assert "Your address request was sent" in texts(at)
    assert "pending" in str([d.value for d in tab_of(at, "Ask the seller").dataframe])
