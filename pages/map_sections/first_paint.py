"""The Map page's first paint comes before its controls (issue 18, first paint).

Streamlit's browser side renders every element a run sends before it mounts the map, and
the place picker, the filters' buttons, the cell panel and the sidebar's status kept the
first hexagons waiting about half a second (bench/map_paint.py prints the figures). So the
first run of the Map page in a session of a served app draws the title, the space its
controls will take and the map, with the choices the widgets hold (mapspec: `place_in`,
`filters_in`, `colour_in`), and nothing else. The map says `painted` once its first frame
is drawn, or cannot be, or a few seconds on whatever happens (frontend/src/loader.js); the
rerun that follows draws the page whole, and every later run does so at once.

Only a browser's session waits (it came with the headers of its connection): an AppTest
run never waits unless a test sets `FIRST_PAINT` to `WAITING`, and draws the page whole.
"""

from __future__ import annotations

import streamlit as st

from adapter.served import browser_session
from mapspec.map_state import CONTROLS_KEY
from mapspec.place import controls_px

FIRST_PAINT = "map_first_paint"
WAITING, DONE = "waiting", "done"


def begin(*, page_is_map: bool) -> bool:
    """Whether this run waits for the map's first frame (app.py asks before drawing): the
    Map page's first run in a browser's session, until the map has said `painted`."""
    state = st.session_state
    if FIRST_PAINT not in state and page_is_map and browser_session():
        state[FIRST_PAINT] = WAITING
    return waiting()


def waiting() -> bool:
    return st.session_state.get(FIRST_PAINT) == WAITING


def on_painted() -> None:
    """The map's callback: its first frame is drawn (or cannot be). The whole page reruns:
    a callback's `st.rerun` replaces the fragment's own rerun (the map is in one)."""
    if waiting():
        st.session_state[FIRST_PAINT] = DONE
        st.rerun()


def paint_callback():
    """What the map is drawn with: a callback while the page waits for it, else None."""
    return on_painted if waiting() else None


def nothing_to_wait_for() -> None:
    """No map was drawn (no market, a refused read, no script): nothing will say `painted`,
    so the page is drawn whole in this run."""
    if waiting():
        st.session_state[FIRST_PAINT] = DONE


# The key of the container the controls come in (pages/map.py).
HEAD_KEY = CONTROLS_KEY


def hold_the_controls_space(place_mode: str) -> None:
    st.space(controls_px(place_mode))


def keep_the_controls_space(place_mode: str | None) -> None:
    """The controls' container keeps the held height as its least: their widgets first come
    as placeholders about 23 px shorter until each widget's script is loaded, and the map
    would jump up and back (and be refitted to the window's foot from the wrong place). Drawn
    in every run from the waiting one, so it stands when the controls come: a rule drawn
    with the widgets came after their placeholders in some runs."""
    st.html(f"<style>.st-key-{HEAD_KEY} {{ min-height: {controls_px(place_mode)}px; }}</style>")
