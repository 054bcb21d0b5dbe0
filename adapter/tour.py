"""The guided tour in the session (issue 29): which tour, which step, and the values its links name.

Starting a tour finds what its links name in braces (links/tours.py) and reads ahead what its
steps show, so each step opens from the session's caches: the market's cells, the busiest
cell's investors and deals, one deal's property and its buyers match, the best match's profile
and network. A read that fails leaves its step to read for itself; the tour still starts.
"""

from __future__ import annotations

import h3
import streamlit as st

import adapter.agents
import adapter.comps
import adapter.data
import adapter.investors
import adapter.network
import adapter.properties
from links.tours import Step, Tour, TourError, load
from mapspec.cell_panel import cell_box, deals_in_cell, zoomed_view
from mapspec.markets import market_box, market_named
from mapspec.view import View, choose_resolution
from services.data_api.models import CoverageMarket
from services.errors import ApiError

NAME, STEP, VALUES, POINTS_OPEN, GO = "tour_name", "tour_step", "tour_values", "tour_points_open", "tour_go"
KEPT_BY_RESET = (NAME, STEP, VALUES, POINTS_OPEN)
START_KEY = "tour_start"  # its button
MATCHES_READ = 25  # the Properties page's smallest buyers match: the size its step reads


def running() -> Tour | None:
    name = st.session_state.get(NAME)
    if not name:
        return None
    try:
        return load(name)
    except TourError:
        return None


def step_number() -> int:
    """The current step, from 0."""
    return int(st.session_state.get(STEP, 0))


def start(name: str) -> list[str]:
    """Start the tour at its first step; what could not be read ahead, in a person's words."""
    tour = load(name)
    values, problems = find_values(tour)
    st.session_state[NAME] = name
    st.session_state[STEP] = 0
    st.session_state[VALUES] = values
    st.session_state[GO] = True
    return problems


def stop() -> None:
    for key in (NAME, STEP, VALUES, GO):
        st.session_state.pop(key, None)


def move(delta: int) -> None:
    """Go `delta` steps on (or back), within the tour; the app switches to the step's page."""
    tour = running()
    if tour is None:
        return
    st.session_state[STEP] = min(max(step_number() + delta, 0), len(tour.steps) - 1)
    st.session_state[GO] = True


def take_pending_move() -> Step | None:
    """The step to switch to, once, after a start or a move."""
    if not st.session_state.pop(GO, False):
        return None
    tour = running()
    return None if tour is None else tour.steps[step_number()]


def step_query(step: Step) -> dict[str, str | list[str]]:
    values = {name: "" for name in step.names()} | dict(st.session_state.get(VALUES) or {})
    return step.query(values)


def find_values(tour: Tour) -> tuple[dict[str, str], list[str]]:
    """The values the tour's links name, found by reading the data (and so read ahead)."""
    market = _market(tour)
    if market is None:
        return {}, ["No market is served, so the tour has nothing to show."]
    values = {"market": market.market}
    problems: list[str] = []
    wanted = tour.names()
    try:
        if wanted & {"busiest_view", "busiest_cell", "property", "buyer"}:
            values.update(_busiest(market))
        if wanted & {"property", "buyer"}:
            values["property"] = _a_deals_property(values["busiest_cell"])
        if "buyer" in wanted:
            values["buyer"] = _best_buyer(values["property"])
            _read_ahead_investor(values["buyer"])
    except (ApiError, LookupError) as error:
        problems.append(f"Part of the tour could not be read ahead ({type(error).__name__}); its steps read for themselves.")
    return values, problems


def start_cost(name: str) -> int:
    """At most what starting the tour costs, from free reads: the busiest cell's investors and
    deals, one parcel (its chain of title's deals are the cell's, counted already), its buyers
    match and one profile (1 credit each record new to the account); its steps then show what was
    read, and cost nothing more."""
    tour = load(name)
    market = _market(tour)
    if market is None or not tour.names() & {"busiest_cell", "property", "buyer"}:
        return 0
    cell, _view = _busiest_cell(market)
    deals = adapter.data.deal_summary({"bbox": cell_box(cell).text()}, {}).n_deals
    return 10 + deals + 1 + MATCHES_READ + 1


def _market(tour: Tour) -> CoverageMarket | None:
    markets = adapter.data.markets()
    return market_named(tour.market, markets) or (markets[0] if markets else None)


def _busiest_cell(market: CoverageMarket) -> tuple[str, View]:
    """The market's busiest cell at the resolution the Map draws the whole market at, and the
    view its "Zoom to this cell" shows (pages/map_sections/cell.py). Free reads."""
    view = market_box(market)
    if view is None:
        raise LookupError("coverage gives the market no box")
    cells = adapter.data.deal_cells({"bbox": view.text()}, {}, choose_resolution(view))
    cell = str(cells.sort_values(["n_deals", "cell"], ascending=[False, True]).iloc[0]["cell"])
    return cell, zoomed_view(cell)


def _busiest(market: CoverageMarket) -> dict[str, str]:
    cell, zoomed = _busiest_cell(market)
    # The Map's first look at the zoomed view, and the cell's reads its panel makes.
    adapter.data.deal_cells({"bbox": zoomed.text()}, {}, choose_resolution(zoomed))
    box = {"bbox": cell_box(cell).text()}
    # The cell's own figures: the zoomed map draws finer cells, so its panel reads the cell's box.
    adapter.data.deal_cells(box, {}, h3.get_resolution(cell))
    adapter.data.deal_summary(box, {})
    adapter.data.top_investors(box, {}, limit=10)
    return {"busiest_cell": cell, "busiest_view": zoomed.text()}


def _a_deals_property(cell: str) -> str:
    """One deal of the cell (as its panel lists them: the Map's next step reads the same list)."""
    for deal in deals_in_cell(adapter.data.list_deals({"bbox": cell_box(cell).text()}, {}), cell):
        property_id = deal.property.property_id if deal.property else None
        if property_id:
            page = adapter.properties.parcel_page(property_id)
            adapter.comps.read_counts_ahead(page.parcel, str(property_id))  # the comps' free counts (issue 46)
            return str(property_id)
    raise LookupError("no deal of the busiest cell has a property")


def _best_buyer(property_id: str) -> str:
    rows = adapter.properties.matches(property_id, limit=MATCHES_READ).rows
    return next(str(row.investor.investor_id) for row in rows if row.investor.investor_id)


def _read_ahead_investor(investor_id: str) -> None:
    profile, _resolved = adapter.investors.profile(investor_id)
    adapter.agents.linked_agents(adapter.agents.agent_links_of(profile))  # the profile's and the network's names of its agents
    adapter.network.investor_network(profile)

