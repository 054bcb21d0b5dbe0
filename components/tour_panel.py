"""The guided tour's panel (issue 29): where the tour is, Back and Next, and the talking points.

Next and Back answer Page Down and Page Up, the keys a presentation clicker sends (arrows
would pan the map). The talking points sit in a panel the presenter can fold away; it stays
as left from step to step.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

NEXT_KEY, BACK_KEY = "PageDown", "PageUp"


def render_tour_panel(
    tour_name: str, number: int, count: int, title: str, points: Sequence[str], *, key: str
) -> str | None:
    """Draw the panel; "next", "back" or "end" when the presenter pressed one, else None.
    `number` counts from 0. Widget keys: `{key}_back`, `{key}_next`, `{key}_end`, `{key}_points`."""
    with st.container(border=True, key=f"{key}_panel"):
        st.caption(f"{tour_name} · step {number + 1} of {count}")
        st.markdown(f"**{title}**")
        # One above the other: the sidebar is narrow, and each button shows its key beside its word.
        pressed = None
        if st.button("Next", key=f"{key}_next", disabled=number >= count - 1, shortcut=NEXT_KEY, type="primary",
                     icon=":material/arrow_forward:", width="stretch"):
            pressed = "next"
        if st.button("Back", key=f"{key}_back", disabled=number == 0, shortcut=BACK_KEY,
                     icon=":material/arrow_back:", width="stretch"):
            pressed = "back"
        if points:
            with st.expander("Talking points", expanded=True, key=f"{key}_points"):
                st.markdown("\n".join(f"- {point}" for point in points))
        if st.button("End the tour", key=f"{key}_end", type="tertiary"):
            pressed = "end"
    return pressed
