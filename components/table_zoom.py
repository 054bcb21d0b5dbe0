"""Tables sized for a room in presenter mode (issue 44, 6).

A table is drawn on a canvas in the theme's type, out of reach of a CSS font size: presenter mode
zooms it instead (adapter/presenter.py's style). A components v2 element (frontend/src/table_zoom.js,
read from its source: no build) that draws nothing sets each table's zoom: up to `max_zoom`, as far
as its columns still fit its box.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

_SOURCE = Path(__file__).resolve().parent.parent / "frontend" / "src"

# Registered once per process: the page script runs on every rerun.
_component = st.components.v2.component("deedscope.table_zoom", js=(_SOURCE / "table_zoom.js").read_text(encoding="utf-8"))


def render_table_zoom(*, key: str, max_zoom: float) -> None:
    """The element; drawn only while the tables are to be zoomed (its removal sets them back)."""
    _component(data={"max_zoom": max_zoom}, key=key)
