"""Steps the watching journeys share (tests/browser/test_watching_journey.py, test_watching_replicas.py):
log in to the marketplace as the demo buyer, watch the Map's view, an investor and a property by
their Watch buttons, and read the Watching page and the sidebar's count."""

from __future__ import annotations

import re

import httpx2
from playwright.sync_api import Page, expect

from tests.browser.journeys import open_another_page

UI_TIMEOUT_MS = 90_000
BUYER = "buyer@sandbox.test"
# The sidebar's link to the Watching page (components/sidebar.py): "Watching: 3 changed", "Watching 3: nothing new".
SIDEBAR_COUNT = re.compile(r"^Watching( \d+)?: ")


def news_targets(sandbox_url: str) -> dict:
    """What the sandbox's next publish of news in Texas touches first (its fixtures)."""
    response = httpx2.get(f"{sandbox_url}/_sandbox/fixtures", timeout=60)
    response.raise_for_status()
    return response.json()["data"]["news_targets"]


def wait_until_idle(page: Page) -> None:
    """Streamlit shows its running indicator while a rerun draws; widgets redrawn meanwhile detach."""
    page.wait_for_timeout(300)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidgetRunningIcon\"], [data-testid=\"stStatusWidgetRunningManIcon\"]')"
    )


def log_in(page: Page, app_url: str, issuer_url: str) -> None:
    """The Marketplace page's "Log in", the issuer's own form, and back on the app logged in."""
    page.goto(f"{app_url}/marketplace")
    page.get_by_role("link", name="Log in").click()
    page.wait_for_url(re.compile(re.escape(issuer_url) + r"/auth/"))
    page.fill('input[name="email"]', BUYER)
    page.fill('input[name="password"]', "sandbox")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Allow")).to_be_visible(timeout=UI_TIMEOUT_MS)
    if page.locator('input[name="accept_terms"]').count():
        page.check('input[name="accept_terms"]')
    page.get_by_role("button", name="Allow").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible(timeout=UI_TIMEOUT_MS)


def stop_every_watch(page: Page) -> None:
    """The account's list emptied as a person would, row by row: the app's store of people outlives
    a test run (a SQLite file under .data/, or Redis), and the demo account is every run's."""
    open_watching(page, any_list=True)
    stop = page.get_by_role("button", name="Stop watching")
    # Counted down, not read again after each press: on a loaded machine the rerun may not have
    # begun when the count is read, and a press on the button it then takes away waits forever.
    for left in range(stop.count(), 0, -1):
        stop.first.click()
        expect(stop).to_have_count(left - 1, timeout=UI_TIMEOUT_MS)
        wait_until_idle(page)
    expect(page.get_by_text("You watch nothing yet")).to_be_visible(timeout=UI_TIMEOUT_MS)


def press_watch(page: Page) -> None:
    """The page's Watch button; it then says Watching."""
    wait_until_idle(page)
    page.get_by_role("button", name="Watch", exact=True).click()
    expect(page.get_by_role("button", name="Watching", exact=True)).to_be_visible(timeout=UI_TIMEOUT_MS)


def watch_three(page: Page, app_url: str, targets: dict) -> None:
    """The Map's view of Dallas-Fort Worth, the busiest investor there and a property of the next news,
    each opened in this session as a link in the app opens it."""
    open_another_page(page, f"{app_url}/?market=DFW", timeout_ms=UI_TIMEOUT_MS)
    press_watch(page)
    open_another_page(page, f"{app_url}/investors?investor={targets['investor_ids'][0]}", timeout_ms=UI_TIMEOUT_MS)
    page.get_by_role("button", name=re.compile(r"^Open profile")).click()
    press_watch(page)
    open_another_page(page, f"{app_url}/properties?property={targets['property_ids'][0]}", timeout_ms=UI_TIMEOUT_MS)
    page.get_by_role("button", name="Open the property").click()
    press_watch(page)


def sidebar_count(page: Page):
    return page.get_by_test_id("stSidebar").get_by_text(SIDEBAR_COUNT)


def open_watching(page: Page, *, any_list: bool = False) -> None:
    """The Watching page by the sidebar, with its list (or, with `any_list`, none)."""
    page.get_by_test_id("stSidebarNav").get_by_text("Watching", exact=True).click()
    expect(page.get_by_role("heading", name="Watching")).to_be_visible(timeout=UI_TIMEOUT_MS)
    said = "changed since you last looked|You watch nothing yet" if any_list else "changed since you last looked"
    expect(page.get_by_text(re.compile(said)).first).to_be_visible(timeout=UI_TIMEOUT_MS)
    wait_until_idle(page)
