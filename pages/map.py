"""Map: where investors buy, as H3 hexagons of deals (`/v1/deals/cells`), with drill-down.

Reads the place and filters, draws the cells of the view at the finest resolution that
keeps it under 20,000 cells, and opens a panel for a clicked cell: its free summary, then
its top investors and its deals, each read only after the cost is stated and confirmed.
The URL holds place, view, filters and the selected cell, so a link restores the view;
moved by a person, the map's view becomes the page's (resolution, cells, link).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date

import h3
import streamlit as st

import adapter.data
import adapter.map_classes
import adapter.map_files
import adapter.routing
from components.charged_read import confirm_charged_read
from components.feedback import render_error
from components.map_cell_panel import render_cell_charts, render_cell_summary, render_deals, render_top_investors
from components.map_controls import render_cells_download, render_colour_choice
from components.map_element import render_map
from components.map_filters import render_filters
from components.map_legend import render_legend
from components.place_picker import render_place_picker
from components.tables import render_page_link
from components.words import plural
from mapspec import link as map_link
from mapspec.cell_panel import cell_box, cell_figures, deals_in_cell, summary_of_deals
from mapspec.cells import cell_of_row
from mapspec.classes import Classes, ColourChoice
from mapspec.filters import DealFilters
from mapspec.link import MapLink
from mapspec.markets import shapes_in_view
from mapspec.message import picked_row, reported_view
from mapspec.place import CITY, POINT, ZIP_CODES, PlaceChoice, nothing_drawn_text, place_request, request_for_view
from mapspec.plan import DrawnView
from mapspec.view import MAP_COLUMN_WEIGHTS, MAP_HEIGHT_PX, View, cell_geometry
from services.errors import ApiError

PLACE_KEY = "map_place"
FILTERS_KEY = "map_filters"
COLOUR_KEY = "map_colour"
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


# --- the URL (deep links: mapspec/link.py) -----------------------------------------------------


def restore_from_url(markets: list[Mapping]) -> list[str]:
    """Put the link's place, filters, view and cell into the widgets, once per session.

    Returns what could not be restored, each said plainly on the page.
    """
    if st.session_state.get(RESTORED) or not markets:
        # Without the markets (coverage failed) the link waits for a rerun that has them.
        return []
    st.session_state[RESTORED] = True
    link = map_link.parse(st.query_params.to_dict())
    problems = list(link.problems)
    codes = [str(market.get("market")) for market in markets]
    market = link.market
    if market and market not in codes:
        problems.insert(0, f"The link's market {market!r} is not served; showing {codes[0] if codes else 'none'}.")
        market = None
    restored = {
        f"{PLACE_KEY}_market": market,
        f"{PLACE_KEY}_mode": link.mode,
        f"{PLACE_KEY}_zips": link.zips,
        f"{PLACE_KEY}_city": link.city,
        f"{PLACE_KEY}_lat": link.latitude,
        f"{PLACE_KEY}_lng": link.longitude,
        f"{PLACE_KEY}_radius": link.radius_miles,
        f"{FILTERS_KEY}_from": link.sold_from,
        f"{FILTERS_KEY}_to": link.sold_to,
        f"{FILTERS_KEY}_kinds": list(link.kinds) or None,
        f"{FILTERS_KEY}_min": link.min_price,
        f"{FILTERS_KEY}_max": link.max_price,
        # From the link: it belongs to the place the link restores (overridden_view).
        VIEW_OVERRIDE: (None, link.view.text(), None) if link.view else None,
        SELECTED_CELL: link.cell,
        f"{COLOUR_KEY}_metric": link.metric,
        f"{COLOUR_KEY}_classes": link.classes,
        f"{COLOUR_KEY}_breaks": link.breaks,
    }
    for key, value in restored.items():
        if value is not None:
            st.session_state[key] = value
    return problems


def write_url(place: PlaceChoice, filters: DealFilters, view: View | None, cell: str | None, colour: ColourChoice) -> None:
    query = map_link.write(
        MapLink(
            market=place.market, mode=place.mode, zips=place.zips, city=place.city, latitude=place.latitude,
            longitude=place.longitude, radius_miles=place.radius_miles, view=view, sold_from=filters.sold_from,
            sold_to=filters.sold_to, kinds=filters.kinds, min_price=filters.min_price, max_price=filters.max_price, cell=cell,
            **colour.link_fields(),
        )
    )
    if dict(st.query_params) != query:
        st.query_params.from_dict(query)


# --- the view ------------------------------------------------------------------------------------


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
    st.session_state[VIEW_OVERRIDE] = (place.signature(), view.text(), reported.camera)


def overridden_view(place: PlaceChoice) -> tuple[View, dict | None] | None:
    """A view set by a link, by "zoom to this cell" or by moving the map, while the place
    it was set for holds; with the map's camera when the map set it."""
    override = st.session_state.get(VIEW_OVERRIDE)
    if not override:
        return None
    signature, text, camera = override
    if signature is None:
        # From the link: it belongs to the place the link restored.
        st.session_state[VIEW_OVERRIDE] = (place.signature(), text, camera)
    elif signature != place.signature():
        del st.session_state[VIEW_OVERRIDE]
        return None
    return View.parse(text), camera


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


def pick_point(latitude: float, longitude: float) -> None:
    """A point picked on the map: the place becomes a circle around it (1 mile unless set)."""
    st.session_state[f"{PLACE_KEY}_mode"] = POINT
    st.session_state[f"{PLACE_KEY}_lat"] = round(latitude, 5)
    st.session_state[f"{PLACE_KEY}_lng"] = round(longitude, 5)
    if not st.session_state.get(f"{PLACE_KEY}_radius"):
        st.session_state[f"{PLACE_KEY}_radius"] = DEFAULT_PICKED_RADIUS_MILES


def render_cell_panel(cell: str, filters: DealFilters, place: PlaceChoice) -> tuple[list | None, list | None]:
    """The cell's own figures (its row of the cells read, what its tooltip says), then its
    top investors and its deals, read from the cell's box (mapspec/cell_panel.py)."""
    try:
        geometry = cell_geometry(cell)
    except ValueError:
        st.error(f"{cell!r} is not an H3 cell: click a cell on the map.")
        return None, None
    st.subheader(f"Cell {cell}")
    zoom, circle = st.columns(2)
    if zoom.button("Zoom to this cell", key="map_zoom"):
        neighbourhood = h3.grid_disk(cell, 8)
        points = [h3.cell_to_latlng(item) for item in neighbourhood]
        st.session_state[VIEW_OVERRIDE] = (place.signature(), View.covering(points, margin=0.0).text(), None)
        st.rerun()
    circle.button(
        "Centre a circle here", key="map_pick_point", on_click=pick_point, args=(geometry.latitude, geometry.longitude),
        help="Makes the place a point + radius around this cell's centre.",
    )
    box = {"bbox": cell_box(cell).text()}
    params = filters.params()
    box_summary = None
    try:
        render_cell_summary(cell_figures(adapter.data.deal_cells(box, params, h3.get_resolution(cell)), cell), key="map_summary")
        # Free: what a read of the cell's box holds, the most its charged reads may cost.
        box_summary = adapter.data.deal_summary(box, params)
    except ApiError as error:
        render_error(error, title="Summary of the cell")
    signature = (cell, tuple(sorted((key, str(value)) for key, value in params.items())))
    return render_charged_reads(cell, box, params, box_summary, signature)


def render_charged_reads(
    cell: str, box: dict, params: dict, box_summary: Mapping | None, signature: tuple
) -> tuple[list | None, list | None]:
    """The cell's top investors and its deals, each read once the person agrees to its
    most cost, stated from the free summary of the cell's box (components/charged_read.py).
    The box takes in the edges of the neighbouring hexagons: their deals are charged too,
    and said so, but only the cell's own are listed."""
    st.markdown("**Top investors**")
    investor_cost = None
    if box_summary is not None:
        most = min(TOP_INVESTORS, int(box_summary.get("n_investors") or 0))
        investor_cost = (
            f"Listing the top investors around this cell (its box, with the edges of the cells beside it) "
            f"may cost up to {plural(most, 'credit')} (1 per investor new to your account; investors "
            "already read cost nothing)."
        )
    investors = confirm_charged_read(
        "map_investors", signature, ask_label=f"Show the top {TOP_INVESTORS} investors", cost_text=investor_cost,
        load=lambda: adapter.data.top_investors(box, params, limit=TOP_INVESTORS),
    )

    st.markdown("**Deals**")
    deal_cost = None
    if box_summary is not None:
        count = int(box_summary.get("n_deals") or 0)
        deal_cost = (
            f"The deals of this cell are read from its box, which also takes in the edges of the cells "
            f"beside it: {plural(count, 'deal')} in all. Listing them may cost up to {plural(count, 'credit')} "
            "(1 per deal new to your account; deals already read cost nothing); only the cell's own are shown."
        )

    def load_deals() -> list:
        total = int((box_summary or {}).get("n_deals") or 0)
        bar = st.progress(0.0, text="Loading deals…")

        def progress(pages: int, rows: int) -> None:
            share = min(rows / total, 1.0) if total else 1.0
            bar.progress(share, text=f"{rows:,} of {total:,} deals loaded")

        rows = adapter.data.list_deals(box, params, progress=progress)
        bar.empty()
        return deals_in_cell(rows, cell)

    deals = confirm_charged_read("map_deals", signature, ask_label="List the deals", cost_text=deal_cost, load=load_deals)
    return investors, deals


def render_cell_tables(investors: list | None, deals: list | None) -> None:
    """The cell's tables at the page's width, below the map and its panel (a table in the
    panel's column would be cut, to be scrolled sideways)."""
    if investors is not None:
        st.markdown("**Top investors of the cell's box**")
        render_top_investors(investors, key="map_investors")
    if deals is not None:
        st.markdown(f"**The cell's deals** ({plural(len(deals), 'deal')})")
        render_deals(deals, key="map_deals")
        render_cell_charts(summary_of_deals(deals), key="map_deal_charts")


# --- the page -----------------------------------------------------------------------------------


def read_cells(request: dict, filters: DealFilters, request_view: View, fit_to_cells: bool, markets: list[Mapping]) -> DrawnView | None:
    """The view's drawing. A refused read is said, and the cells drawn last stay on the
    map, so a person who moved it can move on or back; None when nothing was drawn yet."""
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


def market_classes(market: Mapping | None, filters: DealFilters, colour: ColourChoice) -> Classes | None:
    """The breaks typed, or the market's classes for its filters, the same for all its views
    (adapter/map_classes.py); None, and the view's own deals coloured, without them."""
    typed = colour.manual()[0]
    try:
        return typed or adapter.map_classes.market_classes(market, filters.params(), colour.metric, colour.computed_method)
    except ApiError as error:
        render_error(error, title="Colour classes of the market")
        return None


def draw_map(drawn: DrawnView, view: View, camera_at: dict | None, markets: list[Mapping], nothing_drawn: str, classes: Classes | None) -> View:
    """The map, its legend and the selected cell's frame; the view the map shows: where
    the person moved it, the map stays, otherwise it shows the view drawn."""
    spec = drawn.spec
    drawn_view = view if camera_at else drawn.view
    selected = update_selection(picked_row(st.session_state.get(CHART_KEY)), spec.resolution)
    data = spec.data(adapter.map_files.map_data_urls(spec), selected=selected, classes=classes)
    if camera_at:
        data["view"] = camera_at
    if spec.n_cells:
        # Above the map, so the colours are read with it without scrolling.
        render_legend(
            classes or spec.scale, resolution=drawn.resolution, n_cells=spec.n_cells,
            markets=shapes_in_view(markets, drawn_view), key="map_legend",
        )
    try:
        render_map(data, script_url=adapter.map_files.map_script_url(), key=CHART_KEY, height=MAP_HEIGHT_PX)
    except adapter.map_files.MapUnavailable as unavailable:
        # In the map's place; the legend, the panel and the link still work.
        st.error(str(unavailable), icon=":material/map:")
    if spec.n_cells == 0:
        # No colours to explain: what is true instead (mapspec.place.nothing_drawn_text).
        st.info(nothing_drawn)
    else:
        render_cells_download(spec, drawn_view, file_name="deedscope-cells.csv", key="map_csv")
    return drawn_view


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
    with st.container(horizontal=True, key="map_controls"):
        # Side by side: a row of its own would push the map down.
        filters, problems = render_filters(key=FILTERS_KEY, data_end=data_end).checked()
        colour = render_colour_choice(key=COLOUR_KEY)
    for problem in problems:
        st.error(problem)

    geometry, place_view, problem = place_request(place, market)
    if problem:
        st.error(problem)
    follow_the_map(place)
    override = overridden_view(place)
    fit_to_cells = place.mode in (ZIP_CODES, CITY) and problem is None and override is None
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
                nothing_drawn = nothing_drawn_text(place, filtered=bool(filters.params()), markets=markets)
                drawn_view = draw_map(drawn, view, camera_at, markets, nothing_drawn, market_classes(market, filters, colour))

    cell = st.session_state.get(SELECTED_CELL)
    tables: tuple[list | None, list | None] = (None, None)
    with panel_column:
        if cell:
            tables = render_cell_panel(cell, filters, place)
        else:
            st.info("Click a cell on the map to see who buys there.")
        if drawn_view is not None:
            # Issue 20: the view's top investors, lenders and wholesalers.
            render_page_link("pages/network.py", "network", label="Leaders of this view",
                             query_params={"view": drawn_view.text(), "market": place.market or ""})
    render_cell_tables(*tables)
    if markets:
        # Without markets nothing was restored or drawn: keep the link as it came.
        write_url(place, filters, drawn_view, cell, colour)


adapter.routing.ensure_app_router()
main()
