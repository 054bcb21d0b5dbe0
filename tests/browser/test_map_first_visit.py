"""A shared link in a browser that has never seen the app (issue 45; web/first_paint.py,
adapter/link_view.py, frontend/src/first_visit.js): the map of the link is painted before
Streamlit mounts the page's map, in the map's own place, and the page then takes that very
map and draws in it the same cells, the same message, it would have drawn. A republish
changes what the next new browser is painted; a link the page has something to say about
paints nothing early and the page says it; an answer or a script that comes late leaves the
page as it was. Through the two replicas: tests/browser/test_replicas_journey.py."""

from __future__ import annotations

import json

import pytest

from bench._link_paint import finer_link
from services.data_api import DataApi
from services.settings import load_settings
from tests.browser.journeys import TWO_DECKS
from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, wait_for_paint
from tests.processes import sandbox_env

MAP = '[data-deedscope="map"]'
EARLY = '[data-deedscope="map-early"]'
VIEWPORT = {"width": 1400, "height": 900}
FIRST_PAINT = "/map/first-paint"
SECRETS = ("zpka_", "token", "deedscope_session", "verifier")

# The early map as it shows its cells (before the page's element takes it): the element, its
# cells, the dataset version it was read at, its box, and when.
WATCH_EARLY = """
window.__early = null;
new MutationObserver(() => {
  const early = document.querySelector('[data-deedscope="map-early"]');
  if (early && early.dataset.cells && window.__early === null) {
    const box = early.getBoundingClientRect();
    window.__early = {element: early, cells: Number(early.dataset.cells), version: early.dataset.datasetVersion,
                      box: [box.left, box.top, box.width], at: performance.now()};
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-cells', 'data-deedscope']});
"""
EARLY_SEEN = "window.__early && {cells: window.__early.cells, version: window.__early.version, box: window.__early.box}"
MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))"


@pytest.fixture(scope="module")
def filtered_link(sandbox_process) -> str:
    """A link at a finer zoom with filters, as the benchmark opens (bench/_link_paint.py)."""
    with DataApi(load_settings(sandbox_env(sandbox_process.url), secrets_path="/nonexistent")) as api:
        return finer_link(api)


def open_in_a_new_browser(
    browser, url: str, *, late: str | None = None, late_by_ms: int | None = None, cookies: list | None = None
) -> dict:
    """Open `url` in a new browser context, as a prospect opens a shared link, until the page
    has drawn its map whole and remembered it; what the first paint answered, what the early
    map showed, the marks, the map the page drew and what it remembered. `late`: a URL
    pattern whose answers are held until the page's own map has drawn, or for `late_by_ms`.
    `cookies`: what the browser holds already (a balancer's replica)."""
    context = browser.new_context(viewport=VIEWPORT)
    context.add_cookies(cookies or [])
    context.add_init_script(WATCH_EARLY)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: problems.append(message.text) if TWO_DECKS in message.text else None)
    answers: list = []
    page.on("response", lambda response: answers.append(response) if FIRST_PAINT in response.url else None)
    held: list = []
    if late:
        page.route(late, lambda route: held.append(route))
    try:
        # Held, the map's script holds the page's load too (module scripts run before it).
        page.goto(url, timeout=LOAD_TIMEOUT_MS, wait_until="commit" if late_by_ms else "load")
        if late_by_ms:
            page.wait_for_timeout(late_by_ms)
            for route in held:
                route.continue_()
            held.clear()
        page.wait_for_function(f"document.querySelector('{MAP}')?.dataset.cells > 0", timeout=LOAD_TIMEOUT_MS)
        assert wait_for_paint(page, page.locator(f"{MAP} canvas")) > 0.05, "the map painted"
        for route in held:
            route.continue_()
        link = page.evaluate("window.__deedscopeLoadedLink")
        page.wait_for_function(f"localStorage.getItem({json.dumps('deedscope.map:' + link)}) !== null", timeout=LOAD_TIMEOUT_MS)
        page.wait_for_timeout(500)  # an answer let through late has come
        seen = {
            "answer": answers[0].json() if answers and answers[0].status == 200 else None,
            "answer_text": answers[0].text() if answers and answers[0].status == 200 else "",
            "early": page.evaluate(EARLY_SEEN),
            "taken": page.evaluate(f"window.__early !== null && window.__early.element === document.querySelector('{MAP}')"),
            "marks": page.evaluate(MARKS),
            "cells": int(page.evaluate(f"document.querySelector('{MAP}').dataset.cells")),
            "box": page.evaluate(f"(() => {{ const b = document.querySelector('{MAP}').getBoundingClientRect(); return [b.left, b.top, b.width]; }})()"),
            "remembered": json.loads(page.evaluate(f"localStorage.getItem({json.dumps('deedscope.map:' + link)})")),
            "canvases": page.locator("canvas").count(),
            "early_left": page.locator(EARLY).count(),
            "text": page.locator("[data-testid='stMain']").inner_text(),
        }
        seen["problems"] = problems
        return seen
    finally:
        context.close()


def assert_painted_first_and_taken(seen: dict) -> None:
    """The early map came from the server's first paint before the page's element mounted,
    stood where the page's map stands, and is the map the page drew in: one canvas, no error."""
    assert seen["answer"] is not None, "the Map page asked for its first paint"
    marks = seen["marks"]
    assert "deedscope:early" in marks and marks["deedscope:early"] < marks["deedscope:loader"], sorted(marks)
    assert seen["early"] is not None and seen["early"]["version"] == seen["answer"]["version"]
    assert seen["taken"], f"the page's element took the early map, not a second one: {seen['marks']}"
    assert seen["canvases"] == 1 and seen["early_left"] == 0
    assert all(abs(early - final) <= 1 for early, final in zip(seen["early"]["box"], seen["box"])), (seen["early"]["box"], seen["box"])
    assert seen["problems"] == []


@pytest.mark.parametrize("which", ["the-default-view", "a-filtered-link-at-a-finer-zoom"])
def test_a_new_browser_paints_the_link_first_and_the_page_draws_the_same_map(sandbox, browser, app_url, filtered_link, which):
    query = "" if which == "the-default-view" else filtered_link
    seen = open_in_a_new_browser(browser, f"{app_url}/?{query}")
    assert_painted_first_and_taken(seen)
    assert seen["early"]["cells"] == seen["cells"] > 0, "the early paint's cells are the page's"
    # What the page sent its map, as the browser kept it (frontend/src/early.js), is what was painted first.
    assert seen["remembered"]["data"] == seen["answer"]["message"]
    for layer in seen["answer"]["message"]["cells"]:
        if isinstance(layer["rows"], str):
            assert seen["answer"]["rows"][layer["rows"]], "the rows of a published file, in the answer"
    for secret in SECRETS:
        assert secret not in seen["answer_text"], f"{secret!r} in the first paint"


def test_a_republish_changes_the_early_paint(sandbox, browser, app_url):
    before = open_in_a_new_browser(browser, app_url)
    assert_painted_first_and_taken(before)
    sandbox.publish("TX")
    after = open_in_a_new_browser(browser, app_url)
    assert_painted_first_and_taken(after)
    assert int(after["early"]["version"]) > int(before["early"]["version"]), "painted at the new version"
    assert after["early"]["cells"] == after["cells"], "and still the page's cells"


def test_a_link_the_page_speaks_of_paints_nothing_early_and_the_page_says_it(sandbox, browser, app_url):
    seen = open_in_a_new_browser(browser, f"{app_url}/?market=DFW&kind=flip,nope")
    assert seen["answer"] is None and seen["early"] is None and "deedscope:early" not in seen["marks"]
    assert "Unknown deal kinds in the link: nope." in seen["text"]
    assert seen["canvases"] == 1 and seen["problems"] == []


def test_an_answer_or_a_script_that_comes_late_leaves_the_page_as_it_was(sandbox, browser, app_url):
    # The first paint answered only once the page has drawn its own map: nothing is painted over it.
    late_answer = open_in_a_new_browser(browser, app_url, late=f"**{FIRST_PAINT}*")
    assert late_answer["early"] is None and late_answer["canvases"] == 1 and late_answer["problems"] == []
    # The map's script held for seconds (Streamlit's own scripts wait for it: module scripts run in
    # the page's order): the early map, if the answer came meanwhile, is the one the page takes.
    late_script = open_in_a_new_browser(browser, app_url, late="**/map-element/*.js", late_by_ms=3000)
    assert late_script["cells"] > 0 and late_script["canvases"] == 1 and late_script["problems"] == []
    assert late_script["early"] is None or late_script["taken"]
