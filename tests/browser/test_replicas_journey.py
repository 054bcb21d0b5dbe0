"""Two app replicas behind HAProxy over one sandbox and one Redis, driven by Debian's chromium.

What a team gets (issue 17): log in on replica A, the issuer's redirect lands on replica B
(which finishes the login begun on A), a reload on A is still logged in; a map view read on
A is served on B without one data request to the API; A stops mid-session and the page
reconnects to B with its map view and its login; log-out in one tab ends the login in another.

Real parts, each on a free loopback port: `redis-server`, `haproxy` (sticky cookie
`deedscope_replica`, health checks on `/_stcore/health`), two `streamlit run app.py`
processes, the sandbox. The app's address is not configured: the replicas take it from the
browser (the balancer's). The data API is reached through a counting pass-through (a real
listener), so the test counts what reached the API; the issuer is the sandbox's own.
"""

from __future__ import annotations

import re
import threading
import time
from collections import Counter
from collections.abc import Iterator

import httpx2
import pytest
from playwright.sync_api import Page, expect

from devtools.services_process import run_haproxy, run_redis
from devtools.streamlit_process import serve_streamlit
from services.sandbox_process import stop_process
from tests.browser.passthrough import PassThrough
from tests.browser.test_map_first_visit import assert_painted_first_and_taken, open_in_a_new_browser
from tests.browser.test_map_journey import wait_for_paint
from tests.processes import sandbox_env

UI_TIMEOUT_MS = 90_000
REPLICA_COOKIE = "deedscope_replica"
# A shared link (the first market, two kinds of deal): on either profile of the sandbox.
SHARED_LINK = "kind=flip,hold"


class CountingProxy(PassThrough):
    """A loopback pass-through to the sandbox's data API that counts request paths."""

    def __init__(self, upstream: str) -> None:
        super().__init__(upstream)
        self.paths: Counter[str] = Counter()
        self._lock = threading.Lock()

    def data_requests(self) -> Counter[str]:
        with self._lock:
            return Counter({path: n for path, n in self.paths.items() if path.startswith(("/v1/", "/v3/"))})

    def observe(self, path: str, answer: httpx2.Response) -> bytes:
        with self._lock:
            self.paths[path.split("?", 1)[0]] += 1
        return answer.content


@pytest.fixture
def team(sandbox) -> Iterator[dict]:
    """Redis, a counting pass-through to the API, replicas A and B, HAProxy in front."""
    with run_redis() as redis_url, CountingProxy(sandbox.url) as api:
        env = {
            **sandbox_env(api.url),
            # The issuer and the marketplace directly; only data reads go through the counter.
            "DEEDSCOPE_AUTH_URL": f"{sandbox.url}/auth",
            "DEEDSCOPE_MARKETPLACE_URL": f"{sandbox.url}/marketplace/v1",
            "DEEDSCOPE_CACHE_URL": redis_url,
            "DEEDSCOPE_SESSION_KEY": "replicas-journey-session-key",
            "DEEDSCOPE_APP_URL": "",  # unset: the address the browser used (the balancer's)
        }
        with serve_streamlit(env) as (process_a, url_a), serve_streamlit(env) as (process_b, url_b):
            with run_haproxy([url_a, url_b]) as balancer:
                yield {"url": balancer, "a": process_a, "api": api}


def on_replica(page: Page, balancer: str, replica: int) -> None:
    """Send this browser's next requests (and websocket) to replica `replica` (0 = A, 1 = B)."""
    page.context.add_cookies([replica_cookie(balancer, replica)])


def replica_cookie(balancer: str, replica: int) -> dict:
    host = balancer.split("://", 1)[1].split(":")[0]
    return {"name": REPLICA_COOKIE, "value": f"r{replica}", "domain": host, "path": "/"}


def wait_until_idle(page: Page) -> None:
    page.wait_for_timeout(300)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidgetRunningIcon\"], [data-testid=\"stStatusWidgetRunningManIcon\"]')"
    )


def settled_requests(api, quiet_s: float = 2.0, timeout_s: float = 60.0) -> Counter[str]:
    """The API's requests once none came for `quiet_s`: after its paint, the Map page reads
    ahead what a market switch will need (adapter/read_ahead.py)."""
    deadline = time.monotonic() + timeout_s
    seen = api.data_requests()
    while time.monotonic() < deadline:
        time.sleep(quiet_s)
        now = api.data_requests()
        if now == seen:
            break
        seen = now
    return seen


def logged_in(page: Page):
    """What a logged-in Marketplace page shows (the account's details sit in a tab of their own)."""
    return page.get_by_role("button", name="Log out")


def log_in_through_issuer(page: Page) -> None:
    page.fill('input[name="email"]', "buyer@sandbox.test")
    page.fill('input[name="password"]', "sandbox")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Allow")).to_be_visible(timeout=UI_TIMEOUT_MS)
    if page.locator('input[name="accept_terms"]').count():
        page.check('input[name="accept_terms"]')


def test_login_and_map_survive_replicas_and_a_stopped_replica(page: Page, team, sandbox, artifacts_dir):
    balancer, api = team["url"], team["api"]
    page.set_default_timeout(UI_TIMEOUT_MS)

    # A prospect's new browser opens a shared link on replica A: its map is painted first, from the
    # link's first paint (web/first_paint.py), and the page takes that map. Another new browser on B
    # is painted from what A computed, kept on Redis: only the version is asked of the API.
    for replica in (0, 1):
        before = settled_requests(api)
        seen = open_in_a_new_browser(page.context.browser, f"{balancer}/?{SHARED_LINK}", cookies=[replica_cookie(balancer, replica)])
        assert_painted_first_and_taken(seen)
        assert seen["early"]["cells"] == seen["cells"] and seen["remembered"]["data"] == seen["answer"]["message"]
    assert set(settled_requests(api) - before) <= {"/v1/dataset"}, "B computed nothing A had kept"

    # Log in, starting on replica A.
    on_replica(page, balancer, 0)
    page.goto(f"{balancer}/marketplace")
    expect(page.get_by_role("heading", name="Marketplace")).to_be_visible(timeout=UI_TIMEOUT_MS)
    page.get_by_role("link", name="Log in").click()
    page.wait_for_url(re.compile(re.escape(sandbox.url) + r"/auth/"))
    log_in_through_issuer(page)
    # The redirect back lands on replica B, which finishes the login A began.
    on_replica(page, balancer, 1)
    page.get_by_role("button", name="Allow").click()
    expect(page.get_by_text("You are logged in to the marketplace")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(logged_in(page)).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert page.url.startswith(f"{balancer}/marketplace") and "code=" not in page.url and "state=" not in page.url
    # The login began on A (its binding cookie), finished on B (the pending login is on Redis).
    assert "deedscope_login" not in {c["name"] for c in page.context.cookies()}, "the callback clears the binding"
    session_cookie = next(c for c in page.context.cookies() if c["name"] == "deedscope_session")
    assert session_cookie["httpOnly"] and session_cookie["sameSite"] == "Lax"
    assert session_cookie["value"] not in page.url
    assert page.evaluate("() => document.cookie").find("deedscope_session") == -1, "a script can read the session"

    # A reload on replica A is still logged in; so is a new tab.
    on_replica(page, balancer, 0)
    page.reload()
    expect(logged_in(page)).to_be_visible(timeout=UI_TIMEOUT_MS)
    second_tab = page.context.new_page()
    second_tab.goto(f"{balancer}/marketplace")
    expect(logged_in(second_tab)).to_be_visible(timeout=UI_TIMEOUT_MS)
    second_tab.close()
    page.screenshot(path=str(artifacts_dir / "replicas-logged-in-on-a.png"))

    # A map view read on A...
    page.goto(balancer)
    page.get_by_role("heading", name="Where investors buy").wait_for(timeout=UI_TIMEOUT_MS)
    canvas = page.locator("canvas").first
    assert wait_for_paint(page, canvas) > 0.05
    wait_until_idle(page)
    view_url = page.url
    read_on_a = settled_requests(api)
    assert read_on_a.get("/v1/deals/cells"), f"A read the cells from the API: {read_on_a}"

    # ...is served on B from the shared cache: no data request reaches the API.
    on_replica(page, balancer, 1)
    page.goto(view_url)
    page.get_by_role("heading", name="Where investors buy").wait_for(timeout=UI_TIMEOUT_MS)
    assert wait_for_paint(page, page.locator("canvas").first) > 0.05
    wait_until_idle(page)
    on_b = api.data_requests() - read_on_a
    # Not even the freshness probe: the version A confirmed is shared with its answer (docs/contract.md).
    assert not on_b, f"B asked the API for {dict(on_b)}"
    page.screenshot(path=str(artifacts_dir / "replicas-map-on-b.png"))

    # Back on A, A stops mid-session: the page reconnects (to B) with its map view and login.
    on_replica(page, balancer, 0)
    page.goto(view_url)
    page.get_by_role("heading", name="Where investors buy").wait_for(timeout=UI_TIMEOUT_MS)
    assert wait_for_paint(page, page.locator("canvas").first) > 0.05
    wait_until_idle(page)
    stop_process(team["a"])
    page.wait_for_timeout(4000)  # HAProxy sees A down (two failed checks a second apart)
    page.get_by_role("heading", name="Where investors buy").wait_for(timeout=UI_TIMEOUT_MS)
    assert wait_for_paint(page, page.locator("canvas").first) > 0.05
    assert page.url == view_url, "the map view (its link) was kept"
    page.get_by_role("link", name="Marketplace").first.click()
    expect(logged_in(page)).to_be_visible(timeout=UI_TIMEOUT_MS)
    page.screenshot(path=str(artifacts_dir / "replicas-after-a-stopped.png"))

    # Log out in one tab: the session ends everywhere (the other tab asks for a login on its next run).
    other_tab = page.context.new_page()
    other_tab.goto(f"{balancer}/marketplace")
    expect(logged_in(other_tab)).to_be_visible(timeout=UI_TIMEOUT_MS)
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_text("You are logged out")).to_be_visible(timeout=UI_TIMEOUT_MS)
    other_tab.reload()
    expect(other_tab.get_by_role("link", name="Log in")).to_be_visible(timeout=UI_TIMEOUT_MS)
    # The cookie stays: it names the person (their credits, their Map), no longer logged in (issue 42).
    assert "deedscope_session" in {c["name"] for c in page.context.cookies()}
    other_tab.close()
