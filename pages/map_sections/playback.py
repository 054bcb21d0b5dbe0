"""The Map page's time: a "Time" switch, and the months the map then plays by itself.

Off by default, so the page reads nothing more than before. On, the view's cells are read
once per month of the period (adapter/map_time.py: the filter's dates, or the last two
years up to the market's data) and the map plays them in the browser: a slider, a play
button, a window of months or the running total (frontend/src/time.js), without a rerun
per frame. A section of pages/map.py, apart so the page stays a composition of its parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

import adapter.map_time
from components.feedback import render_error
from mapspec.classes import ColourChoice
from mapspec.filters import DealFilters
from mapspec.layers import MapSpec
from mapspec.markets import Market
from mapspec.timeline import MAX_MONTHS
from services.errors import ApiError


def render_time_switch(*, key: str) -> bool:
    """The switch: whether the map plays the period month by month."""
    return st.toggle(
        "Time", key=key,
        help=f"Play the deals month by month on the map: a slider and a play button over the filtered period "
        f"(the last {MAX_MONTHS} months up to the data's end without dates; at most {MAX_MONTHS} months).",
    )


def time_of_view(
    on: bool, place: Mapping[str, Any], filters: DealFilters, market: Market | None, spec: MapSpec, colour: ColourChoice
) -> dict | None:
    """The message's `time` for the view drawn (`spec`), when the switch is `on`; None when
    off, or with nothing to play. The period ends at the market's data end unless the
    filter's dates say otherwise."""
    if not on or not spec.n_cells:
        return None
    data_end = market.data_end if market else None
    try:
        with st.spinner("Reading the months…"):
            line = adapter.map_time.timeline(place, filters, data_end, spec, colour)
    except ApiError as error:
        render_error(error, title="Months of the map")
        return None
    if line is None:
        st.info("The data's end date is unknown here: set the filter's dates to play the months.")
        return None
    if line.outside:
        st.caption(f"{line.outside} cells of single months are not among the cells drawn and are left out.")
    return line.data(adapter.map_time.timeline_url(line))
