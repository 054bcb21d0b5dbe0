"""The Marketplace page's test helpers: a page pointed at the sandbox and the real issuer, seeded
with a login's tokens or logged in as a browser does, and what it shows.

Sessions are either seeded with tokens from the real login (the page's token store is
`st.session_state["mkt_tokens"]`), or logged in the way a browser does it: the page's
own "Log in" link, the issuer's pages, then a new session opened on the redirect URL.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

import adapter.marketplace
from components.marketplace_login import read_login_links
from services.oauth import MarketplaceLogin
from tests.processes import ROOT, sandbox_env
from tests.services.test_oauth_consent import TEST_APP_URL, log_in, make_login  # noqa: F401 - log_in for the tests



PAGE = str(ROOT / "pages" / "marketplace.py")
RUN_TIMEOUT_S = 60


@contextlib.contextmanager
def logged_in_app(sandbox, tmp_path, monkeypatch) -> Iterator[MarketplaceLogin]:
    """Point the pages at `sandbox`; the test's login shares the page's client id, so refreshes work."""
    for name, value in sandbox_env(sandbox.url).items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("DEEDSCOPE_APP_URL", TEST_APP_URL)
    with make_login(sandbox.url, tmp_path) as login:
        monkeypatch.setenv("DEEDSCOPE_OAUTH_CLIENT_ID", login.client_id)
        yield login


@pytest.fixture
def app_login(sandbox, tmp_path, monkeypatch) -> Iterator[MarketplaceLogin]:
    """The pages on the session's sandbox (`--variety` by `DEEDSCOPE_TEST_SANDBOX_PROFILE`), reset."""
    with logged_in_app(sandbox, tmp_path, monkeypatch) as login:
        yield login


@pytest.fixture
def variety_login(variety_sandbox, tmp_path, monkeypatch) -> Iterator[MarketplaceLogin]:
    """The pages on the `--variety` sandbox (a host written from the documents alone), reset."""
    with logged_in_app(variety_sandbox, tmp_path, monkeypatch) as login:
        yield login


def page_for(tokens: dict | None = None) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT_S)
    if tokens is not None:
        at.session_state["mkt_tokens"] = tokens
    return at.run()


def texts(at: AppTest) -> str:
    parts = [element.value for kind in ("markdown", "caption", "success", "warning", "error", "info") for element in getattr(at, kind)]
    return "\n".join(str(part) for part in parts)


def login_link(at: AppTest) -> dict[str, str]:
    """The one "Log in" link the page drew, as a browser reads it (href, target, text)."""
    links = [link for element in at.html for link in read_login_links(element.value)]
    assert len(links) == 1, f"expected one login link, found {links}"
    return links[0]


def follow_login_link(at: AppTest, monkeypatch) -> str:
    """Press the page's "Log in" as a browser does: the app's login route (served by the
    middleware in front of Streamlit) begins the login, sets this browser's binding cookie and
    sends it to the issuer. Pages of this test then read that browser's cookies."""
    from starlette.responses import PlainTextResponse
    from starlette.testclient import TestClient

    from web.middleware import AppRoutesMiddleware

    browser = TestClient(AppRoutesMiddleware(PlainTextResponse("streamlit")), base_url=TEST_APP_URL, follow_redirects=False)
    response = browser.get("/" + login_link(at)["href"])  # relative to the page, /marketplace
    assert response.status_code == 303, response.text
    monkeypatch.setattr(adapter.marketplace, "browser_cookie", lambda name: browser.cookies.get(name))
    return response.headers["location"]


def in_another_browser(monkeypatch) -> None:
    monkeypatch.setattr(adapter.marketplace, "browser_cookie", lambda name: None)


def choose_open_round(at: AppTest, sent_by: str) -> str:
    """Pick, in the page's offer box, an open round sent by `sent_by`; returns its id."""
    at.selectbox(key="mkt_status").set_value("new").run()
    labels = at.selectbox(key="mkt_offer_selected").options  # AppTest lists the formatted labels
    for index, label in enumerate(labels):
        if f"by {sent_by}" in label:
            at.selectbox(key="mkt_offer_selected").select_index(index).run()
            return at.selectbox(key="mkt_offer_selected").value
    raise AssertionError(f"no open round sent by the {sent_by} in {labels}")


def frame_with(at: AppTest, column: str):
    return next(frame.value for frame in at.dataframe if column in frame.value.columns)
