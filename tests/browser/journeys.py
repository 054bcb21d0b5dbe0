"""One tab, several pages, moved between by clicking as a person does: the pattern for browser
tests of pages that link to each other (issue 30, 1).

Every page passed its tests alone, in a fresh browser, while two of them together broke the
tab (two deck.gl builds: "deck.gl - multiple versions detected"). So a journey watches the
tab as a whole: `Journey(page)` records the console and uncaught errors from the start, and
`journey.visit("Network", ready=...)` clicks the page's name in the sidebar, waits for it,
then checks it is sound: no error element (a Python exception, an error box, a deck.gl
error drawn in a map's place), nothing wrong said in the console, and each map on it
painted (`expect_maps`). `journey.check(step)` does the same for a step taken on the page
(a search, a row opened). Each step leaves a screenshot in test-artifacts/.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.browser.test_map_journey import painted_share

STEP_TIMEOUT_MS = 60_000
PAINT_TIMEOUT_S = 30.0
# Said in the console or on the page when two deck.gl builds meet in one tab.
TWO_DECKS = "multiple versions detected"
# What Streamlit draws for an uncaught exception, an st.error, and an element that failed.
ERROR_ELEMENTS = '[data-testid="stException"], [data-testid="stAlertContentError"], [data-testid="stErrorElement"]'
# Every map on a page: its canvas (deck.gl draws on WebGL): the Map's and the small maps'
# element (frontend/src/map_element.js, small_map.js), and Streamlit's own deck.gl chart,
# which the app no longer draws (tests/test_one_deck.py) but a journey must still see.
MAP_CANVASES = '[data-deedscope="map"] canvas, [data-deedscope="small-map"] canvas, [data-testid="stDeckGlJsonChart"] canvas'
# A page's title, which each page of the app has its own of.
MAIN_TITLE = '[data-testid="stMain"] h1'
# The page at a URL in this session, as a link inside the app opens it (web/app_links.py): the
# address pushed, then the `popstate` Streamlit follows. A test of what a page shows after the first
# opens it so: a fresh load (`page.goto`) costs Chromium about 7 s of CPU and the app a new session,
# and is what a test of a first visit or of a link opened in a new tab needs.
OPEN_IN_THIS_SESSION = "(url) => { history.pushState(null, '', url); dispatchEvent(new PopStateEvent('popstate', {state: null})); }"


def open_another_page(page, url: str, *, timeout_ms: int = STEP_TIMEOUT_MS) -> None:
    """Open `url`, another page than the one shown, in this session; return when its title is drawn."""
    before = page.locator(MAIN_TITLE).first.inner_text()
    page.evaluate(OPEN_IN_THIS_SESSION, url)
    page.wait_for_function("([title, before]) => { const now = document.querySelector(title);"
                           " return now && now.textContent !== before; }", arg=[MAIN_TITLE, before], timeout=timeout_ms)


@dataclass
class Journey:
    page: object
    artifacts: Path
    name: str
    console: list[str] = field(default_factory=list)
    steps: int = 0

    def __post_init__(self) -> None:
        self.page.set_default_timeout(STEP_TIMEOUT_MS)
        self.page.on("console", lambda message: self.console.append(f"{message.type}: {message.text}"))
        self.page.on("pageerror", lambda error: self.console.append(f"pageerror: {error}"))

    def visit(self, title: str, *, ready, expect_maps: int = 1) -> None:
        """Click `title` in the sidebar, wait for `ready` (a locator), and check the page."""
        self.page.get_by_test_id("stSidebarNav").get_by_text(title, exact=True).click()
        self.check(title, ready=ready, expect_maps=expect_maps)

    def check(self, step: str, *, ready, expect_maps: int = 1) -> None:
        """The page is sound after `step`: ready, without an error, its maps painted."""
        ready.first.wait_for()
        self.steps += 1
        shot = self.artifacts / f"journey-{self.name}-{self.steps}-{re.sub(r'[^a-z0-9]+', '-', step.lower())}.png"
        try:
            self._wait_for_maps(step, expect_maps)
        finally:
            self.page.screenshot(path=str(shot), full_page=True)
        errors = self.page.locator(ERROR_ELEMENTS)
        assert not errors.count(), f"{step}: an error on the page: {errors.first.inner_text()[:300]!r} ({shot.name})"
        assert not self.page.get_by_text(TWO_DECKS).count(), f"{step}: two deck.gl builds in one tab ({shot.name})"
        wrong = [line for line in self.console if TWO_DECKS in line or line.startswith("pageerror")]
        assert not wrong, f"{step}: the console says {wrong[:3]}"

    def _wait_for_maps(self, step: str, expected: int) -> None:
        """`expected` map canvases on the page, each painted (more than a few blank pixels)."""
        deadline = time.monotonic() + PAINT_TIMEOUT_S
        canvases = self.page.locator(MAP_CANVASES)
        while time.monotonic() < deadline:
            if canvases.count() >= expected and all(
                painted_share(self.page, canvases.nth(index)) > 0.002 for index in range(expected)
            ):
                return
            if self.page.get_by_text(TWO_DECKS).count() or self.page.locator(ERROR_ELEMENTS).count():
                return  # it will not paint: check() says why
            time.sleep(0.25)
        raise AssertionError(f"{step}: {canvases.count()} of {expected} map(s) found, not all painted")
