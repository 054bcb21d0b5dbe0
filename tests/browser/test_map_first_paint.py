"""The map comes first (issue 18, first paint; pages/map_sections/first_paint.py): a new
session's Map page draws its map before the place picker, the filters, the panel and the
sidebar's status, which come once the map has painted; the map neither moves nor is drawn
again when they come, and they come even when the map cannot draw."""

from __future__ import annotations

import pytest

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, wait_for_paint
from tests.processes import run_streamlit, sandbox_env

# When each part first appears, in ms from navigation, and where the map stood before the
# controls came (a MutationObserver from the start; the controls come as the place picker's
# element, which Streamlit fills once its widget's script is loaded).
FIRST_SEEN = """
window.__firstSeen = {};
new MutationObserver(() => {
  const now = performance.now();
  const note = (name, selector) => {
    if (window.__firstSeen[name] === undefined && document.querySelector(selector)) window.__firstSeen[name] = now;
  };
  note('canvas', '[data-deedscope="map"] canvas');
  note('picker', '.st-key-map_place_market');
  note('sidebar', '[data-testid="stSidebar"] [data-testid="stMetric"]');
  const map = document.querySelector('[data-deedscope="map"]');
  if (map && window.__firstMap === undefined) window.__firstMap = map;
  if (map && window.__firstSeen.picker === undefined) window.__topBeforeControls = map.getBoundingClientRect().top;
}).observe(document, {subtree: true, childList: true, attributes: true});
// Every frame's top of the map once it is there: the controls' widgets first come as
// placeholders of another height, and a map moved for a moment is refitted to that moment.
window.__mapTops = [];
const everyFrame = () => {
  const map = document.querySelector('[data-deedscope="map"]');
  if (map) window.__mapTops.push(map.getBoundingClientRect().top);
  requestAnimationFrame(everyFrame);
};
requestAnimationFrame(everyFrame);
"""
MAP = '[data-deedscope="map"]'
CONTROLS_TIMEOUT_MS = 30_000


def map_top(page) -> float:
    return page.evaluate(f"document.querySelector('{MAP}').getBoundingClientRect().top")


@pytest.mark.parametrize("query", ["", "?market=DFW&lat=32.78&lng=-96.8&radius=3"], ids=["default view", "point and radius"])
def test_the_map_paints_before_its_controls_which_then_come_without_moving_it(app_url, sandbox, browser, query):
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    context.add_init_script(FIRST_SEEN)
    page = context.new_page()
    try:
        url = app_url
        page.goto(url + query, timeout=LOAD_TIMEOUT_MS)
        canvas = page.locator(f"{MAP} canvas").first
        canvas.wait_for(timeout=LOAD_TIMEOUT_MS)
        assert wait_for_paint(page, canvas) > 0.05, "the map painted"

        page.locator('[data-testid="stSelectbox"]').first.wait_for(timeout=CONTROLS_TIMEOUT_MS)
        page.locator('[data-testid="stSidebar"] [data-testid="stMetric"]').first.wait_for(timeout=CONTROLS_TIMEOUT_MS)
        page.get_by_text("Click a cell on the map").wait_for(timeout=CONTROLS_TIMEOUT_MS)
        seen = page.evaluate("window.__firstSeen")
        assert seen["canvas"] < seen["picker"] and seen["canvas"] < seen["sidebar"], f"the map came first: {seen}"
        assert page.evaluate(f"window.__firstMap === document.querySelector('{MAP}')"), "the map drawn first stays, not drawn again"
        page.wait_for_timeout(500)  # the widgets' own scripts loaded, their elements at full height
        top_first = page.evaluate("window.__topBeforeControls")
        assert abs(map_top(page) - top_first) <= 2, f"the map moved from {top_first:.0f} to {map_top(page):.0f} px"
        tops = page.evaluate("window.__mapTops")
        assert max(tops) - min(tops) <= 2, f"the map stood between {min(tops):.0f} and {max(tops):.0f} px as the controls came"
    finally:
        context.close()


def test_the_controls_come_when_the_map_cannot_draw(app_url, sandbox, browser):
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    # The map's script never arrives: nothing will paint.
    page.route("**/app/static/map-element/**", lambda route: route.abort())
    try:
        url = app_url
        page.goto(url, timeout=LOAD_TIMEOUT_MS)
        page.locator('[data-testid="stSelectbox"]').first.wait_for(timeout=CONTROLS_TIMEOUT_MS)
        page.get_by_text("Click a cell on the map").wait_for(timeout=CONTROLS_TIMEOUT_MS)
        assert page.locator(f"{MAP} canvas").count() == 0
    finally:
        context.close()
