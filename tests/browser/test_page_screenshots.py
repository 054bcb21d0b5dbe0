"""Issue 26, Pictures: every page as a person first sees it, on a laptop (1400 × 900) and on a
390 px phone, kept in test-artifacts/ (`page-<size>-<page>.png`) for a look on a big screen.

The first page opens from its link (on a phone the sidebar is folded away), each next one as a link
in the app opens it (the same session: a fresh load of each cost Chromium seconds of CPU and showed
nothing more); each settles, and must show no error element; on the phone nothing may make the page wider than the screen (the columns stack,
a wide table scrolls inside its own frame), which a sideways scroll on a projector or phone
would hide.
"""

from __future__ import annotations

import time

import pytest

from tests.browser.journeys import ERROR_ELEMENTS, open_another_page

SIZES = {
    "laptop": {"viewport": {"width": 1400, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
# Every page of the app by its link (app.py, PAGES): "" is the Map.
PAGES = ("", "investors", "properties", "agents", "lenders", "wholesale", "network", "coverage", "watching", "marketplace",
         "seller")
SETTLE_TIMEOUT_S = 60.0


def settle(page) -> None:
    """The page's heading drawn and Streamlit's run over (its status widget gone)."""
    page.locator("h1").first.wait_for(timeout=SETTLE_TIMEOUT_S * 1000)
    deadline = time.monotonic() + SETTLE_TIMEOUT_S
    while time.monotonic() < deadline:
        if not page.get_by_test_id("stStatusWidget").count():
            return
        time.sleep(0.25)
    raise AssertionError("the page was still running after a minute")


@pytest.mark.parametrize("size", list(SIZES))
def test_every_page_opens_without_an_error_and_fits_the_screen(app_url, browser, artifacts_dir, size):
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.set_default_timeout(60_000)
    problems: dict[str, str] = {}
    try:
        for index, path in enumerate(PAGES):
            if index == 0:
                page.goto(f"{app_url}/{path}")
            else:
                open_another_page(page, f"{app_url}/{path}", timeout_ms=int(SETTLE_TIMEOUT_S * 1000))
            settle(page)
            time.sleep(1.0)  # the maps' first frame, for the picture
            name = path or "map"
            page.screenshot(path=str(artifacts_dir / f"page-{size}-{name}.png"), full_page=True)
            errors = page.locator(ERROR_ELEMENTS)
            if errors.count():
                problems[name] = f"an error: {errors.first.inner_text()[:200]!r}"
            width = page.evaluate("document.documentElement.scrollWidth")
            if size == "phone" and width > SIZES["phone"]["viewport"]["width"] + 1:
                problems[name] = f"the page is {width} px wide on a 390 px screen"
    finally:
        context.close()
    assert problems == {}
