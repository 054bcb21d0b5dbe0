"""First hexagons painted in headless chromium (target: ≤ 2.5 s for 20,000 cells).

Two figures, each from navigation start to the first frame where the map canvas holds
painted hexagons (measured in the page with `performance.now()`):

- 20,000 cells: this file run by Streamlit draws 20,000 cells with the Map page's own
  spec builder and map element, in the Map page's layout (wide, a sidebar, the map in its
  column: a 548 x 560 px canvas on the 1400 px window); the sandbox's deals never fill
  20,000 cells in one view;
- the real app on the sandbox's densest view.

Then each against the plain peer (issues 18 and 29), in the same run with alternating visits:
a bare Streamlit page (this file, `?peer=...`) drawing the same cells with `st.pydeck_chart`
and an `H3HexagonLayer`, for the 20,000 cells and for the app's default view (its first
market whole, sandbox `--scale small`). Two ratios each (bench/_paint_visits.py):

- first visits: each in a fresh browser context (a new browser: it loads and compiles
  Streamlit's scripts and the map element's, about 1 MB, or the peer's deck.gl chunk),
  app and peer in turn, their medians;
- later visits: one browser profile each, kept on disk, whose cache holds the scripts and
  their compiled code, as a person's next visit finds it; the median after the first.

All are taken on a server that has already served a page (as a deployed one has); a new
server's very first page, which also waits for the server's first run, is printed too.
`python -m bench.map_paint peer` runs only the comparisons with the peer, `all` everything
above; `python -m bench map_paint` alone runs issue 45's comparison (bench/_link_paint.py): a
new browser's and a remembered browser's first hexes, the app against the peer, at the
default view and at a link at a finer zoom with filters.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bench._paint_visits import Visit

N_CELLS = int(os.environ.get("DEEDSCOPE_BENCH_PAINT_CELLS", "20000"))
# Visits per figure: the first loads Streamlit's scripts; the later ones find them cached.
# Ten later visits: on a small shared machine one visit's time swings by a few hundred ms.
VISITS = int(os.environ.get("DEEDSCOPE_BENCH_PAINT_VISITS", "11"))
# First visits per side, each in a new browser context: a new browser's visit swings more.
FIRST_VISITS = int(os.environ.get("DEEDSCOPE_BENCH_PAINT_FIRST_VISITS", "7"))
ROOT = Path(__file__).resolve().parent.parent


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
    """The peer's cells and view, read as the app reads them (cached across visits): the
    20,000 synthetic cells, or the app's first market whole, or at the link in the peer's
    own query (its view and filters: bench/_link_paint.py)."""
    # Run as Streamlit's script (only bench/ on sys.path): the page's imports come here.
    import streamlit as st

    from mapspec.view import View

    @st.cache_data
    def read(which: str, query: tuple):
        if which == "synthetic":
            from bench.map_rerun import synthetic_cells  # the page's script: see above

            view = View(*SYNTHETIC_VIEW)
            return synthetic_cells(view, N_CELLS), view
        from bench._link_paint import cells_of_link  # the page's script: see above

        return cells_of_link(dict(query))

    return read(which, tuple(sorted(st.query_params.to_dict().items())))


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


def report_against_peer(
    label: str, warm: dict[str, list[Visit]], fresh: dict[str, list[Visit]], launched: dict[str, list[Visit]]
) -> None:
    """First visits (each in a new browser context; each in a browser launched for it) and
    later ones (a warm cache): medians and ratios."""
    def median(values: list[float]) -> float:
        ordered = sorted(values)
        return ordered[len(ordered) // 2]

    later = {side: median([visit.first_hexes for visit in visits[1:]]) for side, visits in warm.items()}
    first = {side: median([visit.first_hexes for visit in visits]) for side, visits in fresh.items()}
    cold = {side: median([visit.first_hexes for visit in visits]) for side, visits in launched.items()}
    print(
        f"[{label}] first hexes painted, deedscope vs the plain st.pydeck_chart peer:\n"
        f"    first visits (each in a new browser context, {len(fresh['ours'])} each, in turn): "
        f"median {first['ours']:.0f} ms vs {first['peer']:.0f} ms, ratio {first['ours'] / first['peer']:.2f} (goal <= 0.8)\n"
        f"    first visits in a browser launched for each (its GPU process's shaders not compiled either): "
        f"median {cold['ours']:.0f} ms vs {cold['peer']:.0f} ms, ratio {cold['ours'] / cold['peer']:.2f}\n"
        f"    later visits (a warm browser cache, median of {len(warm['ours']) - 1} each, in turn): "
        f"median {later['ours']:.0f} ms vs {later['peer']:.0f} ms, ratio {later['ours'] / later['peer']:.2f} (goal <= 0.5)"
    )
    for side in ("ours", "peer"):
        for name, visits in (("first", fresh[side]), ("new browser's", launched[side]), ("later", warm[side][1:])):
            typical = sorted(visits, key=lambda visit: visit.first_hexes)[len(visits) // 2]
            print(
                f"    {'deedscope' if side == 'ours' else 'the peer'}'s median {name} visit: script's first element at "
                f"{_ms(typical.content)}, cells drawn at {_ms(typical.cells_drawn)}, hexes at {typical.first_hexes:.0f} ms"
                + (f"; map mounted at {_ms(typical.chart)}, controls at {_ms(typical.controls)}" if side == "ours" else "")
            )
            if typical.steps:
                print("      the map's steps: " + ", ".join(
                    f"{step} {at:.0f} ms" for step, at in sorted(typical.steps.items(), key=lambda item: item[1])))


def peer_comparisons(playwright) -> None:
    """The map element against the plain peer, for 20,000 cells and for the app's default view."""
    # This file is also Streamlit's script, run with only bench/ on sys.path: the bench's own imports wait.
    from bench._paint_visits import alternating_visits, first_visits
    from devtools.streamlit_process import run_streamlit

    def compare(label: str, urls: dict[str, str]) -> None:
        fresh = first_visits(playwright, urls, FIRST_VISITS)
        launched = first_visits(playwright, urls, FIRST_VISITS, new_browser=True)
        warm = alternating_visits(playwright, urls, VISITS)
        report_against_peer(label, warm, fresh, launched)

    script = str(Path(__file__).resolve())
    views = os.environ.get("DEEDSCOPE_BENCH_PAINT_VIEWS", "app,synthetic").split(",")
    if "app" in views:
        compare_app_view(playwright, compare, script)
    if "synthetic" in views:
        with run_streamlit({"DEEDSCOPE_BASEMAP": "none"}, script=script) as url:
            compare(f"{N_CELLS:,} cells", {"ours": url, "peer": f"{url}/?{PEER_PARAM}=synthetic"})


def compare_app_view(playwright, compare, script: str) -> None:
    """The app's Map page on its default view against the peer drawing the same cells."""
    # This file is also Streamlit's script, run with only bench/ on sys.path: the bench's own imports wait.
    from bench.map_setup import BENCH_KEY
    from devtools.streamlit_process import run_streamlit, sandbox_env
    from services.sandbox_process import run_sandbox

    with run_sandbox(scale="small") as sandbox:
        env = {**sandbox_env(sandbox.url, BENCH_KEY), "DEEDSCOPE_BASEMAP": "none"}
        with run_streamlit(env) as app_url, run_streamlit(env, script=script) as peer_url:
            compare("the app's default view, sandbox small", {"ours": app_url, "peer": f"{peer_url}/?{PEER_PARAM}=app"})


def _ms(value: float | None) -> str:
    return "?" if value is None else f"{value:.0f} ms"


def main() -> None:
    """`python -m bench map_paint`: a new browser's and a remembered browser's first hexes, the
    app against the plain peer, at the default view and at a filtered link (issue 45,
    bench/_link_paint.py). `python -m bench.map_paint peer`: the peer comparisons of issue 29;
    `python -m bench.map_paint all`: those and the 20,000 cells and the densest view."""
    # This file is also Streamlit's script, run with only bench/ on sys.path: the bench's own imports wait.
    from playwright.sync_api import sync_playwright

    from bench._link_paint import link_comparisons
    from bench._paint_visits import first_hexes_ms
    from bench.map_setup import describe, map_bench
    from devtools.streamlit_process import run_streamlit

    print(f"machine load average (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with sync_playwright() as playwright:
        if "all" not in sys.argv[1:]:
            if "peer" in sys.argv[1:]:
                peer_comparisons(playwright)
            else:
                link_comparisons(playwright, str(Path(__file__).resolve()))
            print(f"machine load average (1 min) after: {os.getloadavg()[0]:.1f}")
            return
        with run_streamlit({"DEEDSCOPE_BASEMAP": "none"}, script=str(Path(__file__).resolve())) as url:
            report(f"{N_CELLS:,} cells", first_hexes_ms(playwright, url, VISITS))
        with map_bench() as bench:
            print(describe(bench))
            query = "&".join(f"{name}={value}" for name, value in bench.query.items())
            with run_streamlit(bench.env) as url:
                report("densest sandbox view, whole app", first_hexes_ms(playwright, f"{url}/?{query}", VISITS))
        peer_comparisons(playwright)
    print(f"machine load average (1 min) after: {os.getloadavg()[0]:.1f}")


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
