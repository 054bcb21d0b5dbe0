"""Issue 30, 1: the pages that draw maps, walked in ONE tab by clicking in the sidebar, both ways.

Map → Network → Lenders → Wholesale → Coverage → Properties (one opened) → Map, and the
reverse. Alone each page drew its map; together a tab held two deck.gl builds (the Map's
element and Streamlit's st.pydeck_chart) and the second page said "deck.gl - multiple versions
detected" in its map's place. Each step must show no error and every map painted
(tests/browser/journeys.py).
"""

from __future__ import annotations

import re

import httpx2
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.journeys import Journey
from tests.processes import sandbox_env


def a_zip_with_parcels(url: str) -> str:
    """A ZIP some top investor bought in (through the API, as the data stands)."""
    env = sandbox_env(url)
    headers = {"Authorization": f"Bearer {env['DEEDSCOPE_API_KEY']}", "X-On-Behalf-Of": env["DEEDSCOPE_ON_BEHALF_OF"]}
    investor_id = httpx2.get(f"{url}/_sandbox/fixtures", timeout=60).json()["data"]["top_investor_ids"][0]
    deals = httpx2.get(f"{url}/v1/investors/{investor_id}/deals", params={"limit": 50}, headers=headers, timeout=60)
    deals.raise_for_status()
    return next(deal["property"]["zip"] for deal in deals.json()["data"] if (deal.get("property") or {}).get("zip"))


def the_map(journey: Journey) -> None:
    journey.visit("Map", ready=journey.page.get_by_role("heading", name="Where investors buy"))


def network(journey: Journey) -> None:
    journey.visit("Network", ready=journey.page.get_by_text(re.compile(r"\d+ nodes, \d+ ties")))


def lenders(journey: Journey) -> None:
    journey.visit("Lenders", ready=journey.page.get_by_text(re.compile(r"the market's leading lender, lends")))


def wholesale(journey: Journey) -> None:
    journey.visit("Wholesale", ready=journey.page.get_by_role("heading", name="Wholesale listings"))


def coverage(journey: Journey) -> None:
    journey.visit("Coverage", ready=journey.page.get_by_role("heading", name="Datasets by market"))


def properties(journey: Journey, zip_code: str) -> None:
    """Search a ZIP (its pins' map), then open one parcel (its own small map)."""
    page = journey.page
    journey.visit("Properties", ready=page.get_by_role("heading", name="Properties"), expect_maps=0)
    page.get_by_role("textbox", name="ZIPs").fill(zip_code)
    page.get_by_test_id("stFormSubmitButton").get_by_role("button", name="Search").click()
    page.get_by_text("This search").wait_for()
    page.locator(".st-key-prop_search_confirm button").click()  # the cost, agreed
    journey.check("property search", ready=page.get_by_text("Open a property"))
    open_a_property(page)
    try:
        # Its cost agreed; a parcel the search already paid for is free and opens at once (issue 29's budget).
        page.get_by_role("button", name="Open the property").click(timeout=10_000)
    except PlaywrightTimeout:
        pass
    journey.check("one property", ready=page.get_by_role("tab", name="Chain of title"))


def open_a_property(page) -> None:
    """Choose the first parcel of "Open a property" (a rerun under way may close the list it opened: again)."""
    picker = page.locator(".st-key-prop_pick input")
    for _attempt in range(3):
        picker.click()
        try:
            page.get_by_role("option").first.wait_for(timeout=5_000)
            break
        except PlaywrightTimeout:
            continue
    page.get_by_role("option").first.click()


def test_map_to_network_lenders_wholesale_coverage_properties_and_back_to_the_map(sandbox, app_url, page, artifacts_dir):
    zip_code = a_zip_with_parcels(sandbox.url)
    journey = Journey(page, artifacts_dir, "forward")
    page.goto(app_url)
    journey.check("Map", ready=page.get_by_role("heading", name="Where investors buy"))
    for step in (network, lenders, wholesale, coverage):
        step(journey)
    properties(journey, zip_code)
    the_map(journey)


def test_the_same_pages_in_reverse_order(sandbox, app_url, page, artifacts_dir):
    zip_code = a_zip_with_parcels(sandbox.url)
    journey = Journey(page, artifacts_dir, "reverse")
    page.goto(app_url)
    journey.check("Map", ready=page.get_by_role("heading", name="Where investors buy"))
    properties(journey, zip_code)
    for step in (coverage, wholesale, lenders, network):
        step(journey)
    the_map(journey)


def test_the_maps_leaders_link_then_back_to_the_map(app_url, page, artifacts_dir):
    """The Map's own "Leaders of this view" link into the Network (the issue's first broken path), and back."""
    journey = Journey(page, artifacts_dir, "leaders")
    page.goto(app_url)
    journey.check("Map", ready=page.get_by_role("heading", name="Where investors buy"))
    page.get_by_role("link", name="Leaders of this view").click()
    page.wait_for_url(re.compile(r"/network\?.*view="))
    journey.check("leaders of the view", ready=page.get_by_text(re.compile(r"\d+ nodes, \d+ ties")))
    page.get_by_role("heading", name="Leaders of the map's view").wait_for()
    the_map(journey)
