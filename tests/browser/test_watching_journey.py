"""Watching, in a browser (issue 47): a buyer logged in to the marketplace watches the Map's view, an
investor and a property by their Watch buttons; the sandbox publishes news; in another browser,
logged in as the same account, the Watching page shows each watch's changes, the sidebar counts
them, opening one charges what it said and marks it seen; the list is exported, and a corrupt file's
import is refused in words.

One app for the module (its settings are the suite's); the news are the sandbox's, reset first.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.journeys import Journey
from tests.browser.watching_steps import (
    UI_TIMEOUT_MS, log_in, news_targets, open_watching, sidebar_count, stop_every_watch, wait_until_idle, watch_three,
)


def test_watches_follow_the_account_and_show_the_news(browser, app_url, sandbox, artifacts_dir, tmp_path):
    targets = news_targets(sandbox.url)
    first = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = first.new_page()
        journey = Journey(page, artifacts_dir, "watching-first")
        log_in(page, app_url, sandbox.url)
        stop_every_watch(page)
        watch_three(page, app_url, targets)
        open_watching(page)
        journey.check("three watched", ready=page.get_by_text("0 of 3"), expect_maps=0)
        expect(sidebar_count(page)).to_have_text("Watching 3: nothing new")
    finally:
        first.close()

    published = sandbox.publish("TX", new_deals=6)["data"]
    in_dfw = sum(1 for deal in published["new_deals"] if deal["market"] == "DFW")

    other = browser.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    try:
        page = other.new_page()
        journey = Journey(page, artifacts_dir, "watching-other-browser")
        log_in(page, app_url, sandbox.url)
        # The Watching page asks the dataset probe: the publish is seen there at once (elsewhere at
        # the app's next poll, within ten minutes), and the sidebar counts with it.
        open_watching(page)
        journey.check("the news", ready=page.get_by_text("3 of 3"), expect_maps=0)
        expect(sidebar_count(page)).to_have_text("Watching: 3 changed")
        for said in (f"{in_dfw} new deals in Nov 2026", "1 new purchase", "1 new deed in Nov 2026"):
            expect(page.get_by_text(said)).to_be_visible()

        open_the_purchase(page, published["new_deals"][0]["deal_id"])
        journey.check("the purchase opened", ready=page.get_by_text("Purchases since the data through"), expect_maps=0)
        expect(sidebar_count(page)).to_have_text("Watching: 2 changed")

        export_and_refuse_a_corrupt_import(page, tmp_path)
        journey.check("a corrupt file refused", ready=page.get_by_text("does not read as a watch list"), expect_maps=0)

        page.get_by_role("button", name="Show them on the Map").click()
        page.wait_for_url(re.compile(r"from=2026-11-01"), timeout=UI_TIMEOUT_MS)
        journey.check("the view's new deals on the Map", ready=page.get_by_role("heading", name="Where investors buy"))
        expect(sidebar_count(page)).to_have_text("Watching: 1 changed")
    finally:
        other.close()


def open_the_purchase(page: Page, deal_id: str) -> None:
    """The investor's change: its cost said first, then the purchase, for the credit it said."""
    row = page.locator('[class*="st-key-watch_"][class*="_row"]').filter(has_text="1 new purchase")
    row.get_by_role("button", name="Open", exact=True).click()
    expect(page.get_by_text("may cost up to 1 credit")).to_be_visible(timeout=UI_TIMEOUT_MS)
    wait_until_idle(page)
    page.get_by_role("button", name="Open (1 credit)").click()
    expect(page.get_by_text("Purchases since the data through")).to_be_visible(timeout=UI_TIMEOUT_MS)
    wait_until_idle(page)
    spent = page.get_by_test_id("stSidebar").get_by_test_id("stMetric").filter(has_text="Credits this session")
    expect(spent.get_by_test_id("stMetricValue")).to_have_text("1")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download CSV").first.click()
    assert deal_id in Path(download.value.path()).read_text(encoding="utf-8"), "the purchase is listed"


def export_and_refuse_a_corrupt_import(page: Page, tmp_path) -> None:
    with page.expect_download() as download:
        page.get_by_role("button", name="Export the list (JSON)").click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["format"] == "deedscope-watches" and len(exported["watches"]) == 3
    assert "deedscope_session" not in json.dumps(exported) and "token" not in json.dumps(exported).lower()
    corrupt = tmp_path / "watches.json"
    corrupt.write_bytes(b"\x89PNG not a watch list")
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(corrupt))
    page.get_by_role("button", name="Add these watches").click()
    expect(page.get_by_text("does not read as a watch list")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page.get_by_text("changed since you last looked")).to_be_visible()
