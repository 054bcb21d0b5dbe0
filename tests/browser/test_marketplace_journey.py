"""A buyer's journey on Debian's chromium: log in through the real consent page, accept a
seller's counter, see it accepted, log out, and see the refresh token revoked.

Tokens never reach the browser: the app exchanges and refreshes them server-side. To
check the revocation the test puts a recording pass-through in front of the issuer
(`DEEDSCOPE_AUTH_URL` points at it): it forwards every request unchanged, points the
discovery document's endpoints at itself, and keeps the refresh tokens the issuer hands
out, in this test's memory only. After "Log out" the sandbox must refuse the last one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import httpx2
import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from adapter.marketplace import BINDING_COOKIE
from services.stores.login_sessions import COOKIE_NAME as SESSION_COOKIE
from tests.browser.passthrough import PassThrough
from tests.processes import run_streamlit, sandbox_env
from tests.services.test_oauth_consent import consent_through_issuer

UI_TIMEOUT_MS = 60_000


class RecordingIssuer(PassThrough):
    """A loopback pass-through to the sandbox issuer that notes refresh tokens and revocations."""

    def __init__(self, upstream: str) -> None:
        super().__init__(upstream, timeout=30)
        self.refresh_tokens: list[str] = []
        self.revocations = 0

    def observe(self, path: str, answer: httpx2.Response) -> bytes:
        content = answer.content
        if path.startswith("/auth/.well-known/openid-configuration"):
            document = answer.json()
            for name in ("authorization_endpoint", "token_endpoint", "revocation_endpoint", "registration_endpoint"):
                document[name] = document[name].replace(self.upstream, self.url)
            return json.dumps(document).encode()
        if path.startswith("/auth/oauth2/token") and answer.status_code == 200:
            token = answer.json().get("refresh_token")
            if token:
                self.refresh_tokens.append(token)
        if path.startswith("/auth/oauth2/revoke") and answer.status_code == 200:
            self.revocations += 1
        return content


@pytest.fixture(scope="module")
def journey_app(sandbox_process) -> Iterator[tuple[str, RecordingIssuer]]:
    """The module's app, its issuer behind a recording pass-through (an app of its own: the issuer is a setting)."""
    sandbox_process.reset()
    with RecordingIssuer(sandbox_process.url) as issuer:
        env = {**sandbox_env(sandbox_process.url), "DEEDSCOPE_AUTH_URL": f"{issuer.url}/auth"}
        with run_streamlit(env) as app_url:
            yield app_url, issuer


# The accept button's top (relative to the page), on every frame from the review's press.
WATCH_ACCEPT_BUTTON = """() => {
  window.__acceptTops = [];
  const watch = () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.innerText.includes("Accept the seller's offer"));
    if (button) window.__acceptTops.push(Math.round(button.getBoundingClientRect().top + window.scrollY));
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}"""


def wait_until_idle(page: Page) -> None:
    """Streamlit shows its running indicator while a rerun draws; widgets redrawn meanwhile detach."""
    page.wait_for_timeout(300)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidgetRunningIcon\"], [data-testid=\"stStatusWidgetRunningManIcon\"]')"
    )


def choose(page: Page, label: str, option: str | re.Pattern) -> str:
    """Open the Streamlit select box labelled `label` and pick the first option matching `option`."""
    for attempt in range(5):
        wait_until_idle(page)
        try:
            # Not a box left from the run before (Streamlit keeps it, marked stale, until the rerun ends).
            boxes = page.locator('[data-testid="stElementContainer"]:not([data-stale="true"]) [data-testid="stSelectbox"]')
            boxes.filter(has_text=label).locator('[role="combobox"]').click(timeout=10_000)
            choice = page.get_by_role("option", name=option).first
            text = choice.inner_text(timeout=10_000)
            choice.click(timeout=10_000)
            wait_until_idle(page)
            return text
        except PlaywrightTimeoutError:
            page.keyboard.press("Escape")  # a rerun redrew the box while it was open: try again
    raise AssertionError(f"could not choose {option!r} in {label!r}")


def test_buyer_logs_in_accepts_a_counter_and_logs_out(page: Page, journey_app, sandbox, artifacts_dir):
    app_url, issuer = journey_app
    page.set_default_timeout(UI_TIMEOUT_MS)
    # Tall enough that a screenshot holds the whole page (Streamlit scrolls inside its own container).
    page.set_viewport_size({"width": 1400, "height": 2600})
    page.goto(f"{app_url}/marketplace")
    expect(page.get_by_role("heading", name="Marketplace")).to_be_visible()

    page.screenshot(path=str(artifacts_dir / "marketplace-logged-out-start.png"), full_page=True)

    # "Log in" takes this same tab to the issuer's own page; the app never sees the password.
    opened_pages: list[Page] = []
    page.context.on("page", lambda opened: opened_pages.append(opened))
    page.get_by_role("link", name="Log in").click()
    page.wait_for_url(re.compile(re.escape(issuer.url) + r"/auth/"))
    page.fill('input[name="email"]', "buyer@sandbox.test")
    page.fill('input[name="password"]', "sandbox")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Allow")).to_be_visible()
    if page.locator('input[name="accept_terms"]').count():
        page.check('input[name="accept_terms"]')
    page.get_by_role("button", name="Allow").click()

    # Back on the app in the same tab, in a new session, logged in; the code and state are gone from the URL.
    expect(page.get_by_text("You are logged in to the marketplace")).to_be_visible()
    # The browser holds the session cookie; the login's binding cookie went with the callback.
    assert {c["name"] for c in page.context.cookies()} & {SESSION_COOKIE, BINDING_COOKIE} == {SESSION_COOKIE}
    # The offers come first; the account's details are in their own tab.
    page.get_by_role("tab", name="Account").click()
    expect(page.get_by_text("Dana Buyer")).to_be_visible()
    page.get_by_role("tab", name="Offers").click()
    page.wait_for_function("() => !window.location.search.includes('code=')")
    assert page.url.startswith(f"{app_url}/marketplace")
    assert opened_pages == [] and page.context.pages == [page], "the login opened another tab"
    expect(page.get_by_text(re.compile(r"Page 1 · \d+ offers"))).to_be_visible()
    wait_until_idle(page)
    page.screenshot(path=str(artifacts_dir / "marketplace-logged-in.png"), full_page=True)

    # Accept a counter the seller sent: review its preview, then accept with its token.
    choose(page, "Status", "new")
    chosen = choose(page, "Offer", re.compile(r"by seller"))
    deal_title = chosen.split(" · ")[0]
    page.evaluate(WATCH_ACCEPT_BUTTON)
    page.get_by_role("button", name="Review the seller's terms").click()
    expect(page.get_by_text(re.compile(r"This preview is valid for"))).to_be_visible()
    wait_until_idle(page)
    # Pressed as soon as it shows, it stays under the pointer (a pixel of rounding aside): the
    # review's button, left from the run before until the run ended, once sat above it and took
    # it 56 px up, and a press as it showed landed elsewhere.
    tops = page.evaluate("window.__acceptTops")
    assert tops and max(tops) - min(tops) <= 2, f"the accept button moved as the preview's run ended: {sorted(set(tops))}"
    page.screenshot(path=str(artifacts_dir / "marketplace-preview.png"))
    page.get_by_role("button", name="Accept the seller's offer").click()
    expect(page.get_by_text("You accepted the seller's offer")).to_be_visible()

    # The offer now reads accepted.
    choose(page, "Status", "accepted")
    accepted = choose(page, "Offer", re.compile(re.escape(deal_title) + r".*accepted"))
    assert "by seller" in accepted
    page.screenshot(path=str(artifacts_dir / "marketplace-accepted.png"), full_page=True)

    # The other tabs as a buyer reads them.
    page.get_by_role("tab", name="Deals").click()
    expect(page.get_by_text("Make an offer")).to_be_visible()
    page.wait_for_timeout(1500)
    page.screenshot(path=str(artifacts_dir / "marketplace-deals.png"))
    page.get_by_role("tab", name="Proof of funds").click()
    expect(page.get_by_text(re.compile(r"valid until \d{4}-\d\d-\d\d \d\d:\d\d UTC"))).to_be_visible()
    page.screenshot(path=str(artifacts_dir / "marketplace-proof.png"))

    # Log out: the refresh token is revoked at the issuer, which refuses it afterwards.
    assert issuer.refresh_tokens, "the login handed out a refresh token"
    last_refresh_token = issuer.refresh_tokens[-1]
    revoked_before = issuer.revocations
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_text("You are logged out")).to_be_visible()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    assert issuer.revocations == revoked_before + 1
    discovery = httpx2.get(f"{sandbox.url}/auth/.well-known/openid-configuration", timeout=60).json()
    refused = httpx2.post(
        discovery["token_endpoint"],
        data={"grant_type": "refresh_token", "refresh_token": last_refresh_token, "client_id": _client_id_of(discovery["issuer"], app_url)},
        timeout=60,
    )
    assert refused.status_code == 400
    assert refused.json()["error"] == "invalid_grant"
    page.screenshot(path=str(artifacts_dir / "marketplace-logged-out.png"), full_page=True)
    # The log-out ran over the websocket and ended the login everywhere; a page load finds none. The
    # cookie stays: it names the person (their credits, their Map), no longer logged in (issue 42).
    page.reload()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    assert SESSION_COOKIE in {c["name"] for c in page.context.cookies()}


def test_a_callback_url_opened_in_another_browser_logs_nobody_in(page: Page, journey_app, artifacts_dir):
    """Login request forgery: someone begins a login with their own account and sends the
    callback URL to a buyer. The buyer's browser never began that login: nobody is logged in."""
    app_url, _ = journey_app
    page.set_default_timeout(UI_TIMEOUT_MS)
    with httpx2.Client(base_url=app_url, follow_redirects=False, timeout=60) as forger:
        started = forger.get("/marketplace/login", params={"return_to": "marketplace"})
        assert started.status_code == 303 and BINDING_COOKIE in forger.cookies
        callback = consent_through_issuer(started.headers["location"])
    assert callback.startswith(f"{app_url}/marketplace?") and "code=" in callback

    page.goto(callback)
    expect(page.get_by_text(re.compile(r"did not start in this browser"))).to_be_visible()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    assert "code=" not in page.url
    # The browser has its own session cookie (every browser does, issue 42), holding no login.
    page.reload()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    page.screenshot(path=str(artifacts_dir / "marketplace-forged-callback-refused.png"), full_page=True)


def _client_id_of(issuer: str, app_url: str) -> str:
    """The app's client id at this issuer, read where the app keeps it: the installation's
    registration file, by issuer and redirect (services/oauth/issuer.py). By the redirect alone, an
    app of an earlier module on the same port, registered at another worker's sandbox, was taken
    once, and the issuer refused its id (401, not the revoked token's 400)."""
    from services.oauth import DEFAULT_CLIENT_REGISTRY

    registrations = json.loads(DEFAULT_CLIENT_REGISTRY.read_text())
    return registrations[f"{issuer} {app_url}/marketplace"]["client_id"]
