"""A later visit's map before Streamlit mounts it (issue 29, later visits; frontend/src/early.js,
web/early_map.py): a browser that has shown the map at a link draws what it drew there at
once, in the map's place, and the page's element takes that very map (its canvas, its
deck.gl) and draws the page's own cells in it. Nothing secret is kept in the browser."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator

from tests.browser.journeys import TWO_DECKS
from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, click_a_cell, wait_for_paint
from tests.processes import sandbox_env

MAP = '[data-deedscope="map"]'
EARLY = '[data-deedscope="map-early"]'
EARLY_BOX = '[data-deedscope="early-box"]'
VIEWPORT = {"width": 1400, "height": 900}

# The first early map's container, kept to compare with the map the page ends with.
WATCH_EARLY = """
new MutationObserver(() => {
  const early = document.querySelector('[data-deedscope="map-early"]');
  if (early && window.__earlyMap === undefined) {
    window.__earlyMap = early;
    window.__earlyAt = performance.now();
    // Set on a new browser's early map, from the server's first paint (frontend/src/first_visit.js).
    window.__earlyVersion = early.dataset.datasetVersion || null;
    window.__elementsThen = document.querySelectorAll('[data-testid="stMain"] [data-testid="stElementContainer"]').length;
  }
}).observe(document, {subtree: true, childList: true});
"""
# What the browser remembers of the app's first link (frontend/src/early.js, STORAGE_PREFIX).
REMEMBERED = "deedscope.map:/"
MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))"


def open_the_map(page, url: str) -> None:
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    canvas = page.locator(f"{MAP} canvas")
    canvas.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert wait_for_paint(page, canvas) > 0.05, "the map painted"
    page.wait_for_function(f"document.querySelector('{MAP}').dataset.cells > 0", timeout=LOAD_TIMEOUT_MS)


def cells_drawn(page) -> int:
    return int(page.evaluate(f"document.querySelector('{MAP}').dataset.cells"))


def stored(page) -> dict[str, str]:
    return page.evaluate("Object.fromEntries(Object.entries(localStorage))")


@contextlib.contextmanager
def a_browser_that_saw_the_map(browser, url: str, init_script: str = "") -> Iterator[tuple]:
    """(its context, the page that first saw the map, the app's URL): the app at `url`, its Map
    opened once in a new browser context, which now remembers it."""
    context = browser.new_context(viewport=VIEWPORT)
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    try:
        open_the_map(page, url)
        page.wait_for_function(f"localStorage.getItem('{REMEMBERED}') !== null", timeout=LOAD_TIMEOUT_MS)
        yield context, page, url
    finally:
        context.close()


def test_a_later_visit_draws_the_map_first_and_the_page_takes_that_map(app_url, browser):
    key = sandbox_env("")["DEEDSCOPE_API_KEY"]  # the app's key, which nothing stored may hold
    problems: list[str] = []
    with a_browser_that_saw_the_map(browser, app_url, WATCH_EARLY) as (context, page, url):
        first_cells = cells_drawn(page)
        # A first visit's early map is the server's first paint of the link (issue 45), not a remembered one.
        assert page.evaluate("window.__earlyVersion") is not None, "a first visit remembers nothing"
        for name, value in stored(page).items():
            assert key not in value and "token" not in value.lower(), f"{name} holds nothing secret"

        later = context.new_page()
        later.on("pageerror", lambda error: problems.append(str(error)))
        later.on("console", lambda message: problems.append(message.text) if TWO_DECKS in message.text else None)
        open_the_map(later, url)
        marks = later.evaluate(MARKS)
        assert "deedscope:early" in marks, f"the remembered map was drawn early: {sorted(marks)}"
        assert marks["deedscope:early"] < marks["deedscope:loader"], "before Streamlit mounted the map's element"
        assert later.evaluate("window.__elementsThen") <= 1, "before the page's elements were drawn"
        assert later.evaluate("window.__earlyVersion") is None, "the map remembered, not the server's first paint"
        assert later.evaluate(f"window.__earlyMap === document.querySelector('{MAP}')"), (
            "the page's element took the early map, not a second one"
        )
        assert later.locator(EARLY).count() == 0 and later.locator(EARLY_BOX).count() == 0, "the early map's box is gone"
        assert later.locator("canvas").count() == 1, "one canvas, one deck.gl"
        assert cells_drawn(later) == first_cells
        click_a_cell(later, later.locator(f"{MAP} canvas"))  # the map taken answers a click
        assert problems == []


def test_remembered_cells_that_changed_are_replaced_by_the_pages(app_url, browser):
    with a_browser_that_saw_the_map(browser, app_url) as (context, page, url):
        cells = cells_drawn(page)
        # What the browser remembers is older than the page: a single cell of it.
        entry = json.loads(stored(page)[REMEMBERED])
        rows = page.evaluate("(url) => fetch(url).then((answer) => answer.json())", entry["data"]["cells"][0]["rows"])
        entry["data"]["cells"] = [{**entry["data"]["cells"][0], "rows": rows[:1]}]
        page.evaluate("([name, entry]) => localStorage.setItem(name, entry)", [REMEMBERED, json.dumps(entry)])

        later = context.new_page()
        later.goto(url, timeout=LOAD_TIMEOUT_MS)
        later.wait_for_function(f"document.querySelector('{EARLY}')?.dataset.cells === '1'", timeout=LOAD_TIMEOUT_MS)
        later.wait_for_function(f"document.querySelector('{MAP}')?.dataset.cells === '{cells}'", timeout=LOAD_TIMEOUT_MS)
        assert later.locator(EARLY).count() == 0


def test_no_remembered_map_in_another_window_size_or_at_another_page(app_url, browser):
    with a_browser_that_saw_the_map(browser, app_url, WATCH_EARLY) as (context, _page, url):
        narrower = context.new_page()
        narrower.set_viewport_size({"width": 1100, "height": 900})
        open_the_map(narrower, url)
        # The remembered map would stand elsewhere in this window: the server's first paint of the
        # link is drawn instead (issue 45), where this window's map stands.
        assert narrower.evaluate("window.__earlyVersion") is not None, "not the map remembered in another size"
        assert narrower.evaluate(f"window.__earlyMap === document.querySelector('{MAP}')")

        other = context.new_page()
        other.goto(url + "/investors", timeout=LOAD_TIMEOUT_MS)
        other.get_by_role("heading", name="Investors").first.wait_for(timeout=LOAD_TIMEOUT_MS)
        other.wait_for_timeout(1_000)
        assert "deedscope:head" not in other.evaluate(MARKS), "a page the map was not seen at starts nothing"
        assert other.locator(EARLY).count() == 0
