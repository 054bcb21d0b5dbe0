"""Issue 45's figures (`python -m bench map_paint`): a shared link's first hexes in a browser
that has never seen the app, and in one that has, against the plain peer.

Two links, each against a bare Streamlit page drawing the same cells with `st.pydeck_chart`
(bench/map_paint.py `?peer=app&<the link>`: the cells the app reads for the link, its
filters, the link's view): the app's default view (its first market whole), and a link at a
finer zoom with filters (the middle of that market, a third of its width, two kinds of deal,
the last two years). Sandbox `--scale small`, no tiles. Each side:

- a new browser: every visit in a fresh browser context (cache, compiled code and storage
  empty), app and peer in turn (bench/_paint_visits.py `first_visits`);
- a remembered browser: one profile each on disk, visited in turn; the visits after its
  first (the browser has the scripts cached, and the app's map of the link remembered).

The medians, their ratios (goals: 0.7 for a new browser, 0.5 for a remembered one), and on
the app's side when its early map was drawn (the `early` mark: a new browser's comes from
the server's first paint, web/first_paint.py). A throwaway visit of each first: the servers'
first runs (imports, the first reads, the first paint computed), which a deployed server has
long done. The machine's load is printed before and after: it is shared.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Mapping
from datetime import date, timedelta

from bench._paint_visits import Visit, alternating_visits, first_visits

NEW_VISITS = int(os.environ.get("DEEDSCOPE_BENCH_NEW_VISITS", "5"))
REMEMBERED_VISITS = int(os.environ.get("DEEDSCOPE_BENCH_REMEMBERED_VISITS", "5"))
LINK_KINDS = "flip,hold"
LINK_YEARS = 2
PEER_PARAM = "peer"


def cells_of_link(query: Mapping[str, str]):
    """The cells the app reads for a link of a whole market (its view and filters) and the
    view: what the peer draws (bench/map_paint.py runs this in its Streamlit script)."""
    # Imported here: bench/map_paint.py, a Streamlit script with only bench/ on sys.path, calls it.
    import adapter.data
    from links.map import parse
    from mapspec.filters import DealFilters
    from mapspec.markets import market_named
    from mapspec.place import WHOLE_MARKET, PlaceChoice, place_request, request_for_view
    from mapspec.view import choose_resolution

    link = parse(query)
    markets = adapter.data.markets()
    market = market_named(link.market, markets) or markets[0]
    place = PlaceChoice(market.market, WHOLE_MARKET)
    geometry, place_view, _ = place_request(place, market)
    view = link.view or place_view
    request, request_view = request_for_view(place, geometry, place_view, view)
    filters = DealFilters(sold_from=link.sold_from, sold_to=link.sold_to, kinds=link.kinds)
    return adapter.data.deal_cells(request, filters.params(), choose_resolution(request_view)), view


def finer_link(api) -> str:
    """A link at a finer zoom with filters: the middle third of the first market, two kinds,
    the last LINK_YEARS years of its data."""
    from mapspec.view import View  # the bench's own process: see cells_of_link

    market = api.coverage.retrieve().markets[0]
    box = View(*market.bbox)
    middle_lng, middle_lat = (box.west + box.east) / 2, (box.south + box.north) / 2
    half_lng, half_lat = (box.east - box.west) / 6, (box.north - box.south) / 6
    view = View(middle_lng - half_lng, middle_lat - half_lat, middle_lng + half_lng, middle_lat + half_lat)
    since = date.fromisoformat(str(market.data_end)[:10]) - timedelta(days=365 * LINK_YEARS)
    return f"market={market.market}&view={view.text()}&kind={LINK_KINDS}&from={since.isoformat()}"


def link_comparisons(playwright, script: str) -> None:
    """The app against the peer, new and remembered browsers, at the default view and at a filtered link."""
    # The bench's own process; map_paint.py is also Streamlit's script, so these wait for the call.
    from bench.map_setup import BENCH_KEY
    from devtools.streamlit_process import run_streamlit, sandbox_env
    from services.data_api import DataApi
    from services.sandbox_process import run_sandbox
    from services.settings import load_settings

    print(f"machine: {os.cpu_count()} cores, load average {' '.join(f'{load:.1f}' for load in os.getloadavg())} (1, 5, 15 min)")
    with run_sandbox(scale="small") as sandbox:
        env = {**sandbox_env(sandbox.url, BENCH_KEY), "DEEDSCOPE_BASEMAP": "none"}
        with DataApi(load_settings(env, secrets_path="/nonexistent")) as api:
            link = finer_link(api)
        with run_streamlit(env) as app_url, run_streamlit(env, script=script) as peer_url:
            for label, query in (("the default view", ""), (f"a link at a finer zoom with filters ({link})", link)):
                urls = {"ours": f"{app_url}/?{query}", "peer": f"{peer_url}/?{PEER_PARAM}=app&{query}"}
                first_visits(playwright, urls, 1)  # the servers' first runs and the first paint computed
                print(f"[{label}] {drawn(app_url, query)}")
                new = first_visits(playwright, urls, NEW_VISITS)
                remembered = alternating_visits(playwright, urls, REMEMBERED_VISITS + 1)
                report(label, new, {side: visits[1:] for side, visits in remembered.items()})
    print(f"machine load average after: {' '.join(f'{load:.1f}' for load in os.getloadavg())} (1, 5, 15 min)")


def drawn(app_url: str, query: str) -> str:
    """What the app draws there, as its first paint says (the legend's first line)."""
    import httpx2  # the bench's own process: see link_comparisons

    answer = httpx2.get(f"{app_url}/map/first-paint?{query}", timeout=120)
    if answer.status_code != 200:
        return f"no first paint ({answer.status_code})"
    legend = answer.json()["message"]["legend"]
    return legend["lines"][0] if legend else "no cells"


def report(label: str, new: dict[str, list[Visit]], remembered: dict[str, list[Visit]]) -> None:
    print(f"[{label}] first hexes painted after navigation, deedscope vs the plain st.pydeck_chart peer:")
    for name, visits, goal in (("a new browser", new, 0.7), ("a remembered browser", remembered, 0.5)):
        ours, peer = (statistics.median(visit.first_hexes for visit in visits[side]) for side in ("ours", "peer"))
        early = [visit.steps.get("early") for visit in visits["ours"]]
        print(
            f"    {name} ({len(visits['ours'])} visits each, in turn): median {ours:.0f} ms vs {peer:.0f} ms, "
            f"ratio {ours / peer:.2f} (goal <= {goal})"
        )
        print(
            "      deedscope's visits: " + ", ".join(f"{visit.first_hexes:.0f}" for visit in visits["ours"])
            + " ms; its map drawn early in " + f"{sum(at is not None for at in early)} of {len(early)}"
            + (f" (early mark median {statistics.median(at for at in early if at is not None):.0f} ms)" if any(early) else "")
        )
        print("      the peer's visits: " + ", ".join(f"{visit.first_hexes:.0f}" for visit in visits["peer"]) + " ms")
