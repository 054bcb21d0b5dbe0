"""What a phone needs of the app (issue 44, 9): the sidebar closed after a tap on a page's name,
and a part a tap opened (the Map's cell panel) scrolled into view.

A components v2 element (frontend/src/phone.js, read from its source: no build) that draws
nothing: it acts on the page around it, and only on a narrow screen.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

_SOURCE = Path(__file__).resolve().parent.parent / "frontend" / "src"

# Registered once per process: the page script runs on every rerun.
_component = st.components.v2.component("deedscope.phone", js=(_SOURCE / "phone.js").read_text(encoding="utf-8"))


def render_phone_helper(*, key: str, show: str | None = None, token: str = "") -> None:
    """The element; `show`: the id of a part to scroll into view on a phone (a heading's anchor), once per `token`."""
    _component(data={"show": show, "token": token}, key=key)
