"""Coverage at 1440×900 (issue 16, Coverage): the matrix shows its every column without
sideways scrolling, with the sandbox's markets and with more (≥ 10), the builds' "Published"
time is read whole, not cut with an ellipsis, and the market boxes lie over the states' borders."""

from __future__ import annotations

import io
import json
import time

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, page_at
from tests.pages.apptest import api_get
from tests.processes import run_streamlit, sandbox_env

MANY_MARKETS = 12
# Where the page's content sits: the same in the app and in the test's script of many markets.
CONTENT = '[data-testid="stMainBlockContainer"]'


def cut_tables(page) -> list[str]:
    """Every matrix table that scrolls sideways, said with its widths."""
    tables = page.locator('[data-testid="stDataFrame"]')
    problems = []
    for index in range(tables.count()):
        scroller = tables.nth(index).locator(".dvn-scroller").first
        scroll_width, client_width = scroller.evaluate("element => [element.scrollWidth, element.clientWidth]")
        if scroll_width > client_width + 1:
            problems.append(f"table {index + 1} is {scroll_width} px wide in {client_width} px: its last columns are cut")
    return problems


def many_markets(sandbox, count: int) -> list[dict]:
    """The sandbox's markets, repeated under other codes up to `count`."""
    served = api_get(sandbox, "/v1/coverage")["data"]["markets"]
    return [{**market, "market": market["market"] if number < len(served) else f"{market['market'][:2]}{number}"}
            for number, market in ((number, served[number % len(served)]) for number in range(count))]


def grey_pixels(png: bytes) -> int:
    """Pixels of the thin grey borders (r ≈ g ≈ b, mid grey) in a screenshot."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    data = image.tobytes()
    return sum(1 for index in range(0, len(data), 3)
               if 90 <= data[index] <= 215 and max(data[index:index + 3]) - min(data[index:index + 3]) <= 12)


def test_the_matrix_and_the_published_time_are_not_cut(app_url, sandbox, browser, artifacts_dir, tmp_path):
    with page_at(browser, f"{app_url}/coverage") as page:
        page.get_by_text("Datasets by market").first.wait_for(timeout=LOAD_TIMEOUT_MS)
        page.locator('[data-testid="stDataFrame"]').first.wait_for(timeout=LOAD_TIMEOUT_MS)
        published = page.locator('[data-testid="stMetric"]').filter(has_text="Published").first
        published.wait_for(timeout=LOAD_TIMEOUT_MS)
        time.sleep(1)
        problems = cut_tables(page)
        value = published.locator('[data-testid="stMetricValue"]').first
        text_widths = value.evaluate(
            "element => { const inner = element.querySelector('div') || element;"
            " return [inner.scrollWidth, inner.clientWidth, inner.textContent]; }"
        )
        if text_widths[0] > text_widths[1] + 1:
            problems.append(f"'{text_widths[2]}' is cut: {text_widths[0]} px in {text_widths[1]} px")
        app_content_width = page.locator(CONTENT).first.evaluate("element => element.clientWidth")
        page.screenshot(path=str(artifacts_dir / "coverage-layout.png"), full_page=True)
        assert not problems, problems

        markets_file = tmp_path / "markets.json"
        markets_file.write_text(json.dumps(many_markets(sandbox, MANY_MARKETS)))
        env = {**sandbox_env(sandbox.url), "DEEDSCOPE_TEST_MARKETS": str(markets_file)}
        with run_streamlit(env, script="tests/browser/many_markets_script.py") as url:
            page.goto(url, timeout=LOAD_TIMEOUT_MS)
            page.locator('[data-testid="stDataFrame"]').first.wait_for(timeout=LOAD_TIMEOUT_MS)
            time.sleep(1)
            assert page.locator(CONTENT).first.evaluate("element => element.clientWidth") == app_content_width, \
                "the script frames the matrix as the app does"
            headers = page.locator('[data-testid="stDataFrame"] [role="columnheader"]').all_inner_texts()
            page.screenshot(path=str(artifacts_dir / "coverage-many-markets.png"), full_page=True)
            assert not cut_tables(page), cut_tables(page)
            for market in many_markets(sandbox, MANY_MARKETS):
                assert any(market["market"] in header for header in headers), f"{market['market']} is not shown"


def test_the_market_boxes_lie_over_the_states_borders(app_url, sandbox, browser, artifacts_dir):
    with page_at(browser, f"{app_url}/coverage") as page:
        # The small map's canvas (components/small_map.py), not its frame: only what it paints counts.
        chart = page.locator('[data-deedscope="small-map"] canvas').first
        chart.wait_for(timeout=LOAD_TIMEOUT_MS)
        chart.scroll_into_view_if_needed()
        deadline, grey = time.monotonic() + 60, 0
        while grey < 1_500 and time.monotonic() < deadline:
            time.sleep(1)
            grey = grey_pixels(chart.screenshot())
        chart.screenshot(path=str(artifacts_dir / "coverage-market-boxes.png"))
        assert grey >= 1_500, f"only {grey} grey pixels: the states' borders are not painted"
