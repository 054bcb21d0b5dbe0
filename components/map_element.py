"""The map element: deck.gl drawing the cells in the page, as a Streamlit component.

Its script (frontend/src/map_element.js, built into frontend/dist/ by `make`) is deck.gl's
core and the few layers the map draws, about 1 MB, where st.pydeck_chart loads 3 MB and
reads every cell through deck.gl's JSON converter; the first hexagons come about 0.6 to 0.8 s
sooner (bench/map_paint.py). The page sends what to draw (`MapSpec.data`); a click sends
back the row of the cell clicked, as the component's `pick` state. Both directions are
defined once, in frontend/src/message.json (`mapspec.message`).

The component's own script is a small loader (frontend/src/loader.js: a component's
inline script travels with every rerun) that fetches the cells' rows while it loads the
map's script from `adapter.map_files.map_script_url()`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import streamlit as st

from mapspec.message import AREA, PICK, VIEW, element_data

# Read from its source: it needs no build.
LOADER = (Path(__file__).resolve().parent.parent / "frontend" / "src" / "loader.js").read_text(encoding="utf-8")


# Registered once per process: the page script runs on every rerun.
_component = st.components.v2.component("deedscope.map", js=LOADER, isolate_styles=False)


def render_map(
    data: Mapping, *, script_url: str, key: str, height: int, legend: Mapping | None = None, picture: Mapping | None = None,
    on_painted: Callable[[], None] | None = None,
) -> None:
    """Draw the map with the script at `script_url`. A click reruns the page, and
    `picked_row(st.session_state[key])` is then the row clicked; so does a pan or zoom
    that settles, and `reported_view(st.session_state[key])` is then where the map is; so
    does an area drawn or cleared, `reported_area(st.session_state[key])` (all three in
    mapspec.message). `legend` and `picture`: what the map's legend and its downloaded
    picture say (components/map_legend.py). `on_painted`: called once the first frame is
    drawn, or cannot be (the script then reruns the page; None: it says nothing)."""
    _component(
        data=element_data(
            data, script_url=script_url, height=height, legend=legend, picture=picture, report_paint=on_painted is not None
        ),
        key=key,
        default={PICK: None, VIEW: None, AREA: None},
        on_pick_change=lambda: None,
        on_view_change=lambda: None,
        on_area_change=lambda: None,
        on_painted_change=on_painted or (lambda: None),
    )
