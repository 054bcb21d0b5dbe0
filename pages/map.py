"""Map: where investors buy, as H3 hexagons of deals (`/v1/deals/cells`), with drill-down.

Reads the place and filters, draws the cells of the view at the finest resolution that
keeps it under 20,000 cells, and opens a panel for a clicked cell: its free summary, then
its top investors and its deals, each read only after the cost is stated and confirmed.
The URL holds place, view, filters and the selected cell, so a link restores the view;
moved by a person, the map's view becomes the page's (resolution, cells, link).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date

import streamlit as st

import adapter.data
import adapter.map_classes
import adapter.map_files
import adapter.routing
from components.feedback import render_error
from components.map_controls import render_cells_download, render_colour_choice
from components.map_element import render_map
from components.map_filters import render_filters
from components.map_legend import render_legend_caption
from components.place_picker import render_place_picker
from components.tables import render_page_link
import links.map as map_link
from mapspec.cells import cell_of_row
from mapspec.classes import Classes, ColourChoice, colour_in
from mapspec.filters import DealFilters, filters_in
from links.map import MapLink
from mapspec.legend import map_message
from mapspec.message import picked_row, reported_view
from mapspec.place import CITY, ZIP_CODES, PlaceChoice, nothing_drawn_text, place_in, place_request, request_for_view
from mapspec.plan import DrawnView
from mapspec.view import MAP_COLUMN_WEIGHTS, MAP_HEIGHT_PX, Camera, View
from mapspec.view_state import ViewOverride, follow, override_for
from mapspec.area import Area
from pages.map_sections import first_paint
from pages.map_sections.brief import render_brief
from pages.map_sections.area import follow_the_area, render_area_panel, render_area_tables
from pages.map_sections.read_ahead import read_ahead_markets, read_ahead_offline_tables, read_ahead_zoom
from pages.map_sections.cell import render_cell_panel, render_cell_tables
from pages.map_sections.playback import render_time_switch, time_of_view
from pages.map_sections.state import (
    AREA_KEY, CHART_KEY, COLOUR_KEY, FILTERS_KEY, LAST_DRAWN, LAST_PICK, LAST_VIEW, PLACE_KEY, RESTORED, SELECTED_CELL, TIME_KEY,
    VIEW_OVERRIDE,
)
from services.errors import ApiError


# --- the URL (deep links: links/map.py) -----------------------------------------------------


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
        **map_link.widget_values(replace(link, market=market), place=PLACE_KEY, filters=FILTERS_KEY, colour=COLOUR_KEY),
        # From the link: it belongs to the place the link restores (overridden_view).
        VIEW_OVERRIDE: ViewOverride.of(None, link.view) if link.view else None,
        SELECTED_CELL: link.cell,
        AREA_KEY: link.area,
        TIME_KEY: link.time or None,
    }
    for key, value in restored.items():
        if value is not None:
            st.session_state[key] = value
    return problems


def write_url(
    place: PlaceChoice, filters: DealFilters, view: View | None, cell: str | None, colour: ColourChoice, area: Area | None
) -> None:
    query = map_link.write(
        MapLink(
            market=place.market, mode=place.mode, zips=place.zips, city=place.city, latitude=place.latitude,
            longitude=place.longitude, radius_miles=place.radius_miles, view=view, sold_from=filters.sold_from,
            sold_to=filters.sold_to, kinds=filters.kinds, min_price=filters.min_price, max_price=filters.max_price, cell=cell,
            **colour.link_fields(), area=area, time=bool(st.session_state.get(TIME_KEY)),
        )
    )
    # Only the map's own names: others in the URL (presenter mode's `present`, which a fragment's
    # rerun has no app.py around to put back) stay.
    adapter.routing.set_url_params(map_link.NAMES, query)


# --- the view ------------------------------------------------------------------------------------


def follow_the_map(place: PlaceChoice) -> None:
    """A person moved the map: its view becomes the page's (resolution, cells, link)."""
    reported = reported_view(st.session_state.get(CHART_KEY))
    last, news = follow(st.session_state.get(LAST_VIEW), reported)
    if not news or reported is None:
        return
    st.session_state[LAST_VIEW] = last
    moved = ViewOverride.moved(place.signature(), reported)
    if moved is not None:
        st.session_state[VIEW_OVERRIDE] = moved


def overridden_view(place: PlaceChoice) -> ViewOverride | None:
    """A view set by a link, by "zoom to this cell" or by moving the map, while the place
    it was set for holds; with the map's camera when the map set it."""
    override = override_for(place.signature(), st.session_state.get(VIEW_OVERRIDE))
    st.session_state[VIEW_OVERRIDE] = override
    return override


# --- selection ----------------------------------------------------------------------------------


def update_selection(picked: tuple | None, resolution: int | None) -> str | None:
    """The selected cell: a new pick wins; with no pick yet, the link's cell stays.

    A pick is compared as the row the browser sent and turned into a cell only when it is
    new, with the resolution of the map it was made on: the map keeps reporting the same
    row after the view changes, and it must not then name a cell of the new view.
    """
    last, news = follow(st.session_state.get(LAST_PICK), picked)
    if news:
        st.session_state[LAST_PICK] = last
        st.session_state[SELECTED_CELL] = cell_of_row(picked, resolution) if picked else None
    return st.session_state.get(SELECTED_CELL)


# --- the page -----------------------------------------------------------------------------------


def read_cells(request: dict, filters: DealFilters, request_view: View, fit_to_cells: bool, markets: list[Mapping]) -> DrawnView | None:
    """The view's drawing. A refused read is said, and the cells drawn last stay on the
    map, so a person who moved it can move on or back; None when nothing was drawn yet."""
    try:
        drawn = adapter.map_files.map_spec(
            request, filters.params(), request_view.text(), fit_to_cells, adapter.map_files.markets_text(markets)
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


def draw_map(
    drawn: DrawnView, view: View, camera_at: Camera | None, markets: list[Mapping], nothing_drawn: str, classes: Classes | None,
    area: Area | None,
    filters: DealFilters,
    played: dict | None = None,
) -> View:
    """The map, its legend, the selected cell's frame and the area drawn; the view the map
    shows: where the person moved it, the map stays, otherwise it shows the view drawn."""
    spec = drawn.spec
    selected = update_selection(picked_row(st.session_state.get(CHART_KEY)), spec.resolution)
    # The months the map plays (pages/map_sections/playback.py), or None. The same message a
    # link's first paint draws (adapter/link_view.py).
    message = map_message(drawn, urls=adapter.map_files.map_data_urls(spec), view=view, camera_at=camera_at, markets=markets,
                          classes=classes, filters=filters, selected=selected, area=area, played=played)
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


def load_markets() -> list[Mapping]:
    try:
        return adapter.data.coverage_markets()
    except ApiError as error:
        render_error(error, title="Markets (coverage)")
        return []


def render_controls(markets: list[Mapping], link_problems: list[str]) -> tuple[PlaceChoice, Mapping | None, DealFilters, ColourChoice]:
    """The place picker and the row of filters, colour and time, with what is wrong in them."""
    for problem in first_paint.link_problems(link_problems):
        st.warning(problem)
    place = render_place_picker(markets, key=PLACE_KEY)
    market = market_of(place, markets)
    data_end = None
    if market and market.get("data_end"):
        data_end = date.fromisoformat(str(market["data_end"])[:10])
    with st.container(horizontal=True, key="map_controls"):
        # Side by side: a row of its own would push the map down.
        filters, problems = render_filters(key=FILTERS_KEY, data_end=data_end).checked()
        colour = render_colour_choice(key=COLOUR_KEY)
        render_time_switch(key=TIME_KEY)
    for problem in problems:
        st.error(problem)
    return place, market, filters, colour


def market_of(place: PlaceChoice, markets: list[Mapping]) -> Mapping | None:
    return next((item for item in markets if str(item.get("market")) == place.market), None)


def draw_the_map_first(markets: list[Mapping], link_problems: list[str], head) -> None:
    """A session's first run in a browser: the map before the controls, with the choices
    their widgets hold (pages/map_sections/first_paint.py); they come once it is painted."""
    first_paint.keep_link_problems(link_problems)
    place = place_in(st.session_state, PLACE_KEY, [str(market.get("market")) for market in markets])
    with head:
        held = st.empty()
        with held:
            first_paint.hold_the_controls_space(place.mode)
    market = market_of(place, markets)
    geometry, place_view, problem = place_request(place, market)
    filters, _ = filters_in(st.session_state, FILTERS_KEY).checked()
    colour = colour_in(st.session_state, COLOUR_KEY)
    render_map_and_panel(place, market, markets, filters, colour, geometry, place_view, problem is None)
    # After the map: the rule's element (Streamlit's HTML script) is not fetched before the map's.
    first_paint.keep_the_controls_space(place.mode)
    if not first_paint.waiting():
        # No map drawn, so none will say it painted: the controls come now, in their space.
        with held.container():
            render_controls_and_place(markets, [])


def render_controls_and_place(markets: list[Mapping], link_problems: list[str]) -> tuple:
    """The controls, and the place's request: (place, market, filters, colour, geometry,
    the place's view, whether the place reads)."""
    place, market, filters, colour = render_controls(markets, link_problems)
    geometry, place_view, problem = place_request(place, market)
    if problem:
        st.error(problem)
    return place, market, filters, colour, geometry, place_view, problem is None


def main() -> None:
    st.title("Where investors buy")
    markets = load_markets()
    link_problems = restore_from_url(markets)
    # The controls' place, the same container in every run: the map under it stays where it
    # is, and mounted, when they come after its first paint (pages/map_sections/first_paint.py).
    # Never an st.empty filled again in each run: its placeholder could reach the browser
    # before the controls did and unmount them, an open popover's fields and their focus too.
    head = st.container(key=first_paint.HEAD_KEY)
    if first_paint.waiting():
        draw_the_map_first(markets, link_problems, head)
        return
    first_paint.keep_the_controls_space(st.session_state.get(f"{PLACE_KEY}_mode"))
    with head:
        place, market, filters, colour, geometry, place_view, place_ok = render_controls_and_place(markets, link_problems)
    render_map_and_panel(place, market, markets, filters, colour, geometry, place_view, place_ok)
    # Once the page is drawn: what a market switch will draw (pages/map_sections/read_ahead.py).
    read_ahead_markets(place, markets, filters, colour)
    read_ahead_offline_tables()


@st.fragment
def render_map_and_panel(
    place: PlaceChoice, market: Mapping | None, markets: list[Mapping], filters: DealFilters, colour: ColourChoice,
    geometry: dict | None, place_view: View | None, place_ok: bool,
) -> None:
    """The map, its cell panel and the link. A fragment (issue 18, Speed): a settled pan or
    zoom, a pick or a panel button reruns only this, with the place, filters and colour of
    the page's last run; what changes those (a widget above, a new place) reruns the page.
    While the page waits for the map's first paint, only the map is drawn."""
    credits_before = adapter.data.credits()
    follow_the_map(place)
    area = follow_the_area()
    override = overridden_view(place)
    fit_to_cells = place.mode in (ZIP_CODES, CITY) and place_ok and override is None
    view, camera_at = (override.view, override.camera) if override else (place_view, None)

    map_column, panel_column = st.columns(list(MAP_COLUMN_WEIGHTS), gap="medium")
    drawn_view, drawn_read = view, None
    with map_column:
        if view is None:
            st.info("No market to show: the coverage of the data service did not load, or it serves none.")
        else:
            request, request_view = request_for_view(place, geometry, place_view, view)
            drawn = read_cells(request, filters, request_view, fit_to_cells, markets)
            if drawn is not None:
                nothing_drawn = nothing_drawn_text(place, filtered=bool(filters.params()), markets=markets)
                played = time_of_view(TIME_KEY, request, filters, market, drawn.spec, colour)
                drawn_view = draw_map(
                    drawn, view, camera_at, markets, nothing_drawn, market_classes(market, filters, colour), area, filters, played
                )
                drawn_read = (request, drawn.resolution)
    if drawn_read is None:
        first_paint.nothing_to_wait_for()
    if first_paint.waiting():
        return  # the rest once the map is painted

    cell = st.session_state.get(SELECTED_CELL)
    tables: tuple[list | None, list | None] = (None, None)
    with panel_column:
        area_deals = render_area_panel(area, filters, markets) if area else None
        if cell:
            tables = render_cell_panel(cell, filters, place, drawn_read)
        else:
            st.info("Click a cell on the map to see who buys there.")
        if drawn_view is not None:
            # Issue 20: the view's top investors, lenders and wholesalers.
            render_page_link("pages/network.py", "network", label="Leaders of this view",
                             query_params={"view": drawn_view.text(), "market": place.market or ""})
        if drawn_view is not None and drawn_read is not None:
            render_brief(place, market, filters, drawn_view, drawn_read)
    render_cell_tables(*tables)
    render_area_tables(area_deals)
    if drawn_read is not None and geometry is not None:
        read_ahead_zoom(place, geometry, place_view, filters, *drawn_read)
    if markets:
        # Without markets nothing was restored or drawn: keep the link as it came.
        write_url(place, filters, drawn_view, cell, colour, area)
    if adapter.data.credits() != credits_before:
        # A charged read: the sidebar's meter is outside the fragment, the page draws it again.
        st.rerun()


adapter.routing.ensure_app_router()
main()
