"""The map's own controls, for a person showing it to a room (issue 18): full screen and back
(the canvas follows), with the buttons on the map's toolbar (frontend/src/toolbar.js)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, wait_for_paint
from tests.processes import run_streamlit, sandbox_env

VIEWPORT = {"width": 1440, "height": 900}
MAP = '[data-deedscope="map"]'


@pytest.fixture(scope="module")
def app_url(sandbox_process) -> Iterator[str]:
    """One app for the module's tests: each only reads the map (the sandbox's free cells)."""
    with run_streamlit(sandbox_env(sandbox_process.url)) as url:
        yield url


@pytest.fixture
def map_page(browser, app_url):
    """The Map page at 1440×900 with its cells painted; the canvas."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        page.goto(app_url, timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function(f"document.querySelector('{MAP}')?.dataset.cells > 0", timeout=LOAD_TIMEOUT_MS)
        canvas = page.locator("canvas").first
        assert wait_for_paint(page, canvas) > 0.05, "the map painted its cells"
        yield page, canvas
    finally:
        context.close()


def canvas_size(page) -> tuple[int, int]:
    return tuple(page.evaluate("(() => { const c = document.querySelector('canvas'); return [c.width, c.height]; })()"))


def wait_for_canvas_size(page, size: tuple[int, int]) -> None:
    page.wait_for_function(
        "([w, h]) => { const c = document.querySelector('canvas'); return c.width === w && c.height === h; }",
        arg=list(size), timeout=LOAD_TIMEOUT_MS,
    )


def test_full_screen_fills_the_screen_and_esc_or_the_button_leave_it(map_page, artifacts_dir):
    page, canvas = map_page
    before = canvas_size(page)
    assert before[0] < VIEWPORT["width"], "the map starts in the page, beside its panel"

    page.get_by_role("button", name="Full screen").click()
    page.wait_for_function(f"document.fullscreenElement === document.querySelector('{MAP}')", timeout=10_000)
    wait_for_canvas_size(page, (VIEWPORT["width"], VIEWPORT["height"]))
    assert wait_for_paint(page, canvas) > 0.05, "the cells are drawn on the whole screen"
    page.screenshot(path=str(artifacts_dir / "map-full-screen.png"))

    page.keyboard.press("Escape")
    page.wait_for_function("document.fullscreenElement === null", timeout=10_000)
    wait_for_canvas_size(page, before)

    page.get_by_role("button", name="Full screen").click()
    page.get_by_role("button", name="Leave full screen").click()
    page.wait_for_function("document.fullscreenElement === null", timeout=10_000)
    wait_for_canvas_size(page, before)
