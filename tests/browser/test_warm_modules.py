"""Issue 29, the tour's steps: Streamlit's table and chart code is ready before a page shows
one (web/warm_modules.py). The Map opens without a table (its market trends, issue 46, draw
a chart at once, so the chart's code is loaded by Streamlit itself there); once it is idle, the
browser has loaded Streamlit's table and chart modules, and a cell's deals, listed, then show in
a table without the browser loading them again."""

from __future__ import annotations

from web.warm_modules import WARM_AFTER_MS, warmed_paths
from tests.browser.test_map_journey import click_a_cell

LOADED = "() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)"


def test_the_map_readies_the_table_and_chart_code_while_idle(app_url, page):
    page.goto(app_url)
    page.get_by_role("heading", name="Where investors buy").wait_for()
    wanted = [path.removeprefix(".") for path in warmed_paths()]
    assert wanted
    page.wait_for_function(
        "(wanted) => wanted.every((path) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === path))",
        arg=wanted, timeout=WARM_AFTER_MS + 30_000,
    )
    assert not page.locator('[data-testid="stDataFrame"]').count(), "the table's code loaded before any table was shown"
    click_a_cell(page, page.locator('[data-deedscope="map"] canvas'))
    page.get_by_role("button", name="List the deals").click()
    page.get_by_role("button", name="Confirm").click()
    page.locator('[data-testid="stDataFrame"]').first.wait_for()
    loaded = page.evaluate(LOADED)
    assert all(loaded.count(path) == 1 for path in wanted), "fetched once: Streamlit took the modules already there"
