"""First hexagons painted in headless chromium (target: ≤ 2.5 s for 20,000 cells).

Two figures, each from navigation start to the first frame where the map canvas holds
painted hexagons (measured in the page with `performance.now()`):

- 20,000 cells: this file run by Streamlit draws 20,000 cells with the Map page's own
  spec builder and map element, in the Map page's layout (wide, a sidebar, the map in its
  column: a 548 x 560 px canvas on the 1400 px window); the sandbox's deals never fill
  20,000 cells in one view;
- the real app on the sandbox's densest view.

Then each against the plain peer (issue 18), in the same run with alternating visits: a
bare Streamlit page (this file, `?peer=...`) drawing the same cells with `st.pydeck_chart`
and an `H3HexagonLayer`, for the 20,000 cells and for the app's default view (its first
market whole, sandbox `--scale small`); both figures and their ratio are printed.

A first visit loads and compiles Streamlit's scripts and the map element's (about 1 MB);
later visits find them cached, as a person's next visit would: their median is the figure of a
day's use, and the first visit's is printed beside it. Both are taken on a server that has
already served a page (as a deployed one has); a new server's very first page, which also
waits for the server's first run, is printed too.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

N_CELLS = int(os.environ.get("DEEDSCOPE_BENCH_PAINT_CELLS", "20000"))
# Visits per figure: the first loads Streamlit's scripts; the later ones find them cached.
# Ten later visits: on a small shared machine one visit's time swings by a few hundred ms.
VISITS = int(os.environ.get("DEEDSCOPE_BENCH_PAINT_VISITS", "11"))
ROOT = Path(__file__).resolve().parent.parent
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


def draw_synthetic_map() -> None:
    """What Streamlit runs: 20,000 cells through the Map page's builder and map element."""
    # Run as Streamlit's script (only bench/ on sys.path): the page's imports come here.
    import streamlit as st

    sys.path.insert(0, str(ROOT))  # the repository, for the page's own imports below
    import adapter.map_files
    from bench.map_rerun import synthetic_cells
    from components.map_element import render_map
    from mapspec.layers import build_spec
    from mapspec.view import MAP_COLUMN_WEIGHTS, MAP_HEIGHT_PX, View, camera

    st.set_page_config(layout="wide")
    view = View(*SYNTHETIC_VIEW)

    @st.cache_data
    def spec():
        cells = synthetic_cells(view, N_CELLS)
        return build_spec(cells, camera=camera(view), basemap=False)

    built = spec()
    urls = adapter.map_files.map_data_urls(built)
    # The app's sidebar and the Map page's columns give the map its real size.
    st.sidebar.caption("deedscope bench: the Map page's map, 20,000 cells")
    map_column, panel_column = st.columns(list(MAP_COLUMN_WEIGHTS), gap="medium")
    with map_column:
        render_map(built.data(urls), script_url=adapter.map_files.map_script_url(), key="map_chart", height=MAP_HEIGHT_PX)
        st.caption(f"{built.n_cells:,} cells")
    panel_column.info("Click a cell on the map to see who buys there.")


PEER_PARAM = "peer"
SYNTHETIC_VIEW = (-97.58, 32.54, -96.34, 33.41)


def draw_peer_map(which: str) -> None:
    """The plain peer: the same cells (`synthetic`: the 20,000; `app`: the app's default
    view) drawn by st.pydeck_chart's H3HexagonLayer, coloured by the same deal classes."""
    # Run as Streamlit's script (only bench/ on sys.path): the page's imports come here.
    import numpy as np
    import pydeck as pdk
    import streamlit as st

    sys.path.insert(0, str(ROOT))  # the repository, for the page's own imports below
    from mapspec.classes import CELL_ALPHA, DEALS, QUANTILE, Classes
    from mapspec.view import MAP_HEIGHT_PX, camera

    st.set_page_config(layout="wide")
    cells, view = _peer_cells(which)
    classes = Classes.of_cells(cells, DEALS, QUANTILE)
    levels = np.searchsorted(np.asarray(classes.bounds), cells["n_deals"].to_numpy(), side="right") - 1
    colours = np.asarray(classes.palette())[np.clip(levels, 0, None)]
    frame = cells.assign(r=colours[:, 0], g=colours[:, 1], b=colours[:, 2])
    at = camera(view)
    layer = pdk.Layer(
        "H3HexagonLayer", data=frame, get_hexagon="cell", get_fill_color=f"[r, g, b, {CELL_ALPHA}]",
        filled=True, stroked=False, extruded=False, pickable=True,
    )
    deck = pdk.Deck(
        layers=[layer], map_style=None, tooltip={"text": "{n_deals} deals"},
        initial_view_state=pdk.ViewState(latitude=at.latitude, longitude=at.longitude, zoom=at.zoom),
    )
    st.pydeck_chart(deck, height=MAP_HEIGHT_PX)
    st.caption(f"{len(cells):,} cells (the plain peer)")


def _peer_cells(which: str):
    """The peer's cells and view, read as the app reads them (cached across visits)."""
    # Run as Streamlit's script (only bench/ on sys.path): the page's imports come here.
    import streamlit as st

    from mapspec.view import View, choose_resolution

    @st.cache_data
    def read(which: str):
        if which == "synthetic":
            from bench.map_rerun import synthetic_cells  # the page's script: see above

            view = View(*SYNTHETIC_VIEW)
            return synthetic_cells(view, N_CELLS), view
        import adapter.data  # the page's script: see above

        # The app's default view: its first market, whole, at the view's resolution.
        market = adapter.data.coverage_markets()[0]
        view = View(*(float(value) for value in market["bbox"]))
        return adapter.data.deal_cells({"bbox": view.text()}, {}, choose_resolution(view)), view

    return read(which)


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


def first_hexes_ms(playwright, url: str, visits: int = VISITS) -> tuple[Visit, list[Visit]]:
    """Per visit: when the first hexes were painted, and the milestones before.

    First a visit in a throwaway browser: the server's very first page, which also pays
    for the server's first run (imports, the first read and build); a deployed server has
    long done that. Then the visits share a browser profile of their own on disk, as a
    person's browser has: the first finds it empty; later ones find Streamlit's scripts
    in its cache, and their compiled code (Playwright's default context is incognito,
    which keeps no code cache, so every visit there compiles Streamlit's and the map's
    JavaScript again).
    """
    # This file is also Streamlit's script, run with only bench/ on sys.path: the bench's own imports wait.
    from devtools.chromium import CHROMIUM, CHROMIUM_ARGS

    throwaway = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    try:
        page = throwaway.new_page(viewport={"width": 1400, "height": 900})
        page.add_init_script(FIRST_PAINT_PROBE)
        server_first = _visit(page, url)
    finally:
        throwaway.close()
    timings = []
    with tempfile.TemporaryDirectory(prefix="deedscope-bench-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1400, "height": 900},
        )
        try:
            context.add_init_script(FIRST_PAINT_PROBE)
            for _ in range(visits):
                page = context.new_page()
                timings.append(_visit(page, url))
                page.close()
        finally:
            context.close()
    return server_first, timings


def _visit(page, url: str) -> Visit:
    page.goto(url, timeout=120_000)
    page.wait_for_function("window.__firstHexes !== undefined", timeout=120_000, polling=100)
    painted, drawn, milestones, steps = page.evaluate(
        "[window.__firstHexes, window.__cellsDrawn, window.__milestones,"
        " Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('deedscope:'))"
        ".map((m) => [m.name.slice(10), m.startTime]))]"
    )
    if page.get_by_role("heading", name="Where investors buy").count():
        # The Map page: its controls come after the first paint (pages/map_sections/first_paint.py).
        page.wait_for_function("window.__milestones.controls !== undefined", timeout=120_000, polling=100)
        milestones = page.evaluate("window.__milestones")
    return Visit(
        painted, milestones.get("content"), milestones.get("chart"), milestones.get("canvas"), drawn, steps,
        milestones.get("controls"),
    )


def report(label: str, measured: tuple[Visit, list[Visit]]) -> None:
    """The first visit (browser cache empty), the median of the later ones (scripts
    cached), and the server's very first page beside them."""
    server_first, visits = measured
    first, later = visits[0], visits[1:]
    typical = sorted(later, key=lambda visit: visit.first_hexes)[len(later) // 2]
    print(
        f"[{label}] first hexes painted after navigation: first visit {first.first_hexes:.0f} ms; "
        f"later visits median {typical.first_hexes:.0f} ms (range {min(v.first_hexes for v in later):.0f}–"
        f"{max(v.first_hexes for v in later):.0f}, {len(later)} visits) (target <= 2500 ms); "
        f"a new server's very first page {server_first.first_hexes:.0f} ms"
    )
    for name, visit in (("first visit", first), ("median later visit", typical)):
        print(
            f"    {name}: script's first element at {_ms(visit.content)}, map mounted at {_ms(visit.chart)}, "
            f"canvas at {_ms(visit.canvas)}, cells drawn at {_ms(visit.cells_drawn)}, hexes painted at {visit.first_hexes:.0f} ms"
            + (f", the page's controls at {visit.controls:.0f} ms" if visit.controls is not None else "")
        )
        print("      the map's steps: " + ", ".join(f"{step} {at:.0f} ms" for step, at in sorted(visit.steps.items(), key=lambda item: item[1])))


def alternating_visits(playwright, urls: dict[str, str], visits: int = VISITS) -> dict[str, list[Visit]]:
    """Visits to each URL in turn (one, the other, one, ...), each in a browser profile of
    its own: the first visit finds its cache empty, the later ones find their scripts."""
    # This file is also Streamlit's script, run with only bench/ on sys.path: the bench's own imports wait.
    from devtools.chromium import CHROMIUM, CHROMIUM_ARGS

    timings: dict[str, list[Visit]] = {label: [] for label in urls}
    with contextlib.ExitStack() as stack:
        contexts = {}
        for label in urls:
            profile = stack.enter_context(tempfile.TemporaryDirectory(prefix="deedscope-bench-profile-"))
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
                viewport={"width": 1400, "height": 900},
            )
            stack.callback(context.close)
            context.add_init_script(FIRST_PAINT_PROBE)
            contexts[label] = context
        for _ in range(visits):
            for label, url in urls.items():
                page = contexts[label].new_page()
                timings[label].append(_visit(page, url))
                page.close()
    return timings


def report_against_peer(label: str, ours: list[Visit], peer: list[Visit]) -> None:
    """Both figures (first visit; median of the later ones) and their ratio."""
    def median(visits: list[Visit]) -> float:
        later = sorted(visit.first_hexes for visit in visits[1:]) or [visits[0].first_hexes]
        return later[len(later) // 2]

    print(
        f"[{label}] first hexes painted, deedscope vs the plain st.pydeck_chart peer: "
        f"later visits median {median(ours):.0f} ms vs {median(peer):.0f} ms, ratio {median(ours) / median(peer):.2f} "
        f"(goal <= 0.7 for the default view, <= 0.5 at 20,000 cells); "
        f"first visit {ours[0].first_hexes:.0f} ms vs {peer[0].first_hexes:.0f} ms ({len(ours)} visits each)"
    )
    controls = sorted(visit.controls for visit in ours[1:] if visit.controls is not None)
    if controls:
        print(f"    the Map page's controls (place picker) drawn at {controls[len(controls) // 2]:.0f} ms, median of later visits")


def peer_comparisons(playwright) -> None:
    """The map element against the plain peer, for 20,000 cells and for the app's default view."""
    # This file is also Streamlit's script, run with only bench/ on sys.path: the bench's own imports wait.
    from bench.map_setup import BENCH_KEY
    from devtools.streamlit_process import run_streamlit, sandbox_env
    from services.sandbox_process import run_sandbox

    script = str(Path(__file__).resolve())
    with run_streamlit({"DEEDSCOPE_BASEMAP": "none"}, script=script) as url:
        timings = alternating_visits(playwright, {"ours": url, "peer": f"{url}/?{PEER_PARAM}=synthetic"})
        report_against_peer(f"{N_CELLS:,} cells", timings["ours"], timings["peer"])
    with run_sandbox(scale="small") as sandbox:
        env = {**sandbox_env(sandbox.url, BENCH_KEY), "DEEDSCOPE_BASEMAP": "none"}
        with run_streamlit(env) as app_url, run_streamlit(env, script=script) as peer_url:
            timings = alternating_visits(playwright, {"ours": app_url, "peer": f"{peer_url}/?{PEER_PARAM}=app"})
            report_against_peer("the app's default view, sandbox small", timings["ours"], timings["peer"])


def _ms(value: float | None) -> str:
    return "?" if value is None else f"{value:.0f} ms"


def main() -> None:
    # This file is also Streamlit's script, run with only bench/ on sys.path: the bench's own imports wait.
    from playwright.sync_api import sync_playwright

    from bench.map_setup import describe, map_bench
    from devtools.streamlit_process import run_streamlit

    print(f"machine load average (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with sync_playwright() as playwright:
        with run_streamlit({"DEEDSCOPE_BASEMAP": "none"}, script=str(Path(__file__).resolve())) as url:
            report(f"{N_CELLS:,} cells", first_hexes_ms(playwright, url))
        with map_bench() as bench:
            print(describe(bench))
            query = "&".join(f"{name}={value}" for name, value in bench.query.items())
            with run_streamlit(bench.env) as url:
                report("densest sandbox view, whole app", first_hexes_ms(playwright, f"{url}/?{query}"))
        peer_comparisons(playwright)


if __name__ == "__main__":
    from streamlit import runtime

    if runtime.exists():
        import streamlit as st

        if st.query_params.get(PEER_PARAM):
            draw_peer_map(st.query_params[PEER_PARAM])
        else:
            draw_synthetic_map()
    else:
        main()
