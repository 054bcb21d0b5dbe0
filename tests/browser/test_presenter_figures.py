"""Presenter mode sizes figures for a room without cutting them (issue 44, 6): step 4 of the tour
read "1,480 …" and "$319,…". Every page is walked in presenter mode on a projector's 1280×720, as a
presenter clicks through it, and every figure's value is measured: its text must fit its box (the
way tests/browser/test_coverage_layout.py measures the builds' time), the sidebar's too.

The first page is opened at its address; each next one in the same session, as a presenter's click
on a link opens it (Streamlit's own Back and Forward: the address pushed, `popstate`), not loaded
again in the tab: seven page loads fewer, each a new session and Streamlit's scripts run anew."""

from __future__ import annotations

import time

from tests.browser.journeys import MAIN_TITLE, open_another_page
from tests.browser.test_map_journey import LOAD_TIMEOUT_MS
from tests.pages.apptest import api_get, sandbox_fixtures

PROJECTOR = {"width": 1280, "height": 720}
# Each value's text box against the box it is shown in; a cut one says so.
CUT_FIGURES = """() => [...document.querySelectorAll('[data-testid="stMetricValue"]')]
  .map(value => { const inner = value.querySelector('div') || value;
    return [inner.scrollWidth, inner.clientWidth, value.scrollWidth, value.clientWidth, inner.textContent]; })
  .filter(([innerScroll, innerClient, scroll, client]) => innerScroll > innerClient + 1 || scroll > client + 1)
  .map(([innerScroll, innerClient, scroll, client, text]) => `"${text}" is ${Math.max(innerScroll, scroll)} px in ${Math.min(innerClient, client)} px`)"""


def pages_to_walk(sandbox) -> list[tuple[str, str]]:
    """Each page with what a presenter shows on it (a profile, a parcel, a lender, a listing)."""
    fixtures = sandbox_fixtures(sandbox)
    bbox = ",".join(map(str, fixtures["markets"]["DFW"]))
    listing = api_get(sandbox, "/v1/wholesale-listings", bbox=bbox, limit=1)["data"][0]["id"]
    agent = api_get(sandbox, "/v1/agents/search", q="Realty")["data"][0]
    return [
        ("map", "market=DFW"),
        ("properties", f"property={fixtures['parcel_with_everything']}"),
        ("investors", f"investor={fixtures['top_investor_ids'][0]}"),
        ("agents", f"agent={agent['id']}&market={(agent.get('markets') or [agent.get('market')])[0]}"),
        ("lenders", f"lender={fixtures['large_lender_id']}"),
        ("wholesale", f"listing={listing}"),
        ("network", "market=DFW"),
        ("coverage", ""),
    ]


# Pages whose walk shows figures (a parcel's facts, a profile's counts, a lender's loans).
FIGURED = ("properties", "investors", "lenders")


def settle(page) -> None:
    """Until the page's run is over (its status widget gone), and a moment for the layout."""
    time.sleep(1)
    page.wait_for_function("!document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=LOAD_TIMEOUT_MS)
    time.sleep(1)


def open_page(page, url: str, *, first: bool) -> None:
    """The page at `url`, its title drawn: loaded when `first`, else opened in this session."""
    if first:
        page.goto(url, timeout=LOAD_TIMEOUT_MS)
    else:
        open_another_page(page, url, timeout_ms=LOAD_TIMEOUT_MS)
    page.locator(MAIN_TITLE).first.wait_for(timeout=LOAD_TIMEOUT_MS)


def press_first(page, names: tuple[str, ...]) -> None:
    """The charged read a page asks before it shows its figures, agreed to as a presenter does."""
    for name in names:
        button = page.get_by_role("button", name=name)
        if button.count():
            button.first.click()
            time.sleep(2)


def test_presenter_mode_cuts_no_figure_on_any_page(browser, app_url, sandbox, artifacts_dir):
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    problems: list[str] = []
    try:
        for index, (name, query) in enumerate(pages_to_walk(sandbox)):
            open_page(page, f"{app_url}/{name}?{query}&present=1", first=index == 0)
            settle(page)
            press_first(page, ("Open profile", "Open the property"))
            if name in FIGURED:
                page.locator('[data-testid="stMain"] [data-testid="stMetricValue"]').first.wait_for(timeout=LOAD_TIMEOUT_MS)
            settle(page)
            page.screenshot(path=str(artifacts_dir / f"presenter-{name}.png"), full_page=True)
            figures = page.locator('[data-testid="stMain"] [data-testid="stMetricValue"]').count()
            problems += [f"{name}: {problem}" for problem in page.evaluate(CUT_FIGURES)]
            problems += [f"{name}: no figure shown"] if name in FIGURED and not figures else []
    finally:
        context.close()
    assert not problems, "\n".join(problems)
