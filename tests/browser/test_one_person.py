"""One person, one session (issue 42) on Debian's chromium, each journey in one browser context:
nothing a person did is lost to a page change, a login, a table's link or a button's first press,
and another person's browser sees none of it.

One app for the module, on the session's sandbox (reset before each test); each journey is a
person of their own (a new browser context: a cookie of its own, adapter/person.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from pypdf import PdfReader

from tests.browser.test_map_journey import click_a_cell, wait_for_paint
from tests.browser.test_marketplace_journey import choose, wait_until_idle
from tests.browser.test_replicas_journey import log_in_through_issuer, logged_in
from tests.pages.apptest import api_get

UI_TIMEOUT_MS = 90_000
SIDEBAR = '[data-testid="stSidebar"]'


def a_person(browser, height: int = 900) -> BrowserContext:
    """A browser of its own: its own session cookie, so its own person (the caller closes it)."""
    context = browser.new_context(viewport={"width": 1400, "height": height}, accept_downloads=True)
    context.set_default_timeout(UI_TIMEOUT_MS)
    expect.set_options(timeout=UI_TIMEOUT_MS)
    return context


@pytest.fixture
def person(browser, sandbox) -> Iterator[BrowserContext]:
    context = a_person(browser)
    yield context
    context.close()


def open_the_profile(page: Page) -> None:
    """The investor's profile a link opened, its credit agreed to when the page asks."""
    confirm = page.get_by_role("button", name=re.compile(r"^Open profile"))
    profile = page.get_by_role("tab", name="Activity")
    confirm.or_(profile).first.wait_for()
    if confirm.count():
        confirm.click()
    profile.wait_for()


def open_the_map(page: Page, url: str) -> None:
    page.goto(url)
    page.get_by_role("heading", name="Where investors buy").wait_for()
    assert wait_for_paint(page, page.locator("canvas").first) > 0.05, "the map painted its cells"
    wait_until_idle(page)


def another_market(sandbox, position: int = -1) -> dict:
    return api_get(sandbox, "/v1/coverage")["data"]["markets"][position]


def meter(page: Page) -> int:
    """The sidebar's "Credits this session"."""
    wait_until_idle(page)
    metric = page.locator(SIDEBAR).locator('[data-testid="stMetric"]').filter(has_text="Credits this session")
    return int(metric.locator('[data-testid="stMetricValue"]').inner_text().replace(",", ""))


def budget(page: Page) -> str:
    metric = page.locator(SIDEBAR).locator('[data-testid="stMetric"]').filter(has_text="Session budget")
    return metric.locator('[data-testid="stMetricValue"]').inner_text()


def query(page: Page) -> dict[str, str]:
    return {name: values[0] for name, values in parse_qs(urlsplit(page.url).query).items()}


def a_cell_and_its_top_investors(page: Page, sandbox, position: int = -1) -> dict[str, str]:
    """Another market, a cell of it, its top investors listed (charged): the Map's link then."""
    market = another_market(sandbox, position)
    choose(page, "Market", re.compile(rf"\({market['market']}\)$"))
    page.wait_for_function(f"location.search.includes('market={market['market']}')")
    assert wait_for_paint(page, page.locator("canvas").first) > 0.05
    click_a_cell(page, page.locator("canvas").first)
    page.get_by_role("button", name="Show the top 10 investors").click()
    page.get_by_role("button", name=re.compile(r"^Confirm")).click()
    page.get_by_text("Top investors of the cell's box").wait_for()
    wait_until_idle(page)
    left = query(page)
    assert left["market"] == market["market"] and left.get("cell"), left
    return left


def to_page(page: Page, name: str) -> None:
    """The sidebar's link to a page."""
    page.locator(SIDEBAR).get_by_role("link", name=name, exact=True).click()
    wait_until_idle(page)


def test_the_map_left_for_coverage_comes_back_as_it_was_and_another_person_sees_none_of_it(
    person, browser, app_url, sandbox, artifacts_dir
):
    page = person.new_page()
    open_the_map(page, app_url)
    # A market the module's other tests never read: the app server, shared by the module, keeps
    # the answers the account was served across the sandbox's reset, and serves them again free.
    left = a_cell_and_its_top_investors(page, sandbox, position=-2)
    spent = meter(page)
    assert spent > 0, "the top investors were charged"

    to_page(page, "Coverage")
    page.get_by_role("heading", name="Coverage").first.wait_for()
    to_page(page, "Map")
    assert wait_for_paint(page, page.locator("canvas").first) > 0.05
    page.get_by_text("Top investors of the cell's box").wait_for()
    assert {name: query(page).get(name) for name in ("market", "cell")} == {"market": left["market"], "cell": left["cell"]}
    assert meter(page) == spent, "the list is shown again, not charged again"
    page.screenshot(path=str(artifacts_dir / "one-person-map-as-left.png"))

    stranger = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        theirs = stranger.new_page()
        theirs.set_default_timeout(UI_TIMEOUT_MS)
        open_the_map(theirs, app_url)
        assert query(theirs).get("market") != left["market"] and "cell" not in query(theirs), "their own Map"
        assert meter(theirs) == 0, "their own meter"
    finally:
        stranger.close()


def test_a_login_keeps_the_meter_the_budget_and_the_map(person, app_url, sandbox, artifacts_dir):
    page = person.new_page()
    open_the_map(page, app_url)
    left = a_cell_and_its_top_investors(page, sandbox)
    spent, limit = meter(page), budget(page)

    to_page(page, "Marketplace")
    page.get_by_role("link", name="Log in").click()
    page.wait_for_url(re.compile(r"/auth/"))
    log_in_through_issuer(page)
    page.get_by_role("button", name="Allow").click()
    expect(page.get_by_text("You are logged in to the marketplace")).to_be_visible()
    expect(logged_in(page)).to_be_visible()
    assert (meter(page), budget(page)) == (spent, limit), "a login is no way round the meter or the budget"

    to_page(page, "Map")
    assert wait_for_paint(page, page.locator("canvas").first) > 0.05
    page.wait_for_function("location.search.includes('cell=')")
    assert {name: query(page).get(name) for name in ("market", "cell")} == {"market": left["market"], "cell": left["cell"]}
    assert meter(page) == spent
    page.screenshot(path=str(artifacts_dir / "one-person-map-after-login.png"))


def test_a_tables_open_opens_the_profile_in_this_tab_and_the_meter_goes_on(person, app_url, sandbox):
    page = person.new_page()
    open_the_map(page, app_url)
    a_cell_and_its_top_investors(page, sandbox)
    spent = meter(page)
    table = page.locator('[data-testid="stDataFrameResizable"]').first
    table.scroll_into_view_if_needed()
    box = table.bounding_box()
    # The first row's first cell (its name), then End: the row's Open, its last column.
    page.mouse.click(box["x"] + 30, box["y"] + 35 + 17)
    wait_until_idle(page)
    page.keyboard.press("End")
    page.wait_for_url(re.compile(r"/investors\?(.*&)?investor=inv_"))
    assert len(person.pages) == 1, "in this tab"
    open_the_profile(page)
    assert meter(page) >= spent, "the same session: the meter goes on"


def test_the_first_brief_press_downloads(person, app_url):
    """In presenter mode the controls come taller than the room held for them, the map is refitted
    and reports its new box a moment after: the press made before must still give its brief."""
    page = person.new_page()
    page.goto(f"{app_url}/?present=1")
    make = page.get_by_role("button", name="Make a market brief (PDF)")
    make.click()
    page.wait_for_timeout(3000)  # the refitted map's report comes within this
    confirm = page.get_by_role("button", name=re.compile(r"^Make the brief"))
    download = page.get_by_role("button", name="Download a market brief")
    confirm.or_(download).first.wait_for()
    if confirm.count():
        confirm.click()
    with page.expect_download() as brief:
        download.click()
    assert brief.value.suggested_filename.endswith(".pdf")
    # Issue 44, 7: with no public address set, the brief reopens the view on the address this
    # browser used, not the default "localhost:8501" another computer cannot open.
    said = " ".join(sheet.extract_text() for sheet in PdfReader(brief.value.path()).pages)
    assert f"{app_url}/map" in said and "localhost:8501" not in said, said[-400:]
