"""The Map page's cell panel: a clicked cell's own figures, then its top investors and its
deals, each read only after the cost is stated and confirmed (components/charged_read.py).

A section of pages/map.py, apart so the page stays a composition of its parts.
"""

from __future__ import annotations

from collections.abc import Mapping

import h3
import streamlit as st

import adapter.budget
import adapter.data
from components.charged_read import confirm_charged_read
from components.feedback import render_error
from components.map_cell_panel import render_cell_charts, render_cell_summary, render_deals, render_top_investors
from components.phone import render_phone_helper
from components.progress import read_pages
from components.tables import render_details
from components.words import plural
from mapspec.cell_panel import CellFigures, cell_box, cell_figures, deals_in_cell, summary_of_deals
from mapspec.labels import place_near
from mapspec.filters import DealFilters
from mapspec.map_state import PointPicked, ZoomedToCell
from mapspec.place import PlaceChoice
from mapspec.view import View, cell_geometry
from pages.map_sections import state as map_state
from services.data_api.models import Deal, DealSummary, InvestorRow
from services.errors import ApiError

TOP_INVESTORS = 10

# The cell panel's heading: what a phone scrolls to once a cell is picked.
PANEL_ANCHOR = "picked-cell"


def figures_of_cell(cell: str, params: dict, drawn_read: tuple[Mapping, int] | None) -> CellFigures:
    """The cell's row of a cells read: of the map's own read (`drawn_read`: its place and
    resolution, memoised by adapter/data.py, so no request) when that read holds the whole
    cell, as a box around it does; else of a read of the cell's box (issue 18, Speed: the
    figures come at once after a click)."""
    resolution = h3.get_resolution(cell)
    if drawn_read is not None:
        place, drawn_resolution = drawn_read
        bbox = place.get("bbox") if len(place) == 1 else None
        if bbox and drawn_resolution == resolution and View.parse(bbox).holds(cell_box(cell)):
            try:
                return cell_figures(adapter.data.deal_cells(place, params, resolution), cell)
            except ApiError:
                pass  # the map's read failed (its last cells are kept): the cell's own box may answer
    return cell_figures(adapter.data.deal_cells({"bbox": cell_box(cell).text()}, params, resolution), cell)


def render_cell_panel(
    cell: str, filters: DealFilters, place: PlaceChoice, drawn_read: tuple[Mapping, int] | None = None
) -> tuple[list[InvestorRow] | None, list[Deal] | None]:
    """The cell's own figures (its row of the cells read, what its tooltip says), then its
    top investors and its deals, read from the cell's box (mapspec/cell_panel.py). The
    figures come first; the free summary that states the charged reads' cost after them."""
    try:
        geometry = cell_geometry(cell)
    except ValueError:
        st.error(f"{cell!r} is not an H3 cell: click a cell on the map.")
        return None, None
    # Named by where it is (the nearest ZIP's city): the id means nothing to a person, so it goes beneath.
    near = place_near(round(geometry.latitude, 4), round(geometry.longitude, 4))
    st.subheader(f"Near {near}" if near else "This cell", anchor=PANEL_ANCHOR)
    # On a phone the panel lies below the map: shown once per cell picked (issue 44, 9).
    render_phone_helper(key="map_phone", show=PANEL_ANCHOR, token=cell)
    render_details({"Cell (H3)": cell})
    zoom, circle = st.columns(2)
    # Applied to the map's state before the run the press makes, which draws the view zoomed.
    zoom.button("Zoom to this cell", key="map_zoom", on_click=map_state.send, args=(ZoomedToCell(cell),))
    if circle.button(
        "Centre a circle here", key="map_pick_point", on_click=map_state.send,
        args=(PointPicked(geometry.latitude, geometry.longitude),),
        help="Makes the place a point + radius around this cell's centre.",
    ):
        # The panel runs in the page's map fragment: the new place is drawn by the whole page.
        st.rerun()
    box = {"bbox": cell_box(cell).text()}
    params = filters.params()
    box_summary = None
    try:
        render_cell_summary(figures_of_cell(cell, params, drawn_read), key="map_summary")
        # Free: what a read of the cell's box holds, the most its charged reads may cost.
        box_summary = adapter.data.deal_summary(box, params)
    except ApiError as error:
        render_error(error, title="Summary of the cell")
    signature = (cell, tuple(sorted((key, str(value)) for key, value in params.items())))
    return render_charged_reads(cell, box, params, box_summary, signature)


def render_charged_reads(
    cell: str, box: dict, params: dict, box_summary: DealSummary | None, signature: tuple
) -> tuple[list[InvestorRow] | None, list[Deal] | None]:
    """The cell's top investors and its deals, each read once the person agrees to its
    most cost, stated from the free summary of the cell's box (components/charged_read.py).
    The box takes in the edges of the neighbouring hexagons: their deals are charged too,
    and said so, but only the cell's own are listed."""
    st.markdown("**Top investors**")
    investor_cost, most = None, None
    if box_summary is not None:
        most = min(TOP_INVESTORS, box_summary.n_investors)
        investor_cost = (
            f"Listing the top investors around this cell (its box, with the edges of the cells beside it) "
            f"may cost up to {plural(most, 'credit')} (1 per investor new to your account; investors "
            "already read cost nothing)."
        )
    investors = confirm_charged_read(
        "map_investors", signature, ask_label=f"Show the top {TOP_INVESTORS} investors", cost_text=investor_cost,
        load=lambda: adapter.data.top_investors(box, params, limit=TOP_INVESTORS), cost=most, **adapter.budget.rules(),
    )
    if investors is not None:
        # Their table is drawn at the page's width, below the map: the heading here says so.
        st.caption(f"{plural(len(investors), 'investor')}: listed below the map.")

    st.markdown("**Deals**")
    deal_cost, count = None, None
    if box_summary is not None:
        count = box_summary.n_deals
        deal_cost = (
            f"The deals of this cell are read from its box, which also takes in the edges of the cells "
            f"beside it: {plural(count, 'deal')} in all. Listing them may cost up to {plural(count, 'credit')} "
            "(1 per deal new to your account; deals already read cost nothing); only the cell's own are shown."
        )

    def load_deals() -> list[Deal]:
        rows = read_pages(lambda progress: adapter.data.list_deals(box, params, progress=progress),
                          noun="deals", expected=count or 0)
        return deals_in_cell(rows, cell)

    deals = confirm_charged_read("map_deals", signature, ask_label="List the deals", cost_text=deal_cost, load=load_deals,
                                 cost=count, **adapter.budget.rules())
    if deals is not None:
        st.caption(f"{plural(len(deals), 'deal')} of this cell: listed below the map.")
    return investors, deals


def render_cell_tables(investors: list[InvestorRow] | None, deals: list[Deal] | None) -> None:
    """The cell's tables at the page's width, below the map and its panel (a table in the
    panel's column would be cut, to be scrolled sideways)."""
    if investors is not None:
        st.markdown("**Top investors of the cell's box**")
        render_top_investors(investors, key="map_investors")
    if deals is not None:
        st.markdown(f"**The cell's deals** ({plural(len(deals), 'deal')})")
        render_deals(deals, key="map_deals")
        render_cell_charts(summary_of_deals(deals), key="map_deal_charts")
