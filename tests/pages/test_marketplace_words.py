"""The Marketplace page as a person reads it (issue 16, Marketplace): one "logged in"
message, counts in the right number, and the offers first (the account in its own tab)."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from streamlit.testing.v1 import AppTest

from tests.pages.marketplace_helpers import (  # noqa: F401 - app_login is a fixture
    PAGE,
    RUN_TIMEOUT_S,
    app_login,
    follow_login_link,
    log_in,
    page_for,
    texts,
)
from tests.services.test_oauth_consent import consent_through_issuer


def test_a_login_is_announced_once(app_login, monkeypatch):
    redirect = consent_through_issuer(follow_login_link(page_for(), monkeypatch))
    query = parse_qs(urlsplit(redirect).query)
    back = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    for name in ("code", "state", "iss"):
        back.query_params[name] = query[name][0]
    back.run()
    assert not back.exception
    assert texts(back).lower().count("logged in") == 1, texts(back)


def test_the_offers_come_first_and_counts_read_as_words(app_login):
    at = page_for(log_in(app_login).token)
    assert not at.exception
    labels = [tab.label for tab in at.tabs]
    assert labels[0] == "Offers" and "Account" in labels, labels
    account = at.tabs[labels.index("Account")]
    assert "Dana Buyer" in " ".join(str(element.value) for element in account.markdown) + " ".join(
        str(element.value) for element in account.caption
    ), "the account's details are in its own tab"
    assert "(s)" not in texts(at)


def offer_form(app_login):
    """The page, logged in, on a deal with no offer of this buyer yet."""
    at = page_for(log_in(app_login).token)
    offered = {label.split(" · ")[0] for label in at.selectbox(key="mkt_offer_selected").options}
    deals = at.selectbox(key="mkt_offer_deal")
    free = [index for index, label in enumerate(deals.options) if label.split(" · ")[0] not in offered]
    deals.select_index(free[0]).run()
    return at


def send(at) -> str:
    at.button(key="FormSubmitter:mkt_new_offer_form-Send").click().run()
    assert not at.exception
    return " ".join(str(element.value) for element in at.error)


def test_offer_terms_are_checked_in_the_form_and_said_in_dollars(app_login):
    """issue 26: a 300-digit amount came back as "offer_amount: Input should be less than or equal
    to 100000000"; a low deposit as "Offer an emd_amount of at least 4600.0"; a 5,000-character
    note was dropped by the browser, the note before kept."""
    at = offer_form(app_login)
    at.number_input(key="mkt_new_offer_amount").set_value(float("9" * 300))
    said = send(at)
    assert re.search(r"More than \$0 and at most \$100,000,000; this is a number of 30\d digits\.", said), said
    at.number_input(key="mkt_new_offer_amount").set_value(150000.0)
    at.number_input(key="mkt_new_offer_emd").set_value(1.0)
    said = send(at)
    assert "at least $" in said.lower() and "emd_amount" not in said and ".0" not in said, said
    at.number_input(key="mkt_new_offer_emd").set_value(20000.0)
    at.text_input(key="mkt_new_offer_note").input("n" * 5000)
    said = send(at)
    assert "At most 1,000 characters; this is 5,000." in said and len(said) < 200
    assert at.text_input(key="mkt_new_offer_note").value == "n" * 5000, "the note typed is kept"
    assert "Your offer was sent" not in texts(at)
