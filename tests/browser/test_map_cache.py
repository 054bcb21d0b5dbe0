"""A later visit draws the map from the browser's cache (issue 18, first paint): the map's
script (1 MB) and its rows are published under names made of their content, and served as
files that never change, so the browser neither fetches them again nor asks whether they
changed. Streamlit's static serving alone sends no Cache-Control and an ETag that changes
each time a rerun publishes the file again: every visit fetched the whole script.

Since the server's first paint (issue 45) a visit's first rows come inside the page's first
answer rather than as a published file; the rows files a visit does fetch (after a rerun) are
held to the same rule."""

from __future__ import annotations

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, wait_for_paint
from tests.processes import run_streamlit, sandbox_env

PUBLISHED = "/app/static/"
# What the page saw of each published file: its name and the bytes that came over the
# network for it (0: from the browser's cache, without asking the server).
PUBLISHED_FETCHES = (
    "performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/app/static/'))"
    ".map((entry) => [entry.name.split('/app/static/')[1], entry.transferSize])"
)


def visit(context, url: str) -> dict[str, int]:
    page = context.new_page()
    try:
        page.goto(url, timeout=LOAD_TIMEOUT_MS)
        canvas = page.locator('[data-deedscope="map"] canvas').first
        canvas.wait_for(timeout=LOAD_TIMEOUT_MS)
        wait_for_paint(page, canvas)
        return dict(page.evaluate(PUBLISHED_FETCHES))
    finally:
        page.close()


def test_a_later_visit_takes_the_map_script_and_rows_from_the_browser_cache(app_url, sandbox, browser):
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    try:
        url = app_url
        first = visit(context, url)
        scripts = [name for name in first if name.endswith(".js")]
        rows = [name for name in first if name.endswith(".json")]
        assert scripts, f"the map's script is a published file: {first}"
        assert all(first[name] > 0 for name in scripts), f"the first visit fetches the script: {first}"

        later = visit(context, url)
        for name in scripts + [name for name in rows if name in later]:
            assert later.get(name) == 0, f"{name} came over the network again ({later.get(name)} bytes): {later}"
        assert set(scripts) <= set(later), f"the later visit loads the same script: {later}"
    finally:
        context.close()
