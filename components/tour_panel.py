"""The guided tour's panel (issue 29): where the tour is, Back and Next, and the talking points.

Next and Back answer Page Down and Page Up, the keys a presentation clicker sends (arrows
would pan the map). The talking points sit in a panel the presenter can fold away; it stays
as left from step to step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

NEXT_KEY, BACK_KEY = "PageDown", "PageUp"


def render_tour_panel(
    tour_name: str, number: int, count: int, title: str, points: Sequence[str], *,
    on_move: Callable[[int], None], on_end: Callable[[], None], key: str,
) -> None:
    """Draw the panel; Next and Back call `on_move(1)` and `on_move(-1)`, End `on_end()`.
    `number` counts from 0. Widget keys: `{key}_back`, `{key}_next`, `{key}_end`, `{key}_points`;
    the panel's own, `{key}_panel`, tells the map's script a tour runs (frontend/src/spare.js).

    Callbacks, not return values: they run as the press's rerun begins, so the app can switch to
    the step's page before the page on screen runs again (issue 29: the old page ran in full, and
    the browser drew it again, before the step's page was even asked for)."""
    with st.container(border=True, key=f"{key}_panel"):
        st.caption(f"{tour_name} · step {number + 1} of {count}")
        st.markdown(f"**{title}**")
        # One above the other: the sidebar is narrow, and each button shows its key beside its word.
        st.button("Next", key=f"{key}_next", disabled=number >= count - 1, shortcut=NEXT_KEY, type="primary",
                  icon=":material/arrow_forward:", width="stretch", on_click=on_move, args=(1,))
        st.button("Back", key=f"{key}_back", disabled=number == 0, shortcut=BACK_KEY,
                  icon=":material/arrow_back:", width="stretch", on_click=on_move, args=(-1,))
        if points:
            with st.expander("Talking points", expanded=True, key=f"{key}_points"):
                st.markdown("\n".join(f"- {point}" for point in points))
        st.button("End the tour", key=f"{key}_end", type="tertiary", on_click=on_end)
