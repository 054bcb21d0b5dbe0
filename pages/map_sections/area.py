"""The Map page's drawn area (issue 18, "Draw to filter"): the cells inside it, counted from
a free read, then its deals, read through its box once the person agrees to the box's
cost, and kept only inside it (mapspec/area.py).

A section of pages/map.py. The map draws and counts the area itself (frontend/src/draw.js)
and reports it as its `area` state; the page keeps it in the map's state (mapspec/map_state.py:
AreaDrawn) and its link until it is cleared.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

import adapter.budget
import adapter.data
from components.charged_read import Narrower, confirm_charged_read
from components.feedback import render_error
from components.map_cell_panel import render_deals
from components.progress import read_pages
from components.words import plural
from mapspec.area import (
    Area, AreaDeals, area_figures, box_miles, cells_box, cells_in_area, deals_in_area, outside_problem, size_problem,
)
from mapspec.filters import DealFilters
from mapspec.plan import DrawnView
from mapspec.view import choose_resolution
from services.data_api.models import CoverageMarket
from services.errors import ApiError


def area_resolution(area: Area, drawn: DrawnView | None) -> int:
    """The resolution the map is drawn at (`drawn`: its cells drawn last), so the page's count
    is the map's; coarser when the area's box would hold more cells than a view may."""
    finest = choose_resolution(area.box())
    return min(drawn.resolution, finest) if drawn is not None else finest


def render_area_panel(
    area: Area, filters: DealFilters, markets: Sequence[CoverageMarket], drawn: DrawnView | None
) -> AreaDeals | None:
    """The area's cells (free), then its deals once their cost is agreed; the deals read,
    or None until then (or when the area cannot be read)."""
    st.subheader("Drawn area")
    outside = outside_problem(area, markets)
    if outside:
        st.warning(outside, icon=":material/wrong_location:")
        return None
    params = filters.params()
    resolution = area_resolution(area, drawn)
    try:
        cells = adapter.data.deal_cells({"bbox": cells_box(area, resolution).text()}, params, resolution)
    except ApiError as error:
        render_error(error, title="Cells of the area")
        cells = None
    if cells is not None:
        render_area_figures(cells_in_area(cells, area), resolution)
    too_large = size_problem(area)
    if too_large:
        st.warning(too_large, icon=":material/zoom_out_map:")
        return None
    return render_area_deals(area, params)


def render_area_figures(cells, resolution: int) -> None:
    figures = area_figures(cells)
    with st.container(key="map_area_figures"):
        count, deals = st.columns(2)
        count.metric("Cells in the area", f"{figures.n_cells:,}")
        deals.metric("Deals in them", f"{figures.n_deals:,}")
    if figures.n_cells == 0:
        st.info(
            "No cell has its centre in this area with these filters: draw it larger, around the cells you want "
            "counted, or widen the filters."
        )
        return
    st.caption(
        f"Hexagons at H3 resolution {resolution} whose centre lies in the area, as the map counts them; the busiest, "
        f"{figures.busiest_cell}, holds {plural(figures.busiest_deals, 'deal')}."
    )


def render_area_deals(area: Area, params: dict) -> AreaDeals | None:
    """The area's deals: read through its box, whose free summary states the most the read
    may cost, and kept only inside the area (components/charged_read.py)."""
    st.markdown("**The area's deals**")
    box = {"bbox": area.box().text()}
    cost_text, count = None, 0
    try:
        count = adapter.data.deal_summary(box, params).n_deals
    except ApiError as error:
        render_error(error, title="Summary of the area's box")
    else:
        if count == 0:
            st.info("The area's box holds no deals with these filters: there are none to list.")
            return None
        width, height = box_miles(area.box())
        cost_text = (
            f"The area's deals are read through the box around it ({width:.1f} × {height:.1f} miles), which holds "
            f"{plural(count, 'deal')}. Listing them may cost up to {plural(count, 'credit')} (1 per deal new to your "
            "account; deals already read cost nothing); only the deals inside the area are shown."
        )

    def load(max_rows: int | None = None) -> AreaDeals:
        wanted = count if max_rows is None else min(count, max_rows)
        rows = read_pages(lambda progress: adapter.data.list_deals(box, params, progress=progress, max_rows=max_rows),
                          noun="deals", expected=wanted)
        return deals_in_area(rows, area)

    rules = adapter.budget.rules()
    # Above the whole budget: the box's first deals that fit what is left of it (issue 29, Credits).
    fits = rules["budget"].left
    narrower = None if fits <= 0 else Narrower(
        label=f"List the box's first {plural(fits, 'deal')} (up to {plural(fits, 'credit')})", load=lambda: load(fits))
    signature = (area.text(), tuple(sorted((key, str(value)) for key, value in params.items())))
    return confirm_charged_read(
        "map_area_deals", signature, ask_label="List the area's deals", cost_text=cost_text, load=load,
        cost=count if cost_text is not None else None, narrower=narrower, **rules,
    )


def render_area_tables(found: AreaDeals | None) -> None:
    """The area's deals at the page's width, below the map, with their CSV."""
    if found is None:
        return
    st.markdown(f"**The area's deals** ({plural(len(found.rows), 'deal')} inside the area, of {found.read:,} in its box)")
    if found.unplaced:
        st.caption(
            f"{plural(found.unplaced, 'deal')} of the box came without a location: they cannot be placed inside "
            "or outside the area, so they are left out."
        )
    st.caption(
        "The cells count whole hexagons whose centre is in the area; the list takes each deal whose own point is in "
        "it: at the area's edge the two can differ by a few deals."
    )
    render_deals(found.rows, key="map_area_table", file_name="deedscope-area-deals.csv")
