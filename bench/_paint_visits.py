"""How a page's first hexagons are timed in headless chromium (bench/map_paint.py's visits).

A visit goes to a URL in a browser page whose probe (`FIRST_PAINT_PROBE`, added before the
page's own scripts) notes when the map's canvas first holds painted hexagons, and the
milestones on the way. Three ways to visit:

- `first_hexes_ms`: one browser profile on disk, visited again and again (a person's browser
  on a second visit: Streamlit's scripts and the map's, and their compiled code, cached);
- `alternating_visits`: the same, one profile per URL, the URLs visited in turn;
- `first_visits`: every visit in a fresh browser context (a new browser: nothing cached),
  or in a browser launched for it, the URLs visited in turn, so a passing load falls on
  both sides alike.
"""

from __future__ import annotations

import contextlib
import tempfile
from dataclasses import dataclass

from devtools.chromium import CHROMIUM, CHROMIUM_ARGS

VIEWPORT = {"width": 1400, "height": 900}

# When the map canvas first holds painted hexagons. The probe notes the first large WebGL
# draw (the cells: thousands of triangles) and then reads the canvas back until its pixels
# are there; reading back waits for the (software, SwiftShader) renderer to finish that
# frame, so the time is when the hexes were painted, not when they were asked for. A poll
# from 8 s on (every 250 ms, any canvas) is the fallback should no large draw be seen.
# Reading back on every frame, or polling from the start, slowed the very paint it timed.
FIRST_PAINT_PROBE = """
(() => {
  const POLL_MS = 250;
  const POLL_FROM_MS = 8000;  // the fallback starts late: an early read-back would slow the paint
  const LARGE_DRAW = 3000;  // vertices: more than the outlines and labels, fewer than a view of cells
  // Milestones on the way (the figure itself is __firstHexes): the script's first
  // element drawn, the map element mounted (its script loaded), its canvas in the page,
  // the cells' first draw call.
  window.__milestones = {};
  const milestone = (name) => { if (window.__milestones[name] === undefined) window.__milestones[name] = performance.now(); };
  new MutationObserver(() => {
    if (document.querySelector('[data-testid="stMainBlockContainer"] [data-testid="stElementContainer"]')) milestone('content');
    if (document.querySelector('[data-deedscope="map"]')) milestone('chart');
    if (document.querySelector('[data-deedscope="map"] canvas')) milestone('canvas');
    if (document.querySelector('.st-key-map_place_market [data-testid="stSelectbox"]')) milestone('controls');
  }).observe(document, {subtree: true, childList: true});
  const sample = (canvas) => {
    const copy = document.createElement('canvas');
    copy.width = 200; copy.height = 160;
    const context = copy.getContext('2d');
    context.drawImage(canvas, 0, 0, 200, 160);
    const pixels = context.getImageData(0, 0, 200, 160).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted += 1;
    return painted / (pixels.length / 4);
  };
  const check = (canvas) => {
    if (window.__firstHexes !== undefined || !canvas || canvas.width === 0) return window.__firstHexes !== undefined;
    if (window.__canvasSeen === undefined) window.__canvasSeen = performance.now();
    try { if (sample(canvas) > 0.02) { window.__firstHexes = performance.now(); return true; } } catch (e) {}
    return false;
  };
  const afterDraw = (canvas) => { if (!check(canvas)) requestAnimationFrame(() => setTimeout(() => afterDraw(canvas), 0)); };
  for (const proto of [window.WebGL2RenderingContext, window.WebGLRenderingContext]) {
    if (!proto) continue;
    for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) {
      const draw = proto.prototype[name];
      if (!draw) continue;
      proto.prototype[name] = function (...args) {
        const result = draw.apply(this, args);
        const instances = name === 'drawElementsInstanced' ? args[4] : name === 'drawArraysInstanced' ? args[3] : 1;
        const vertices = (name.startsWith('drawElements') ? args[1] : args[2]) * instances;
        if (window.__cellsDrawn === undefined && vertices >= LARGE_DRAW && this.canvas instanceof HTMLCanvasElement) {
          window.__cellsDrawn = performance.now();
          const canvas = this.canvas;
          setTimeout(() => afterDraw(canvas), 0);
        }
        return result;
      };
    }
  }
  const poll = () => {
    if (window.__cellsDrawn === undefined && check(document.querySelector('[data-deedscope="map"] canvas, canvas'))) return;
    if (window.__firstHexes === undefined) setTimeout(poll, POLL_MS);
  };
  setTimeout(poll, POLL_FROM_MS);
})();
"""




@dataclass(frozen=True)
class Visit:
    """One page visit, in ms from navigation start (performance.now() in the page)."""

    first_hexes: float
    content: float | None  # the script's first element drawn
    chart: float | None  # the map element mounted (its script loaded)
    canvas: float | None  # the map's canvas in the page
    cells_drawn: float | None  # the cells' draw call issued (the renderer then paints them)
    steps: dict  # the map element's own marks (frontend/src/map_element.js, mark)
    controls: float | None = None  # the Map page's place picker drawn (after the first paint)


def first_hexes_ms(playwright, url: str, visits: int) -> tuple[Visit, list[Visit]]:
    """Per visit: when the first hexes were painted, and the milestones before.

    First a visit in a throwaway browser: the server's very first page, which also pays
    for the server's first run (imports, the first read and build); a deployed server has
    long done that. Then the visits share a browser profile of their own on disk, as a
    person's browser has: the first finds it empty; later ones find Streamlit's scripts
    in its cache, and their compiled code (Playwright's default context is incognito,
    which keeps no code cache, so every visit there compiles Streamlit's and the map's
    JavaScript again).
    """
    with _launched(playwright) as throwaway:
        page = throwaway.new_page(viewport=VIEWPORT)
        page.add_init_script(FIRST_PAINT_PROBE)
        server_first = visit(page, url)
    timings = []
    with tempfile.TemporaryDirectory(prefix="deedscope-bench-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, viewport=VIEWPORT
        )
        try:
            context.add_init_script(FIRST_PAINT_PROBE)
            for _ in range(visits):
                page = context.new_page()
                timings.append(visit(page, url))
                page.close()
        finally:
            context.close()
    return server_first, timings


def visit(page, url: str) -> Visit:
    """Open `url` in `page` (its probe added) and read the figures once the hexes are painted."""
    page.goto(url, timeout=120_000)
    page.wait_for_function("window.__firstHexes !== undefined", timeout=120_000, polling=100)
    painted, drawn, milestones, steps = page.evaluate(
        "[window.__firstHexes, window.__cellsDrawn, window.__milestones,"
        " Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('deedscope:'))"
        ".map((m) => [m.name.slice(10), m.startTime]))]"
    )
    # The app's Map page (its pages' head notes the link, web/early_map.py; the bench's own
    # pages have no such head): its controls come after the first paint
    # (pages/map_sections/first_paint.py), and on a later visit after Streamlit's first element.
    if page.evaluate("window.__deedscopeLoadedLink !== undefined"):
        page.wait_for_function("window.__milestones.controls !== undefined", timeout=120_000, polling=100)
        milestones = page.evaluate("window.__milestones")
    return Visit(
        painted, milestones.get("content"), milestones.get("chart"), milestones.get("canvas"), drawn, steps,
        milestones.get("controls"),
    )


def alternating_visits(playwright, urls: dict[str, str], visits: int) -> dict[str, list[Visit]]:
    """Visits to each URL in turn (one, the other, one, ...), each in a browser profile of
    its own: the first visit finds its cache empty, the later ones find their scripts."""

    timings: dict[str, list[Visit]] = {label: [] for label in urls}
    with contextlib.ExitStack() as stack:
        contexts = {}
        for label in urls:
            profile = stack.enter_context(tempfile.TemporaryDirectory(prefix="deedscope-bench-profile-"))
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
                viewport=VIEWPORT,
            )
            stack.callback(context.close)
            context.add_init_script(FIRST_PAINT_PROBE)
            contexts[label] = context
        for _ in range(visits):
            for label, url in urls.items():
                page = contexts[label].new_page()
                timings[label].append(visit(page, url))
                page.close()
    return timings




def first_visits(playwright, urls: dict[str, str], visits: int, *, new_browser: bool = False) -> dict[str, list[Visit]]:
    """Visits to each URL in turn, every one in a fresh browser context of one browser: its
    cache, its compiled code and its storage start empty, as a new browser's do. The browser's
    GPU process, shared by its contexts, keeps the shaders it compiled; `new_browser` launches
    a browser for each visit, which starts without those too."""
    timings: dict[str, list[Visit]] = {label: [] for label in urls}
    with contextlib.ExitStack() as stack:
        shared = None if new_browser else stack.enter_context(_launched(playwright))
        for _ in range(visits):
            for label, url in urls.items():
                with contextlib.ExitStack() as one_visit:
                    browser = shared or one_visit.enter_context(_launched(playwright))
                    context = browser.new_context(viewport=VIEWPORT)
                    one_visit.callback(context.close)
                    context.add_init_script(FIRST_PAINT_PROBE)
                    timings[label].append(visit(context.new_page(), url))
    return timings


@contextlib.contextmanager
def _launched(playwright):
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()
