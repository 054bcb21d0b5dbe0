"""The Marketplace page as a person reads it (issue 16, Marketplace): one "logged in"
message, counts in the right number, and the offers first (the account in its own tab)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from streamlit.testing.v1 import AppTest

from tests.pages.test_marketplace_page import (  # noqa: F401 - app_login is a fixture
    PAGE,
    RUN_TIMEOUT_S,
    app_login,
    consent_through_issuer,
    follow_login_link,
    log_in,
    page_for,
    texts,
)


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
