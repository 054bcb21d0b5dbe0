"""The Map page's colour choice (which figure, which classes) and its "Download CSV"."""

from __future__ import annotations

import streamlit as st

from mapspec.classes import DEALS, MANUAL, METHOD_LABELS, METHODS, METRIC_LABELS, METRICS, ColourChoice
from mapspec.export import cells_csv
from mapspec.layers import MapSpec
from mapspec.view import View


def render_colour_choice(*, key: str) -> ColourChoice:
    """The metric that colours the cells and the method of its classes (`{key}_metric`,
    `{key}_classes`, and `{key}_breaks` typed for manual breaks): deals by quantile unless chosen. In a popover, as the filters are
    (components/map_filters.py): its widgets are drawn only once it is opened."""
    chosen = st.session_state.get(f"{key}_metric") or DEALS
    with st.popover(f"Colour: {METRIC_LABELS.get(chosen, chosen)}", key=f"{key}_popover", icon=":material/palette:"):
        return _choices(key)


def _choices(key: str) -> ColourChoice:
    metric_column, classes_column = st.columns(2)
    metric = metric_column.selectbox(
        "Colour by", list(METRICS), key=f"{key}_metric", format_func=METRIC_LABELS.get,
        help="The classes are the market's for its filters: a colour means the same figure at every zoom.",
    )
    method = classes_column.selectbox(
        "Classes", METHODS, key=f"{key}_classes", format_func=METHOD_LABELS.get,
        help="Quantile: as many cells in each class. Equal steps: classes as wide. Log: each class a multiple of the last. "
        "Manual breaks: the classes' lower bounds, typed.",
    )
    breaks = ""
    if method == MANUAL:
        breaks = st.text_input("Breaks", key=f"{key}_breaks", placeholder="e.g. 1, 3, 10")
    choice = ColourChoice(metric, method, breaks)
    problem = choice.manual()[1]
    if problem:
        st.warning(f"{problem} Until then the classes are quantiles.", icon=":material/edit:")
    return choice


def render_cells_download(spec: MapSpec, view: View, *, file_name: str, key: str) -> None:
    """The cells in view as CSV, written when the button is clicked (mapspec/export.py)."""
    st.download_button(
        "Download CSV of the cells", data=lambda: cells_csv(spec, view), file_name=file_name, mime="text/csv",
        key=key, on_click="ignore", icon=":material/download:", help="The cells whose centre is in the map's view, with their figures.",
    )
