"""Map: where investors buy, as H3 hexagons of deals (`/v1/deals/cells`), with drill-down.

Reads the place and filters, draws the cells of the view at the finest resolution that
keeps it under 20,000 cells, and opens a panel for a clicked cell: its free summary, then
its top investors and its deals, each read only after the cost is stated and confirmed.
The URL holds place, view, filters and the selected cell, so a link restores the view;
moved by a person, the map's view becomes the page's (resolution, cells, link).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import streamlit as st

import adapter.data
import adapter.map_classes
import adapter.map_files
import adapter.routing
import adapter.watching
from components.feedback import render_error
from components.map_controls import render_cells_download, render_colour_choice
from components.map_element import render_map
from components.map_filters import render_filters
from components.map_legend import render_legend_caption
from components.place_picker import render_place_picker
from components.watch_button import render_watch_button
from components.tables import render_page_link
import links.map as map_link
from mapspec.classes import Classes, ColourChoice
from mapspec.filters import DealFilters
from mapspec.legend import map_message
from mapspec.markets import market_codes, market_named
from mapspec.map_state import (
    AreaDrawn, CellPicked, CellsDrawn, Controls, ControlsChanged, LinkRestored, MapDrawnAnew, MapState, Moved, ProblemsSaid,
    controls_in, reduce, reduce_all, settle,
)
from mapspec.message import picked_row, reported_area, reported_view
from mapspec.place import CITY, ZIP_CODES, PlaceChoice, nothing_drawn_text, place_request, request_for_view
from mapspec.plan import DrawnView
from mapspec.view import MAP_COLUMN_WEIGHTS, MAP_HEIGHT_PX, View
from pages.map_sections import first_paint
from pages.map_sections import state as map_state
from pages.map_sections.brief import render_brief
from pages.map_sections.area import render_area_panel, render_area_tables
from pages.map_sections.read_ahead import read_ahead_markets, read_ahead_offline_tables, read_ahead_zoom
from pages.map_sections.cell import render_cell_panel, render_cell_tables
from pages.map_sections.playback import render_time_switch, time_of_view
from pages.map_sections.trends import render_trends
from pages.map_sections.state import CHART_KEY, COLOUR_KEY, FILTERS_KEY, PLACE_KEY, TIME_KEY
from services.data_api.models import CoverageMarket
from services.errors import ApiError


# --- the URL (deep links: links/map.py) -----------------------------------------------------


def link_restored(markets: list[CoverageMarket]) -> LinkRestored | None:
    """The URL's link as the state's event, once the markets are known: without them (coverage
    failed) the link waits for a rerun that has them. A URL that names nothing of the map (the
    sidebar's, a login's return, a reload of a new session) opens the Map as the person left it."""
    if not markets:
        return None
    codes = market_codes(markets)
    event = map_link.restored(map_link.parse(st.query_params.to_dict()), codes)
    kept = map_state.kept_link() if event.controls is None else None
    if kept:
        event = replace(map_link.restored(map_link.parse(kept), codes), problems=event.problems)
    return event


def write_url(state: MapState, view: View | None) -> None:
    query = map_link.write(map_link.of_controls(state.controls, view=view, cell=state.cell, area=state.area))
    # Only the map's own names: others in the URL (presenter mode's `present`, which a fragment's
    # rerun has no app.py around to put back) stay.
    adapter.routing.set_url_params(map_link.NAMES, query)
    map_state.keep_link(query)


# --- the page -----------------------------------------------------------------------------------


def read_cells(
    request: dict, filters: DealFilters, request_view: View, fit_to_cells: bool, markets: list[CoverageMarket], kept: DrawnView | None
) -> tuple[DrawnView | None, bool]:
    """The view's drawing, and whether it is new. A refused read is said, and the cells drawn
    last (`kept`) stay on the map, so a person who moved it can move on or back; None when
    nothing was drawn yet."""
    try:
        drawn = adapter.map_files.map_spec(
            request, filters.params(), request_view.text(), fit_to_cells, adapter.map_files.markets_text(markets)
        )
    except ApiError as error:
        render_error(error, title="Map cells")
        if kept is not None:
            st.caption("The map shows the cells it drew last: move it, or change a filter, to read again.")
        return kept, False
    return drawn, True


def market_classes(market: CoverageMarket | None, filters: DealFilters, colour: ColourChoice) -> Classes | None:
    """The breaks typed, or the market's classes for its filters, the same for all its views
    (adapter/map_classes.py); None, and the view's own deals coloured, without them."""
    typed = colour.manual()[0]
    try:
        return typed or adapter.map_classes.market_classes(market, filters.params(), colour.metric, colour.computed_method)
    except ApiError as error:
        render_error(error, title="Colour classes of the market")
        return None


def draw_map(
    drawn: DrawnView, view: View, state: MapState, markets: list[CoverageMarket], nothing_drawn: str, classes: Classes | None,
    filters: DealFilters,
    played: dict | None = None,
) -> View:
    """The map, its legend, the selected cell's frame and the area drawn; the view the map
    shows: where the person moved it, the map stays, otherwise it shows the view drawn."""
    spec = drawn.spec
    camera_at = state.override.camera if state.override else None
    # The months the map plays (pages/map_sections/playback.py), or None. The same message a
    # link's first paint draws (adapter/link_view.py).
    message = map_message(drawn, urls=adapter.map_files.map_data_urls(spec), view=view, camera_at=camera_at, markets=markets,
                          classes=classes, filters=filters, selected=state.cell, area=state.area, played=played)
    drawn_view, legend, picture = message.view, message.legend, message.picture
    try:
        render_map(message.data, script_url=adapter.map_files.map_script_url(), key=CHART_KEY, height=MAP_HEIGHT_PX,
                   legend=legend, picture=picture, on_painted=first_paint.paint_callback())
    except adapter.map_files.MapUnavailable as unavailable:
        # In the map's place; the legend's words, the panel and the link still work.
        st.error(str(unavailable), icon=":material/map:")
        first_paint.nothing_to_wait_for()
    if first_paint.waiting():
        return drawn_view  # its words and buttons come with the controls
    render_legend_caption(legend, picture, key="map_legend")
    if spec.n_cells == 0:
        # No colours to explain: what is true instead (mapspec.place.nothing_drawn_text).
        st.info(nothing_drawn)
    else:
        render_cells_download(spec, drawn_view, file_name="deedscope-cells.csv", key="map_csv")
    return drawn_view


def load_markets() -> list[CoverageMarket]:
    try:
        return adapter.data.markets()
    except ApiError as error:
        render_error(error, title="Markets (coverage)")
        return []


def render_controls(markets: list[CoverageMarket], link_problems: Sequence[str]) -> tuple[Controls, CoverageMarket | None, DealFilters]:
    """The place picker and the row of filters, colour and time, with what is wrong in them:
    what the widgets hold, the market, and the filters a read takes."""
    for problem in link_problems:
        st.warning(problem)
    place = render_place_picker(markets, key=PLACE_KEY)
    market = market_named(place.market, markets)
    data_end = market.data_end if market else None
    with st.container(horizontal=True, key="map_controls"):
        # Side by side: a row of its own would push the map down.
        chosen = render_filters(key=FILTERS_KEY, data_end=data_end)
        colour = render_colour_choice(key=COLOUR_KEY)
        playing = render_time_switch(key=TIME_KEY)
        render_watch_button(**adapter.watching.view_button(place, chosen.checked()[0]), key="map_watch")
    filters, problems = chosen.checked()
    for problem in problems:
        st.error(problem)
    return Controls(place, chosen, colour, playing), market, filters


def draw_the_map_first(state: MapState, markets: list[CoverageMarket], head) -> None:
    """A session's first run in a browser: the map before the controls, with the choices
    their widgets hold (pages/map_sections/first_paint.py); they come once it is painted."""
    controls = state.controls or controls_in({}, market_codes(markets))
    with head:
        held = st.empty()
        with held:
            first_paint.hold_the_controls_space(controls.place.mode)
    market = market_named(controls.place.market, markets)
    geometry, place_view, problem = place_request(controls.place, market)
    filters, _ = controls.filters.checked()
    map_state.save(reduce(state, ControlsChanged(controls)))
    render_map_and_panel(controls.place, market, markets, filters, controls.colour, geometry, place_view, problem is None)
    # After the map: the rule's element (Streamlit's HTML script) is not fetched before the map's.
    first_paint.keep_the_controls_space(controls.place.mode)
    if not first_paint.waiting():
        # No map drawn, so none will say it painted: the controls come now, in their space.
        with held.container():
            render_controls_and_place(markets, state.problems)
        map_state.send(ProblemsSaid())


def render_controls_and_place(markets: list[CoverageMarket], link_problems: Sequence[str]) -> tuple:
    """The controls, and the place's request: (what the widgets hold, market, filters,
    geometry, the place's view, whether the place reads)."""
    controls, market, filters = render_controls(markets, link_problems)
    geometry, place_view, problem = place_request(controls.place, market)
    if problem:
        st.error(problem)
    return controls, market, filters, geometry, place_view, problem is None


def main() -> None:
    st.title("Where investors buy")
    markets = load_markets()
    state = map_state.load()
    # The link once, and the widgets and the state made one (mapspec.map_state.settle).
    state, writes = settle(state, None if state.restored else link_restored(markets),
                           map_state.controls_shown(market_codes(markets)))
    map_state.write_widgets(writes)
    # The controls' place, the same container in every run: the map under it stays where it
    # is, and mounted, when they come after its first paint (pages/map_sections/first_paint.py).
    # Never an st.empty filled again in each run: its placeholder could reach the browser
    # before the controls did and unmount them, an open popover's fields and their focus too.
    head = st.container(key=first_paint.HEAD_KEY)
    if first_paint.waiting():
        draw_the_map_first(state, markets, head)
        return
    first_paint.keep_the_controls_space(state.controls.place.mode if state.controls else None)
    with head:
        controls, market, filters, geometry, place_view, place_ok = render_controls_and_place(markets, state.problems)
    map_state.save(reduce_all(state, (ControlsChanged(controls), ProblemsSaid())))
    render_map_and_panel(controls.place, market, markets, filters, controls.colour, geometry, place_view, place_ok)
    # Once the page is drawn: what a market switch will draw (pages/map_sections/read_ahead.py).
    read_ahead_markets(controls.place, markets, filters, controls.colour)
    read_ahead_offline_tables()


@st.fragment
def render_map_and_panel(
    place: PlaceChoice, market: CoverageMarket | None, markets: list[CoverageMarket], filters: DealFilters, colour: ColourChoice,
    geometry: dict | None, place_view: View | None, place_ok: bool,
) -> None:
    """The map, its cell panel and the link. A fragment (issue 18, Speed): a settled pan or
    zoom, a pick or a panel button reruns only this, with the place, filters and colour of
    the page's last run; what changes those (a widget above, a new place) reruns the page.
    While the page waits for the map's first paint, only the map is drawn. The map's state is
    read at the top and written at the end."""
    credits_before = adapter.data.credits()
    report = map_state.chart_report()
    # No report at all: the map is drawn anew (its cell, view and area stay the state's).
    heard = (Moved(reported_view(report)), AreaDrawn(reported_area(report))) if report is not None else (MapDrawnAnew(),)
    state = reduce_all(map_state.load(), heard)
    map_column, panel_column = st.columns(list(MAP_COLUMN_WEIGHTS), gap="medium")
    with map_column:
        state, drawn_view, drawn_read = render_the_map(state, picked_row(report), place, market, markets, filters,
                                                       colour, geometry, place_view, place_ok)
    if not first_paint.waiting():  # the rest once the map is painted
        with panel_column:
            tables, area_deals = render_panel(state, place, market, markets, filters, drawn_view, drawn_read)
        render_cell_tables(*tables)
        render_area_tables(area_deals)
        if drawn_read is not None and geometry is not None:
            read_ahead_zoom(place, geometry, place_view, filters, *drawn_read)
        if markets:
            # Without markets nothing was restored or drawn: keep the link as it came.
            write_url(state, drawn_view)
        # Issue 46, under the tables: the place's months by kind and price (26 free reads, then memoised).
        render_trends(place, market, filters, geometry, place_ok)
    map_state.save(state)
    if adapter.data.credits() != credits_before:
        # A charged read: the sidebar's meter is outside the fragment, the page draws it again.
        st.rerun()


def render_the_map(
    state: MapState, picked: tuple | None, place: PlaceChoice, market: CoverageMarket | None, markets: list[CoverageMarket],
    filters: DealFilters, colour: ColourChoice, geometry: dict | None, place_view: View | None, place_ok: bool,
) -> tuple[MapState, View | None, tuple | None]:
    """The map of the view the state shows, or of the place's own: (the state with its cells
    drawn and the cell picked on them, the view shown, the read drawn: its place and resolution)."""
    override = state.override
    fit_to_cells = place.mode in (ZIP_CODES, CITY) and place_ok and override is None
    view = override.view if override else place_view
    if view is None:
        st.info("No market to show: the coverage of the data service did not load, or it serves none.")
        first_paint.nothing_to_wait_for()
        return state, view, None
    request, request_view = request_for_view(place, geometry, place_view, view)
    drawn, fresh = read_cells(request, filters, request_view, fit_to_cells, markets, state.drawn)
    if drawn is None:
        first_paint.nothing_to_wait_for()
        return state, view, None
    # The pick is read before the map is drawn, so the map frames the cell just clicked.
    state = reduce_all(state, (*([CellsDrawn(drawn)] if fresh else []), CellPicked(picked, drawn.spec.resolution)))
    nothing_drawn = nothing_drawn_text(place, filtered=bool(filters.params()), markets=markets)
    played = time_of_view(bool(state.controls and state.controls.time), request, filters, market, drawn.spec, colour)
    drawn_view = draw_map(drawn, view, state, markets, nothing_drawn, market_classes(market, filters, colour), filters, played)
    return state, drawn_view, (request, drawn.resolution)


def render_panel(
    state: MapState, place: PlaceChoice, market: CoverageMarket | None, markets: list[CoverageMarket], filters: DealFilters,
    drawn_view: View | None, drawn_read: tuple | None,
) -> tuple[tuple[list | None, list | None], object]:
    """The panel beside the map: the area drawn, the cell picked, the view's leaders and brief;
    the cell's tables and the area's deals, drawn below the map."""
    area_deals = render_area_panel(state.area, filters, markets, state.drawn) if state.area else None
    tables: tuple[list | None, list | None] = (None, None)
    if state.cell:
        tables = render_cell_panel(state.cell, filters, place, drawn_read)
    else:
        st.info("Click a cell on the map to see who buys there.")
    if drawn_view is not None:
        # Issue 20: the view's top investors, lenders and wholesalers.
        render_page_link("pages/network.py", "network", label="Leaders of this view",
                         query_params={"view": drawn_view.text(), "market": place.market or ""})
    if drawn_view is not None and drawn_read is not None:
        render_brief(place, market, filters, drawn_view, drawn_read)
    return tables, area_deals


adapter.routing.ensure_app_router()
main()
