"""A host that draws its line where the client does not (issue 44, 1): the `--variety` marketplace
keeps free text shorter than the client's own limits (sandbox/marketplace/variety.py: 160
characters, said in its own words). What passes the client's check and is refused by the host is
said under the field the refusal names, in words ("The marketplace takes at most 160 characters
here; this is 180."), never "did not accept a value"; everything typed is kept."""

from __future__ import annotations

import pytest

from services.marketplace_api import MarketplaceApi
from tests.pages.forms_helpers import beside
from tests.pages.marketplace_helpers import choose_open_round, log_in, page_for, texts, variety_login  # noqa: F401 - fixture
from tests.pages.test_seller_page import app_login_holder, desk, seller_tokens
from tests.services.test_oauth_consent import sandbox_settings

pytestmark = pytest.mark.shape_independent("on the --variety sandbox in every pass already (variety_login)")
WITHIN_OURS = "z" * 180  # under the client's 200 (a title) and 1,000 or 2,000 (a note, a question)
SAID = "The marketplace takes at most 160 characters here; this is 180."


def refused_in_words(at) -> None:
    said = texts(at)
    assert not at.exception, at.exception
    assert "did not accept" not in said and "Too long for this host" not in said, said
    assert "What is wrong is said under the fields marked above" in said


def test_a_draft_title_the_host_refuses_is_said_under_the_title(variety_sandbox, variety_login):
    tokens = seller_tokens(variety_login, "owner@sandbox.test")
    owner = MarketplaceApi(sandbox_settings(variety_sandbox.url), app_login_holder(variety_login, tokens))
    at = desk(tokens)
    at.text_input(key="desk_new_draft_title").set_value(WITHIN_OURS)
    at.text_input(key="desk_new_draft_city").set_value("Schertz")
    at.button(key="FormSubmitter:desk_new_draft-Create the draft").click().run()
    refused_in_words(at)
    assert beside(at, "desk_new_draft_title") == SAID
    assert beside(at, "desk_new_draft_city") == "At most 100 characters.", "the others keep their limit's words"
    assert at.text_input(key="desk_new_draft_title").value == WITHIN_OURS
    assert at.text_input(key="desk_new_draft_city").value == "Schertz"
    assert WITHIN_OURS not in [d.title for d in owner.sell.drafts.list(limit=100).walk_bounded(100)[0]]


def test_a_question_the_host_refuses_is_said_under_it_and_kept(variety_login):
    at = page_for(log_in(variety_login).token)
    at.text_area(key="mkt_ask_message").set_value(WITHIN_OURS)
    at.button(key="FormSubmitter:mkt_ask-Send the question").click().run()
    refused_in_words(at)
    assert beside(at, "mkt_ask_message") == SAID
    assert at.text_area(key="mkt_ask_message").value == WITHIN_OURS


def test_a_counters_note_the_host_refuses_is_said_under_the_note(variety_login):
    at = page_for(log_in(variety_login).token)
    choose_open_round(at, "seller")
    amount = at.number_input(key="mkt_counter_amount").value
    at.text_input(key="mkt_counter_note").set_value(WITHIN_OURS)
    at.button(key="FormSubmitter:mkt_counter_form-Send").click().run()
    refused_in_words(at)
    assert beside(at, "mkt_counter_note") == SAID
    assert at.text_input(key="mkt_counter_note").value == WITHIN_OURS
    assert at.number_input(key="mkt_counter_amount").value == amount
