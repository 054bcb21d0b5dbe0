"""Map: where investors buy, as H3 hexagons of deals (`/v1/deals/cells`), with drill-down.

Reads the place and filters, draws the cells of the view at the finest resolution that
keeps it under 20,000 cells, and opens a panel for a clicked cell: its free summary, then
its top investors and its deals, each read only after the cost is stated and confirmed.
The URL holds place, view, filters and the selected cell, so a link restores the view;
moved by a person, the map's view becomes the page's (resolution, cells, link).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import date

import h3
import streamlit as st

import adapter.data
import adapter.map_files
import adapter.routing
from components.feedback import render_error
from components.map_cell_panel import render_cell_summary, render_deals, render_top_investors
from components.map_filters import DEAL_KINDS, DealFilters, render_filters
from components.map_element import picked_row, render_map, reported_view
from components.map_layers import cell_of_row
from components.map_markets import shapes_in_view
from components.map_legend import render_legend
from components.map_view import MAP_COLUMN_WEIGHTS, MAP_HEIGHT_PX, MAX_VIEW_CELLS, View, cell_geometry, choose_resolution, estimated_cells
from components.place_picker import PlaceChoice, place_request, render_place_picker
from services.errors import ApiError

PLACE_KEY = "map_place"
FILTERS_KEY = "map_filters"
CHART_KEY = "map_chart"
SELECTED_CELL = "map_cell"
LAST_PICK = "map_last_pick"
LAST_VIEW = "map_last_view"
LAST_DRAWN = "map_last_drawn"
VIEW_OVERRIDE = "map_view_override"
RESTORED = "map_restored"
TOP_INVESTORS = 10
DEFAULT_PICKED_RADIUS_MILES = 1.0
UNSET = "unset"


# --- the URL (deep links) ------------------------------------------------------------------------


def restore_from_url(markets: list[Mapping]) -> list[str]:
    """Put the link's place, filters, view and cell into the widgets, once per session.

    Returns what could not be restored, each said plainly on the page.
    """
    if st.session_state.get(RESTORED) or not markets:
        # Without the markets (coverage failed) the link waits for a rerun that has them.
        return []
    st.session_state[RESTORED] = True
    params = st.query_params
    problems: list[str] = []
    codes = [str(market.get("market")) for market in markets]
    market = params.get("market")
    if market:
        if market in codes:
            st.session_state[f"{PLACE_KEY}_market"] = market
        else:
            problems.append(f"The link's market {market!r} is not served; showing {codes[0] if codes else 'none'}.")
    if params.get("zip"):
        st.session_state[f"{PLACE_KEY}_mode"] = "ZIP codes"
        st.session_state[f"{PLACE_KEY}_zips"] = params["zip"]
    elif params.get("city"):
        st.session_state[f"{PLACE_KEY}_mode"] = "City"
        st.session_state[f"{PLACE_KEY}_city"] = params["city"]
    elif params.get("lat") or params.get("lng"):
        st.session_state[f"{PLACE_KEY}_mode"] = "Point + radius"
        for name, widget in (("lat", "lat"), ("lng", "lng"), ("radius", "radius")):
            value = _number(params.get(name))
            if value is None and params.get(name):
                problems.append(f"The link's {name} {params.get(name)!r} is not a number.")
            elif value is not None:
                st.session_state[f"{PLACE_KEY}_{widget}"] = value
    for name in ("from", "to"):
        if params.get(name):
            try:
                st.session_state[f"{FILTERS_KEY}_{name}"] = date.fromisoformat(params[name])
            except ValueError:
                problems.append(f"The link's {name} date {params[name]!r} is not a date (YYYY-MM-DD).")
    if params.get("kind"):
        kinds = [kind for kind in params["kind"].split(",") if kind]
        unknown = [kind for kind in kinds if kind not in DEAL_KINDS]
        if unknown:
            problems.append(f"Unknown deal kinds in the link: {', '.join(unknown)}.")
        st.session_state[f"{FILTERS_KEY}_kinds"] = [kind for kind in kinds if kind in DEAL_KINDS]
    for name, widget in (("min", "min"), ("max", "max")):
        value = _number(params.get(name))
        if value is not None:
            st.session_state[f"{FILTERS_KEY}_{widget}"] = int(value)
        elif params.get(name):
            problems.append(f"The link's {name} price {params.get(name)!r} is not a number.")
    if params.get("view"):
        try:
            View.parse(params["view"])
            st.session_state[VIEW_OVERRIDE] = (None, params["view"], None)
        except ValueError:
            problems.append(f"The link's view {params['view']!r} is not west,south,east,north.")
    if params.get("cell"):
        if h3.is_valid_cell(params["cell"]):
            st.session_state[SELECTED_CELL] = params["cell"]
        else:
            problems.append(f"The link's cell {params['cell']!r} is not an H3 cell.")
    return problems


def write_url(place: PlaceChoice, filters: DealFilters, view: View | None, cell: str | None) -> None:
    params: dict[str, str] = {}
    if place.market:
        params["market"] = place.market
    if place.mode == "ZIP codes" and place.zips:
        params["zip"] = place.zips.replace(" ", "")
    elif place.mode == "City" and place.city:
        params["city"] = place.city
    elif place.mode == "Point + radius":
        for name, value in (("lat", place.latitude), ("lng", place.longitude), ("radius", place.radius_miles)):
            if value is not None:
                params[name] = f"{value:g}"
    if view is not None:
        params["view"] = view.text()
    if filters.sold_from:
        params["from"] = filters.sold_from.isoformat()
    if filters.sold_to:
        params["to"] = filters.sold_to.isoformat()
    if filters.kinds:
        params["kind"] = ",".join(filters.kinds)
    if filters.min_price is not None:
        params["min"] = str(filters.min_price)
    if filters.max_price is not None:
        params["max"] = str(filters.max_price)
    if cell:
        params["cell"] = cell
    if dict(st.query_params) != params:
        st.query_params.from_dict(params)


def _number(text: str | None) -> float | None:
    try:
        return float(text) if text not in (None, "") else None
    except ValueError:
        return None


# --- place to request and view -------------------------------------------------------------------


def place_signature(place: PlaceChoice) -> tuple:
    return (place.market, place.mode, place.zips, place.city, place.latitude, place.longitude, place.radius_miles)


def follow_the_map(place: PlaceChoice) -> None:
    """A person moved the map: its view becomes the page's (resolution, cells, link).

    Compared with the last view reported, as a pick is: the map keeps reporting the same
    view on every rerun, and a place chosen since must not be overridden by it.
    """
    reported = reported_view(st.session_state.get(CHART_KEY))
    if reported is None or reported == st.session_state.get(LAST_VIEW):
        return
    st.session_state[LAST_VIEW] = reported
    try:
        view = View.clamped(*reported.bbox)
    except ValueError:
        return  # a box with no area: nothing to follow
    st.session_state[VIEW_OVERRIDE] = (place_signature(place), view.text(), reported.camera)


def overridden_view(place: PlaceChoice) -> tuple[View, dict | None] | None:
    """A view set by a link, by "zoom to this cell" or by moving the map, while the place
    it was set for holds; with the map's camera when the map set it."""
    override = st.session_state.get(VIEW_OVERRIDE)
    if not override:
        return None
    signature, text, camera = override
    if signature is None:
        # From the link: it belongs to the place the link restored.
        st.session_state[VIEW_OVERRIDE] = (place_signature(place), text, camera)
    elif signature != place_signature(place):
        del st.session_state[VIEW_OVERRIDE]
        return None
    return View.parse(text), camera


def request_for_view(place: PlaceChoice, geometry: dict, place_view: View | None, view: View) -> tuple[dict, View]:
    """The cells' request for the view, and the view that sets its resolution: the place
    as it is while the view holds it at that resolution. A whole market too large for the view's resolution is read in the part
    of it the view shows (else zooming in would read the whole market's finest cells); a
    view outside the market reads the whole market at its own resolution, so the map
    still has cells to pan back to. ZIPs, a city and a circle are read whole: they are
    small, and their cells stay drawn as the map pans."""
    if place.mode != "Whole market" or place_view is None:
        return geometry, view
    if estimated_cells(place_view, choose_resolution(view)) <= MAX_VIEW_CELLS:
        return geometry, view
    part = view.intersection(place_view)
    if part is None:
        return geometry, place_view
    return {"bbox": part.text()}, view


# --- selection ----------------------------------------------------------------------------------


def update_selection(picked: tuple | None, resolution: int | None) -> str | None:
    """The selected cell: a new pick wins; with no pick yet, the link's cell stays.

    A pick is compared as the row the browser sent and turned into a cell only when it is
    new, with the resolution of the map it was made on: the map keeps reporting the same
    row after the view changes, and it must not then name a cell of the new view.
    """
    last = st.session_state.get(LAST_PICK, UNSET)
    if picked != last:
        st.session_state[LAST_PICK] = picked
        if last != UNSET or picked is not None:
            st.session_state[SELECTED_CELL] = cell_of_row(picked, resolution) if picked else None
    return st.session_state.get(SELECTED_CELL)


# --- the cell panel -----------------------------------------------------------------------------


def charged_section(name: str, signature: tuple, ask_label: str, cost_text: str | None, load: Callable[[], list]) -> list | None:
    """A read that may cost credits: ask, state the most it may cost, load only once confirmed."""
    state_key = f"map_{name}_state"
    state = st.session_state.get(state_key)
    if state is not None and state.get("signature") != signature:
        state = None
    if state is None:
        if st.button(ask_label, key=f"map_{name}_ask"):
            state = {"signature": signature, "stage": "asked"}
    if state is not None and state["stage"] == "asked":
        if cost_text is None:
            st.warning("The cost cannot be stated because the cell's summary did not load: try again when it does.")
            state = None
        else:
            question = st.empty()
            with question.container():
                st.warning(cost_text, icon=":material/payments:")
                confirm, cancel = st.columns(2)
                confirmed = confirm.button("Confirm", key=f"map_{name}_confirm", type="primary")
                cancelled = cancel.button("Cancel", key=f"map_{name}_cancel")
            if confirmed:
                # Answered: the question goes, the loading takes its place.
                question.empty()
                state = {"signature": signature, "stage": "loading"}
            elif cancelled:
                st.session_state[state_key] = None
                st.rerun()
    if state is not None and state["stage"] == "loading":
        try:
            state = {"signature": signature, "stage": "loaded", "rows": load()}
        except ApiError as error:
            render_error(error, title=ask_label)
            state = None
    st.session_state[state_key] = state
    return state["rows"] if state is not None and state["stage"] == "loaded" else None


def pick_point(latitude: float, longitude: float) -> None:
    """A point picked on the map: the place becomes a circle around it (1 mile unless set)."""
    st.session_state[f"{PLACE_KEY}_mode"] = "Point + radius"
    st.session_state[f"{PLACE_KEY}_lat"] = round(latitude, 5)
    st.session_state[f"{PLACE_KEY}_lng"] = round(longitude, 5)
    if not st.session_state.get(f"{PLACE_KEY}_radius"):
        st.session_state[f"{PLACE_KEY}_radius"] = DEFAULT_PICKED_RADIUS_MILES


def render_cell_panel(cell: str, filters: DealFilters, place: PlaceChoice) -> None:
    try:
        geometry = cell_geometry(cell)
    except ValueError:
        st.error(f"{cell!r} is not an H3 cell: click a cell on the map.")
        return
    st.subheader(f"Cell {cell}")
    st.caption(
        f"Reads cover a circle of {geometry.radius_miles:g} miles around the cell's centre "
        f"({geometry.latitude:.5f}, {geometry.longitude:.5f}), which holds the whole hexagon."
    )
    zoom, circle = st.columns(2)
    if zoom.button("Zoom to this cell", key="map_zoom"):
        neighbourhood = h3.grid_disk(cell, 8)
        points = [h3.cell_to_latlng(item) for item in neighbourhood]
        st.session_state[VIEW_OVERRIDE] = (place_signature(place), View.covering(points, margin=0.0).text(), None)
        st.rerun()
    circle.button(
        "Centre a circle here", key="map_pick_point", on_click=pick_point, args=(geometry.latitude, geometry.longitude),
        help="Makes the place a point + radius around this cell's centre.",
    )
    cell_place = {"lat": geometry.latitude, "lng": geometry.longitude, "radius_miles": geometry.radius_miles}
    params = filters.params()
    summary = None
    try:
        summary = adapter.data.deal_summary(cell_place, params)
        render_cell_summary(summary, key="map_summary")
    except ApiError as error:
        render_error(error, title="Summary of the cell")
    signature = (cell, tuple(sorted((key, str(value)) for key, value in params.items())))

    st.markdown("**Top investors**")
    investor_cost = None
    if summary is not None:
        most = min(TOP_INVESTORS, int(summary.get("n_investors") or 0))
        investor_cost = (
            f"Listing the top investors of this cell may cost up to {most} credits "
            "(1 per investor new to your account; investors already read cost nothing)."
        )
    investors = charged_section(
        "investors", signature, f"Show the top {TOP_INVESTORS} investors", investor_cost,
        lambda: adapter.data.top_investors(cell_place, params, limit=TOP_INVESTORS),
    )
    if investors is not None:
        render_top_investors(investors, key="map_investors")

    st.markdown("**Deals**")
    deal_cost = None
    if summary is not None:
        count = int(summary.get("n_deals") or 0)
        deal_cost = (
            f"Listing the {count:,} deals of this cell may cost up to {count:,} credits "
            "(1 per deal new to your account; deals already read cost nothing)."
        )

    def load_deals() -> list:
        total = int((summary or {}).get("n_deals") or 0)
        bar = st.progress(0.0, text="Loading deals…")

        def progress(pages: int, rows: int) -> None:
            share = min(rows / total, 1.0) if total else 1.0
            bar.progress(share, text=f"{rows:,} of {total:,} deals loaded ({pages} pages)")

        rows = adapter.data.list_deals(cell_place, params, progress=progress)
        bar.empty()
        return rows

    deals = charged_section("deals", signature, "List the deals", deal_cost, load_deals)
    if deals is not None:
        render_deals(deals, key="map_deals")


# --- the page -----------------------------------------------------------------------------------


def read_cells(request: dict, filters: DealFilters, request_view: View, fit_to_cells: bool, markets: list[Mapping]):
    """The view's drawing (spec, view text, resolution). A refused read is said, and the
    cells drawn last stay on the map, so a person who moved it can move on or back; None
    when nothing was drawn yet."""
    try:
        drawn = adapter.map_files.map_spec(
            request, filters.params(), request_view.text(), fit_to_cells, json.dumps(markets, sort_keys=True, default=str)
        )
    except ApiError as error:
        render_error(error, title="Map cells")
        kept = st.session_state.get(LAST_DRAWN)
        if kept is not None:
            st.caption("The map shows the cells it drew last: move it, or change a filter, to read again.")
        return kept
    st.session_state[LAST_DRAWN] = drawn
    return drawn


def load_markets() -> list[Mapping]:
    try:
        return adapter.data.coverage_markets()
    except ApiError as error:
        render_error(error, title="Markets (coverage)")
        return []


def main() -> None:
    st.title("Where investors buy")
    markets = load_markets()
    for problem in restore_from_url(markets):
        st.warning(problem)
    place = render_place_picker(markets, key=PLACE_KEY)
    market = next((item for item in markets if str(item.get("market")) == place.market), None)
    data_end = None
    if market and market.get("data_end"):
        data_end = date.fromisoformat(str(market["data_end"])[:10])
    filters = render_filters(key=FILTERS_KEY, data_end=data_end)
    if filters.sold_from and filters.sold_to and filters.sold_from > filters.sold_to:
        st.error("The start date is after the end date: swap them or clear one.")
        filters = DealFilters(kinds=filters.kinds, min_price=filters.min_price, max_price=filters.max_price)
    if filters.min_price is not None and filters.max_price is not None and filters.min_price > filters.max_price:
        st.error("The minimum price is above the maximum: correct one of them.")
        filters = DealFilters(sold_from=filters.sold_from, sold_to=filters.sold_to, kinds=filters.kinds)

    geometry, place_view, problem = place_request(place, market)
    if problem:
        st.error(problem)
    follow_the_map(place)
    override = overridden_view(place)
    fit_to_cells = place.mode in ("ZIP codes", "City") and problem is None and override is None
    view, camera_at = override if override else (place_view, None)

    map_column, panel_column = st.columns(list(MAP_COLUMN_WEIGHTS), gap="medium")
    drawn_view = view
    with map_column:
        if view is None:
            st.info("No market to show: the coverage of the data service did not load, or it serves none.")
        else:
            request, request_view = request_for_view(place, geometry, place_view, view)
            drawn = read_cells(request, filters, request_view, fit_to_cells, markets)
            if drawn is not None:
                spec, view_text, resolution = drawn
                # Where the person moved the map, the map stays; otherwise it shows the view drawn.
                drawn_view = view if camera_at else View.parse(view_text)
                selected = update_selection(picked_row(st.session_state.get(CHART_KEY)), spec.resolution)
                data = spec.data(adapter.map_files.map_data_urls(spec), selected=selected)
                if camera_at:
                    data["view"] = camera_at
                try:
                    render_map(data, script_url=adapter.map_files.map_script_url(), key=CHART_KEY, height=MAP_HEIGHT_PX)
                except adapter.map_files.MapUnavailable as unavailable:
                    # In the map's place; the legend, the panel and the link still work.
                    st.error(str(unavailable), icon=":material/map:")
                if spec.n_cells == 0:
                    st.info("No deals here with these filters: widen the dates, kinds or prices.")
                render_legend(
                    spec.scale, resolution=resolution, n_cells=spec.n_cells,
                    markets=shapes_in_view(markets, drawn_view), key="map_legend",
                )

    cell = st.session_state.get(SELECTED_CELL)
    with panel_column:
        if cell:
            render_cell_panel(cell, filters, place)
        else:
            st.info("Click a cell on the map to see who buys there.")
    if markets:
        # Without markets nothing was restored or drawn: keep the link as it came.
        write_url(place, filters, drawn_view, cell)


adapter.routing.ensure_app_router()
main()
