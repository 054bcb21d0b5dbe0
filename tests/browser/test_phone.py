"""The app on a phone, 390 px wide (issue 44, 9), walked as a person with a phone does: a tap on a
page's name closes the sidebar over the page, a tap on a table's row opens that row's page (its
link column is off screen), and a tap on the map brings the picked cell's panel into view."""

from __future__ import annotations

import re
import time

from tests.browser.journeys import open_another_page
from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, click_a_cell, wait_for_paint

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def sidebar_open(page) -> bool:
    sidebar = page.get_by_test_id("stSidebar")
    box = sidebar.bounding_box()
    return sidebar.get_attribute("data-collapsed") == "false" and box is not None and box["x"] + box["width"] > 40


def open_sidebar(page) -> None:
    page.get_by_test_id("stExpandSidebarButton").click()
    page.wait_for_function("document.querySelector('[data-testid=\"stSidebar\"]').getAttribute('data-collapsed') === 'false'")
    time.sleep(0.5)  # its slide


def tap_first_row(page, table) -> None:
    """A tap on the first row's marker, the table's first column (the grid is a canvas: 35 px rows
    under a 35 px header)."""
    table.scroll_into_view_if_needed()
    box = table.bounding_box()
    page.touchscreen.tap(box["x"] + 20, box["y"] + 35 + 17)


def test_a_phone_navigates_closes_the_sidebar_opens_rows_and_sees_the_picked_cell(browser, app_url, sandbox,
                                                                                  artifacts_dir):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/lenders", timeout=LOAD_TIMEOUT_MS)
        page.get_by_role("heading", name="Lenders ranked by loans, per market").wait_for(timeout=LOAD_TIMEOUT_MS)

        # 1. A tap on a page's name in the sidebar: the page opens and the sidebar gets out of its way.
        open_sidebar(page)
        assert sidebar_open(page)
        page.get_by_test_id("stSidebarNav").get_by_text("Investors", exact=True).click()
        page.wait_for_url(re.compile(r"/investors"), timeout=LOAD_TIMEOUT_MS)
        page.get_by_role("heading", name="Investors").first.wait_for(timeout=LOAD_TIMEOUT_MS)
        deadline = time.monotonic() + 10
        while sidebar_open(page) and time.monotonic() < deadline:
            time.sleep(0.2)
        page.screenshot(path=str(artifacts_dir / "phone-1-after-navigation.png"))
        assert not sidebar_open(page), "the sidebar stayed open over the page after a navigation tap"

        # 2. A tap on a ranked lender's row opens that lender's page: its Open column is off screen.
        open_another_page(page, f"{app_url}/lenders", timeout_ms=LOAD_TIMEOUT_MS)
        table = page.get_by_test_id("stDataFrame").first
        table.wait_for(timeout=LOAD_TIMEOUT_MS)
        time.sleep(1)
        tap_first_row(page, table)
        page.get_by_role("tab", name="Loans").wait_for(timeout=LOAD_TIMEOUT_MS)  # the lender's own page
        page.screenshot(path=str(artifacts_dir / "phone-2-row-opened.png"))

        # 3. A tap on the map: the cell's panel, below the map on a phone, is brought into view.
        open_another_page(page, f"{app_url}/", timeout_ms=LOAD_TIMEOUT_MS)
        page.get_by_role("heading", name="Where investors buy").wait_for(timeout=LOAD_TIMEOUT_MS)
        canvas = page.locator("canvas").first
        canvas.wait_for(timeout=LOAD_TIMEOUT_MS)
        wait_for_paint(page, canvas)
        click_a_cell(page, canvas)
        heading = page.get_by_role("heading", name=re.compile(r"^(Near |This cell)")).first
        deadline, seen = time.monotonic() + 15, False
        while not seen and time.monotonic() < deadline:
            box = heading.bounding_box()
            seen = box is not None and 0 <= box["y"] < 844 - 20
            time.sleep(0.3)
        page.screenshot(path=str(artifacts_dir / "phone-3-cell-panel.png"))
        assert seen, f"the picked cell's panel stayed out of view: {heading.bounding_box()}"
    finally:
        context.close()
