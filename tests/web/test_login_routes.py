"""The app's login routes (web/login_routes.py) as a browser meets them, against the real
sandbox issuer: Starlette's test client stands for a browser (it keeps cookies), the
middleware sits in front of a stand-in for Streamlit.

Login request forgery: a callback URL (`/marketplace?code&state`) opened in a browser that
did not begin the login must log nobody in. Every browser gets the session cookie on its first
page load (issue 42); a login gives it a new id that continues the person; a log-out ends the
login, not the person.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from starlette.responses import PlainTextResponse
from starlette.testclient import TestClient

from adapter.marketplace import BINDING_COOKIE
from adapter.marketplace import login_error_text
from adapter.stores import stores
from services.stores.login_sessions import COOKIE_NAME
from services.stores.login_store import KEY_PREFIX, PENDING_LOGIN_TTL_S
from services.oauth import MarketplaceLogin
from tests.pages.marketplace_helpers import app_login  # noqa: F401 - fixture
from tests.services.test_oauth_consent import TEST_APP_URL, consent_through_issuer
from web.middleware import AppRoutesMiddleware

STREAMLIT_SAYS = "streamlit's own answer"


async def streamlit_stand_in(scope, receive, send) -> None:
    await PlainTextResponse(STREAMLIT_SAYS)(scope, receive, send)


@pytest.fixture
def new_browser(app_login) -> Iterator:  # noqa: F811 - the fixture imported above
    """Make a "browser": its own cookie jar, on the app's configured address."""
    opened: list[TestClient] = []

    def make() -> TestClient:
        client = TestClient(AppRoutesMiddleware(streamlit_stand_in), base_url=TEST_APP_URL, follow_redirects=False)
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.close()


def set_cookie_headers(response) -> list[str]:
    return response.headers.get_list("set-cookie")


def leave_for_issuer(browser: TestClient, return_to: str = "marketplace?status=countered") -> str:
    """Press "Log in": the app's route begins the login and sends the browser to the issuer."""
    response = browser.get("/marketplace/login", params={"return_to": return_to})
    assert response.status_code == 303, response.text
    return response.headers["location"]


def test_log_in_route_binds_the_login_to_the_browser_without_secrets_in_the_cookie_or_url(app_login, new_browser):
    browser = new_browser()
    response = browser.get("/marketplace/login", params={"return_to": "marketplace"})
    assert response.status_code == 303
    issuer_url = response.headers["location"]
    assert issuer_url.startswith(app_login.metadata.authorization_endpoint)
    query = parse_qs(urlsplit(issuer_url).query)
    assert query["code_challenge_method"] == ["S256"] and "code_verifier" not in query
    assert query["redirect_uri"] == [f"{TEST_APP_URL}/marketplace"]
    [cookie] = [c for c in set_cookie_headers(response) if c.startswith(BINDING_COOKIE + "=")]
    binding = browser.cookies.get(BINDING_COOKIE)
    assert binding and len(binding) >= 40
    assert "httponly" in cookie.lower() and "samesite=lax" in cookie.lower() and f"max-age={PENDING_LOGIN_TTL_S}" in cookie.lower()
    # The cookie holds neither the state nor the verifier; the store keeps only the binding's hash.
    pending = stores().login_state.get(KEY_PREFIX + query["state"][0])
    assert pending["state"] not in binding and pending["code_verifier"] not in binding
    assert binding not in repr(pending)


def test_a_callback_replayed_in_another_browser_logs_nobody_in(app_login, new_browser):
    victim, attacker = new_browser(), new_browser()
    # The attacker begins a login, consents with their own account, and keeps the callback URL.
    callback = consent_through_issuer(leave_for_issuer(attacker))
    assert callback.startswith(f"{TEST_APP_URL}/marketplace?")
    # The victim's browser opens it: no binding cookie, so the code is never exchanged.
    response = victim.get(callback.removeprefix(TEST_APP_URL))
    assert response.status_code == 303
    assert response.headers["location"] == "marketplace?login_error=login_other_browser"
    assert COOKIE_NAME not in victim.cookies
    assert not any(c.startswith(COOKIE_NAME + "=") for c in set_cookie_headers(response))
    # The pending login is used up: the same URL in the browser that began it is refused too.
    again = attacker.get(callback.removeprefix(TEST_APP_URL))
    assert again.headers["location"] == "marketplace?login_error=login_expired"
    assert COOKIE_NAME not in attacker.cookies and BINDING_COOKIE not in attacker.cookies


def test_a_binding_cookie_of_another_login_is_refused(app_login, new_browser):
    browser = new_browser()
    first = consent_through_issuer(leave_for_issuer(browser))
    leave_for_issuer(browser)  # a newer login in this browser replaced the binding cookie
    response = browser.get(first.removeprefix(TEST_APP_URL))
    assert response.headers["location"] == "marketplace?login_error=login_other_browser"
    assert COOKIE_NAME not in browser.cookies


def test_the_browser_that_began_the_login_is_logged_in_and_its_binding_cleared(app_login, new_browser):
    browser = new_browser()
    callback = consent_through_issuer(leave_for_issuer(browser))
    response = browser.get(callback.removeprefix(TEST_APP_URL))
    assert response.status_code == 303
    assert response.headers["location"] == "marketplace?status=countered&logged_in=1"
    session_id = browser.cookies.get(COOKIE_NAME)
    assert session_id and stores().sessions.load(session_id)["access_token"]
    assert BINDING_COOKIE not in browser.cookies, "the binding cookie is cleared by the callback"


def test_return_to_cannot_send_the_person_elsewhere(app_login, new_browser):
    browser = new_browser()
    callback = consent_through_issuer(leave_for_issuer(browser, return_to="https://evil.test/marketplace?status=new"))
    response = browser.get(callback.removeprefix(TEST_APP_URL))
    assert response.headers["location"] == "marketplace?status=new&logged_in=1"


def test_a_first_page_load_gives_the_browser_a_private_session_cookie(app_login, new_browser):
    browser = new_browser()
    browser.get("/_stcore/health")
    assert COOKIE_NAME not in browser.cookies, "Streamlit's own requests give no cookie"
    first = browser.get("/map")
    assert first.text == STREAMLIT_SAYS
    (given,) = [c for c in set_cookie_headers(first) if c.startswith(COOKIE_NAME + "=")]
    assert "httponly" in given.lower() and "samesite=lax" in given.lower() and "path=/" in given.lower()
    person = browser.cookies.get(COOKIE_NAME)
    assert len(person) >= 40, "a random id no one guesses"
    again = browser.get("/investors")
    assert not any(c.startswith(COOKIE_NAME + "=") for c in set_cookie_headers(again)), "given once"
    assert browser.cookies.get(COOKIE_NAME) == person
    assert new_browser().get("/map").cookies.get(COOKIE_NAME) != person, "each browser its own"


def test_a_login_continues_the_person_under_a_new_id(app_login, new_browser):
    browser = new_browser()
    browser.get("/map")
    before = browser.cookies.get(COOKIE_NAME)
    stores().people.put(before, "budget", {"credit_budget_limit": 900})
    response = browser.get(consent_through_issuer(leave_for_issuer(browser)).removeprefix(TEST_APP_URL))
    after = browser.cookies.get(COOKIE_NAME)
    assert response.status_code == 303 and after != before, "a logged-in session never has an id from before the login"
    assert stores().sessions.load(after)["access_token"] and stores().sessions.load(before) is None
    assert stores().people.get(after, "budget") == {"credit_budget_limit": 900}, "the person goes on"


def test_after_log_out_the_cookie_names_the_person_and_holds_no_login(app_login, new_browser):
    browser = new_browser()
    session_id = stores().sessions.create({"access_token": "at", "refresh_token": "rt", "expires_at": 1e12})
    browser.cookies.set(COOKIE_NAME, session_id, domain=urlsplit(TEST_APP_URL).hostname)  # as the callback left it
    stores().people.put(session_id, "presenter", {"presenter_on": True})
    stores().sessions.end(session_id)  # what the page's "Log out" does (over the websocket)
    page = browser.get("/marketplace")
    assert page.text == STREAMLIT_SAYS and browser.cookies.get(COOKIE_NAME) == session_id
    assert stores().sessions.load(session_id) is None, "logged out everywhere"
    assert stores().people.get(session_id, "presenter") == {"presenter_on": True}, "a log-out is not a start over"


def test_a_login_route_that_cannot_reach_the_issuer_says_so_on_the_page(app_login, new_browser, monkeypatch):
    monkeypatch.setattr(MarketplaceLogin, "begin", lambda *args, **kwargs: (_ for _ in ()).throw(OSError("down")))
    browser = new_browser()
    response = browser.get("/marketplace/login", params={"return_to": "marketplace"})
    assert response.status_code == 303
    assert response.headers["location"] == "../marketplace?login_error=login_failed"
    assert BINDING_COOKIE not in browser.cookies


def pending_logins() -> set[str]:
    return {key for key in list(stores().login_state._entries.keys()) if key.startswith(KEY_PREFIX)}


def test_without_an_app_address_a_forged_host_never_reaches_the_issuer(app_login, new_browser, monkeypatch):
    """With DEEDSCOPE_APP_URL unset the redirect URI follows the browser's address. A Host header
    naming another site must not become a redirect URI (the issuer would send the person's code
    there): the route sends the browser back to the page, which says why in words."""
    monkeypatch.delenv("DEEDSCOPE_APP_URL")
    browser = new_browser()
    pending_before = pending_logins()
    response = browser.get("/marketplace/login", params={"return_to": "marketplace"}, headers={"host": "evil.test"})
    assert response.status_code == 303
    assert response.headers["location"] == "../marketplace?login_error=app_address_unregistered"
    assert BINDING_COOKIE not in browser.cookies
    assert pending_logins() == pending_before, "no login was begun"
    words = login_error_text("app_address_unregistered")
    assert "log in" in words.lower() and "app_address" not in words and "DEEDSCOPE" not in words


def test_without_an_app_address_this_machine_s_own_address_logs_in_on_any_port(app_login, new_browser, monkeypatch):
    """An app started on another port (or a balancer on this machine) sends people back to it."""
    monkeypatch.delenv("DEEDSCOPE_APP_URL")
    browser = new_browser()
    response = browser.get("/marketplace/login", params={"return_to": "marketplace"}, headers={"host": "localhost:8642"})
    assert response.status_code == 303
    query = parse_qs(urlsplit(response.headers["location"]).query)
    assert query["redirect_uri"] == ["http://localhost:8642/marketplace"]
