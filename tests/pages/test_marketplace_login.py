"""The Marketplace page's login in `AppTest`: the PKCE link in the same tab, the redirect back in a
new session, another browser, a revoked session, and the addresses a login cannot come back to."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from components.marketplace_login import login_link_html, read_login_links
from tests.pages.marketplace_helpers import (  # noqa: F401 - app_login is a fixture
    PAGE,
    RUN_TIMEOUT_S,
    app_login,
    follow_login_link,
    in_another_browser,
    log_in,
    login_link,
    page_for,
    texts,
)
from tests.processes import sandbox_env
from tests.services.test_oauth_consent import TEST_APP_URL, consent_through_issuer


@pytest.mark.shape_independent("login mechanics on a logged-out page: no list is read")
def test_logged_out_page_offers_a_pkce_login_link_in_the_same_tab(app_login, monkeypatch):
    at = page_for()
    assert not at.exception
    assert not at.get("link_button"), "st.link_button would open the issuer in a new tab"
    link = login_link(at)
    assert link["text"] == "Log in"
    # No target: the browser follows the link in this tab, and the redirect comes back to it.
    assert "target" not in link
    # The link is the app's own login route (which binds the login to the browser), not the issuer.
    assert link["href"] == "marketplace/login?return_to=marketplace"
    issuer_url = follow_login_link(at, monkeypatch)
    query = parse_qs(urlsplit(issuer_url).query)
    assert issuer_url.startswith(app_login.metadata.authorization_endpoint)
    assert query["code_challenge_method"] == ["S256"] and "code_verifier" not in query
    assert query["redirect_uri"] == [f"{TEST_APP_URL}/marketplace"]
    assert "offline_access" in query["scope"][0].split()
    assert "new tab" not in texts(at)
    # A rerun begins nothing: a login is pending only once someone follows the link.
    assert login_link(at.run())["href"] == link["href"]


@pytest.mark.parametrize(
    "url",
    [
        pytest.param("https://issuer.test/authorize?response_type=code&state=a%20b&scope=offers:read+offline_access", id="query"),
        pytest.param('https://issuer.test/a?x="><script>alert(1)</script>', id="quotes and tags"),
    ],
)
def test_login_link_html_keeps_the_url_exactly_and_opens_no_new_tab(url):
    body = login_link_html(url, key="mkt_login_link")
    [link] = read_login_links(body)
    assert link["href"] == url and link["text"] == "Log in" and "target" not in link
    assert "<script>" not in body.split("</style>", 1)[1]


def test_redirect_back_logs_in_in_a_new_session_and_clears_the_url(app_login, monkeypatch):
    leaving = page_for()
    redirect = consent_through_issuer(follow_login_link(leaving, monkeypatch))
    query = parse_qs(urlsplit(redirect).query)

    # The browser comes back: a new session, with only the URL's code and state.
    back = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    back.query_params["code"] = query["code"][0]
    back.query_params["state"] = query["state"][0]
    back.query_params["iss"] = query["iss"][0]  # RFC 9207: the issuer names itself on the way back
    back.run()
    assert not back.exception
    assert not {"code", "state", "iss"} & set(back.query_params)
    assert "You are logged in" in texts(back)
    assert "Dana Buyer" in texts(back)
    assert [button.label for button in back.button if button.key == "mkt_log_out"] == ["Log out"]

    # The same redirect replayed in yet another session is refused: the state was single use.
    in_another_browser(monkeypatch)
    replay = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    replay.query_params.update({"code": query["code"][0], "state": query["state"][0]})
    replay.run()
    assert not replay.exception
    assert "already used or is older than ten minutes" in texts(replay)
    assert login_link(replay)["text"] == "Log in"


@pytest.mark.shape_independent("login mechanics: nobody is logged in, no list is read")
def test_a_redirect_back_in_another_browser_logs_nobody_in(app_login, monkeypatch):
    redirect = parse_qs(urlsplit(consent_through_issuer(follow_login_link(page_for(), monkeypatch))).query)
    in_another_browser(monkeypatch)  # the callback URL, sent to someone else: no binding cookie
    elsewhere = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    elsewhere.query_params.update({"code": redirect["code"][0], "state": redirect["state"][0]})
    elsewhere.run()
    assert not elsewhere.exception
    assert "did not start in this browser" in texts(elsewhere)
    assert "You are logged in" not in texts(elsewhere) and "mkt_tokens" not in elsewhere.session_state
    assert login_link(elsewhere)["text"] == "Log in"


@pytest.mark.shape_independent("the login route's refusal on a logged-out page: no list is read")
def test_the_route_s_refusal_is_said_in_words(app_login):
    at = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    at.query_params["login_error"] = "login_other_browser"
    at.run()
    assert not at.exception
    assert "Login not completed: This login did not start in this browser" in texts(at)
    assert "login_other_browser" not in texts(at)


@pytest.mark.shape_independent("login mechanics on a logged-out page: no list is read")
def test_an_address_the_login_does_not_come_back_to_is_said_before_leaving(app_login, monkeypatch):
    """No DEEDSCOPE_APP_URL, and the browser is on a host that is not this machine (a forged or
    unknown address): the page says so and offers no link to the issuer."""
    import adapter.marketplace

    monkeypatch.delenv("DEEDSCOPE_APP_URL")
    monkeypatch.setattr(adapter.marketplace, "_browser_origin", lambda: "http://evil.test")
    at = page_for()
    assert not at.exception
    assert "You opened this app at http://evil.test" in texts(at) and "could hand your login to another site" in texts(at)
    assert not [link for element in at.html for link in read_login_links(element.value)]
    assert "app_address_unregistered" not in texts(at)


def test_a_revoked_session_asks_to_log_in_again_and_keeps_the_page(app_login, monkeypatch):
    holder = log_in(app_login)
    at = page_for(holder.token)
    at.selectbox(key="mkt_status").set_value("countered").run()
    app_login.revoke(holder.token["refresh_token"])  # as if the person removed the app in account settings

    at.run()
    assert not at.exception
    assert "session has ended" in texts(at)
    assert login_link(at)["text"] == "Log in"
    assert at.title[0].value == "Marketplace"

    # Logging in again from that link opens the page where it was: the status filter comes back.
    redirect = parse_qs(urlsplit(consent_through_issuer(follow_login_link(at, monkeypatch))).query)
    back = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    back.query_params.update({"code": redirect["code"][0], "state": redirect["state"][0]})
    back.run()
    assert not back.exception
    assert back.selectbox(key="mkt_status").value == "countered"
    assert {offer.split(" · ")[2] for offer in back.selectbox(key="mkt_offer_selected").options} == {"countered"}


@pytest.mark.shape_independent("no issuer set: the login is off and nothing is read")
def test_a_configured_host_without_an_issuer_says_what_to_set(sandbox, monkeypatch):
    """decisions.md: `{DEEDSCOPE_API_URL}/auth` is the issuer's default on the sandbox only; on any
    other host the app requires DEEDSCOPE_AUTH_URL and says so instead of sending a person there."""
    for name, value in sandbox_env(sandbox.url).items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("DEEDSCOPE_AUTH_URL")
    at = page_for()
    assert not at.exception
    assert "DEEDSCOPE_AUTH_URL" in texts(at) and "marketplace login is off" in texts(at)
    assert not [link for element in at.html for link in read_login_links(element.value)]
