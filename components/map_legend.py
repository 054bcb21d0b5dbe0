"""The map's legend as words under the map, for a screen reader and for a map that cannot
load: the legend the map draws and the lines its downloaded picture carries, written by
mapspec/legend.py, in one paragraph.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st


def legend_text(legend: Mapping, picture: Mapping) -> str:
    """The legend and the picture's lines in one paragraph: `Deals per cell: 1 · 2 · 3–4 · 5+.
    H3 resolution 8 · 2,938 cells drawn (…). Filters: any date, kind, price. Data as of: …`."""
    classes = " · ".join(item["label"] for item in legend["classes"])
    return " ".join([f"{legend['title']}: {classes}.", *(_sentence(line) for line in [*legend["lines"], *picture["lines"]])])


def _sentence(line: str) -> str:
    return line if line.endswith(".") else f"{line}."


def render_legend_caption(legend: Mapping | None, picture: Mapping, *, key: str) -> None:
    """Under the map: the legend's words (the map draws its colours)."""
    if legend is None:
        return
    with st.container(key=key):
        st.caption(legend_text(legend, picture))
