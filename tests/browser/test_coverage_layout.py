"""Coverage at 1440×900 (issue 16, Coverage): the matrix shows its every column without
sideways scrolling, and the builds' "Published" time is read whole, not cut with an ellipsis."""

from __future__ import annotations

import time

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS
from tests.processes import run_streamlit, sandbox_env


def test_the_matrix_and_the_published_time_are_not_cut(sandbox, browser, artifacts_dir):
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    try:
        with run_streamlit(sandbox_env(sandbox.url)) as url:
            page.goto(f"{url}/coverage", timeout=LOAD_TIMEOUT_MS)
            page.get_by_text("Datasets by market").first.wait_for(timeout=LOAD_TIMEOUT_MS)
            matrix = page.locator('[data-testid="stDataFrame"]').first
            matrix.wait_for(timeout=LOAD_TIMEOUT_MS)
            published = page.locator('[data-testid="stMetric"]').filter(has_text="Published").first
            published.wait_for(timeout=LOAD_TIMEOUT_MS)
            time.sleep(1)
            scroller = matrix.locator(".dvn-scroller").first
            widths = scroller.evaluate("element => [element.scrollWidth, element.clientWidth]")
            problems = []
            if widths[0] > widths[1] + 1:
                problems.append(f"the matrix is {widths[0]} px wide in {widths[1]} px: its last columns are cut")
            value = published.locator('[data-testid="stMetricValue"]').first
            text_widths = value.evaluate(
                "element => { const inner = element.querySelector('div') || element;"
                " return [inner.scrollWidth, inner.clientWidth, inner.textContent]; }"
            )
            if text_widths[0] > text_widths[1] + 1:
                problems.append(f"'{text_widths[2]}' is cut: {text_widths[0]} px in {text_widths[1]} px")
            page.screenshot(path=str(artifacts_dir / "coverage-layout.png"), full_page=True)
            assert not problems, problems
    finally:
        context.close()
