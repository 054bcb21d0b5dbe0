"""Issue 20's journey in a real browser through app.py: an investor → its lender → the lender's loans
as CSV → a borrower → the network around it."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import httpx2

from tests.processes import api_get

STEP_TIMEOUT_MS = 60_000


def journey_subjects(url: str) -> tuple[dict, dict, dict]:
    """A named investor, its main lender, and another named borrower of that lender (found through the API)."""
    fixtures = httpx2.get(f"{url}/_sandbox/fixtures", timeout=60).json()["data"]
    for investor_id in fixtures["top_investor_ids"]:
        investor = api_get(url, f"/v1/investors/{investor_id}")["data"]
        lenders = (investor.get("financing") or {}).get("lenders_used") or []
        if not investor.get("display_name") or not lenders:
            continue
        lender = api_get(url, f"/v1/lenders/{lenders[0]['id']}")["data"]
        borrowers = api_get(url, f"/v1/lenders/{lender['id']}/borrowers", limit=10)["data"]
        other = next(({**b, "row": row} for row, b in enumerate(borrowers)
                      if b.get("display_name") and b["investor_id"] != investor_id), None)
        if other and lender["n_loans"] <= 50_000:
            return investor, lender, other
    raise AssertionError("no top investor has a lender with another named borrower")


def open_investor(page, app_url: str, investor: dict) -> None:
    page.get_by_role("button", name=re.compile(r"Open profile \(1 credit\)")).click()
    page.get_by_role("heading", name=investor["display_name"]).wait_for()


def test_investor_to_lender_to_loans_csv_to_borrower_to_network(sandbox, app_url, page, artifacts_dir):
    investor, lender, borrower = journey_subjects(sandbox.url)
    page.set_default_timeout(STEP_TIMEOUT_MS)

    # The investor's profile, agreeing to the credit it may cost.
    page.goto(f"{app_url}/investors?investor={investor['id']}")
    open_investor(page, app_url, investor)

    # Its lenders are on the Financing tab; open the main one.
    page.get_by_role("tab", name="Financing").click()
    page.get_by_role("link", name=f"Lender {lender['name']}").click()
    page.wait_for_url(re.compile(rf"/lenders\?.*lender={lender['id']}"))
    page.get_by_role("heading", name=lender["name"]).first.wait_for()
    page.screenshot(path=str(artifacts_dir / "network-1-lender.png"), full_page=True)

    # Its loans as CSV: the cap is said before the download, then the file holds every loan.
    page.get_by_role("tab", name="CSV export").click()
    page.get_by_text("A CSV export holds at most 50,000 loans").wait_for()
    page.get_by_role("button", name="Prepare the CSV").click()
    page.get_by_text("loans ready").wait_for()
    with page.expect_download() as download:
        page.get_by_role("button", name="Download loans CSV").click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    assert len(rows) == lender["n_loans"]
    assert rows and rows[0]["loan_id"] and "borrower_id" in rows[0]

    # A borrower of that lender: its investor page.
    # Its row opens the borrower's page in this tab (issue 44, 9: a tap on the row's marker, its first column).
    page.get_by_role("tab", name="Borrowers").click()
    table = page.get_by_role("tabpanel", name="Borrowers").get_by_test_id("stDataFrame").first
    table.wait_for()
    page.wait_for_timeout(500)  # the grid draws its rows a frame after its box
    box = table.bounding_box()
    page.mouse.click(box["x"] + 20, box["y"] + 35 + 35 * borrower["row"] + 17)
    page.wait_for_url(re.compile(rf"/investors\?.*investor={borrower['investor_id']}"))
    open_investor(page, app_url, borrower)
    page.screenshot(path=str(artifacts_dir / "network-2-borrower.png"), full_page=True)

    # The network around it: the profile is already read, so the graph draws without a question.
    page.get_by_role("link", name="Its network: lenders, agents, wholesalers").click()
    page.wait_for_url(re.compile(rf"/network\?.*investor={borrower['investor_id']}"))
    page.get_by_role("heading", name=f"Around {borrower['display_name']}").wait_for()
    page.get_by_text(re.compile(r"\d+ nodes, \d+ ties")).wait_for()
    page.locator("canvas").first.wait_for()
    page.get_by_text("The same ties as a table").wait_for()
    assert not page.get_by_role("button", name=re.compile(r"Read the profile")).count()
    page.wait_for_timeout(1500)  # the names are drawn a frame after the circles (a software renderer is slow)
    page.screenshot(path=str(artifacts_dir / "network-3-graph.png"), full_page=True)

    # A click on a node opens its page: the investor sits at the centre of its radial graph.
    chart = page.locator('[data-deedscope="small-map"] canvas').first
    box = chart.bounding_box()
    # Hovering it names it beside the pointer (frontend/src/tooltip.js), inside the graph's box.
    chart.hover(position={"x": box["width"] / 2, "y": box["height"] / 2})
    tip = page.locator('[data-deedscope="small-map"]').first.get_by_role("tooltip")
    tip.wait_for(state="visible")
    assert borrower["display_name"] in tip.inner_text() and "click to open" in tip.inner_text()
    tip_box = tip.bounding_box()
    assert box["x"] <= tip_box["x"] and tip_box["x"] + tip_box["width"] <= box["x"] + box["width"] + 1
    chart.click(position={"x": box["width"] / 2, "y": box["height"] / 2})
    page.wait_for_url(re.compile(rf"/investors\?.*investor={borrower['investor_id']}"))
    page.get_by_role("heading", name=borrower["display_name"]).wait_for()
