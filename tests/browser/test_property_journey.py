"""A wholesaler's journey in a real browser (issue 19): map cell → a deal → its property → who would buy it → an investor.

The tables draw on a canvas, so the test follows a row's link the way the row's CSV (the
table's own download) states it: the deal's `Property` link, the match's `Profile` link.
"""

from __future__ import annotations

import csv
import io
import re

from tests.browser.journeys import open_another_page
from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, click_a_cell, wait_for_paint


def downloaded_rows(page, button) -> list[dict]:
    with page.expect_download(timeout=LOAD_TIMEOUT_MS) as download:
        button.click()
    with open(download.value.path(), encoding="utf-8") as file:
        return list(csv.DictReader(io.StringIO(file.read())))


def test_map_cell_to_deal_to_property_to_buyers_to_investor(app_url, sandbox, page, artifacts_dir):
    page.set_default_timeout(LOAD_TIMEOUT_MS)
    url = app_url
    # The map: a cell, its deals (stated, then confirmed).
    page.goto(url)
    page.get_by_role("heading", name="Where investors buy").wait_for()
    canvas = page.locator("canvas").first
    canvas.wait_for()
    assert wait_for_paint(page, canvas) > 0.05
    click_a_cell(page, canvas)
    page.get_by_role("button", name="List the deals").click()
    page.get_by_role("button", name="Confirm").click()
    deals = downloaded_rows(page, page.get_by_role("button", name="Download CSV", exact=True).first)
    property_link = next(row["Property"] for row in deals if row.get("Property"))
    # A full URL on the app's address (issue 44, 4: a spreadsheet cannot follow an app path).
    assert property_link.startswith(f"{url}/properties?property=prop_"), property_link
    page.screenshot(path=str(artifacts_dir / "property-journey-1-deals.png"))

    # The deal's property: its cost stated, then its chain of title.
    page.goto(property_link)
    page.get_by_text("1 for the parcel and 1 for each of its").wait_for()
    page.get_by_role("button", name="Open the property").click()
    page.get_by_role("tab", name="Chain of title").wait_for()
    page.get_by_text("bought by").first.wait_for()
    page.screenshot(path=str(artifacts_dir / "property-journey-2-property.png"), full_page=True)

    # Who would buy it: stated, confirmed, ranked, exportable.
    page.get_by_role("button", name="Find who would buy it").click()
    page.get_by_text("The buyers match (25 investors at most)").wait_for()
    page.get_by_role("button", name="Find them").click()
    matches = downloaded_rows(page, page.get_by_role("button", name="Download the buyers list (CSV)"))
    # The CSV is the table as shown (issue 26): its labels, kinds as words.
    assert matches and matches[0]["Rank"] == "1" and "IBUYER" not in {row["Kind"] for row in matches}
    investor_id = matches[0]["Investor id"]
    page.screenshot(path=str(artifacts_dir / "property-journey-3-buyers.png"), full_page=True)

    # The first investor's profile, as its row's Profile link opens it (in this session).
    open_another_page(page, f"{url}/investors?investor={investor_id}")
    confirm = page.get_by_role("button", name=re.compile(r"Open profile"))
    heading = page.get_by_role("heading", name=matches[0]["Investor"], exact=True)
    confirm.or_(heading).first.wait_for()
    if confirm.count():
        confirm.click()
    heading.wait_for()
    assert f"investor={investor_id}" in page.url
    page.screenshot(path=str(artifacts_dir / "property-journey-4-investor.png"), full_page=True)
