"""Presenter mode (issue 29): the app sized for a room, on for the session until switched off.

`?present=1` on any page's URL, or the sidebar's switch, turns it on; `?present=0` or the
switch turns it off. The session remembers it across pages, and while it is on every page's
URL carries `present=1`, so a copied link opens in presenter mode too.
"""

from __future__ import annotations

import streamlit as st

from components.table_zoom import render_table_zoom

PRESENT_PARAM = "present"
SESSION_KEY = "presenter_on"
SWITCH_KEY = "presenter_switch"
# What the URL said last (as read, or as this module wrote it): only a change of the link is
# the person asking, so a switch turned off is not turned on again by the link it leaves.
LINK_SEEN_KEY = "presenter_link_seen"
ON_WORDS = ("1", "true", "yes", "on")
# A table's type and rows at most this much larger: 14 px type reads as 20 px, a 35 px row is 49 px,
# about the body text's 1.5 times of a room's type while ten rows still fit a projector's 720 px.
TABLE_ZOOM_MAX = 1.4
# Type and figures for a room: body text about 1.5 times, headings and metrics with it, and
# the top padding gone so the map (which reaches the window's foot) takes the screen's height.
# A button's or a figure's label wraps: at that size Streamlit cut a narrow column's label short
# ("Zoom t…", "Unpriced de…").
# A figure's own paragraph takes the figure's size: the body text's rule had made it the
# body's size, smaller than a figure out of presenter mode.
# A figure is never cut (issue 44, 6: "1,480 …", "$319,…" in a fifth of the page): in a narrow box
# it is smaller (22cqi: "$319,000" fits a 150 px column), never below 1.5 times the body text, and
# it wraps at a space, or anywhere, rather than end in an ellipsis; the sidebar's too ("100,…").
# A table is a canvas in the theme's type (a font size never reached its cells): it is zoomed, as
# far as its columns still fit its box (TABLE_ZOOM_MAX at most; components/table_zoom.py sets each
# table's zoom), its frame the box's width in the table's own pixels (Streamlit sizes it in the
# page's: zoomed, it stood out of its box).
STYLE = """
<style>
[data-testid="stMain"] [data-testid="stMarkdownContainer"] p,
[data-testid="stMain"] [data-testid="stMarkdownContainer"] li,
[data-testid="stMain"] [data-testid="stCaptionContainer"],
[data-testid="stMain"] [data-testid="stWidgetLabel"] p { font-size: 1.5rem; line-height: 1.45; }
[data-testid="stMain"] h1 { font-size: 3.6rem; }
[data-testid="stMain"] h2, [data-testid="stMain"] h3 { font-size: 2.4rem; }
[data-testid="stMetric"] { container-type: inline-size; }
[data-testid="stMetricValue"] { font-size: 3rem; }
[data-testid="stMain"] [data-testid="stMetricValue"] { font-size: clamp(2.25rem, 22cqi, 3rem); }
[data-testid="stSidebar"] [data-testid="stMetricValue"] { font-size: min(2.25rem, 16cqi); }
[data-testid="stMain"] [data-testid="stMetricValue"] p { font-size: inherit; line-height: 1.2; }
[data-testid="stMetricValue"], [data-testid="stMetricValue"] > div, [data-testid="stMetricValue"] p {
  white-space: normal; overflow: visible; text-overflow: clip; overflow-wrap: anywhere; }
[data-testid="stMainBlockContainer"] { padding-top: 1.5rem; }
[data-testid="stDataFrame"] { zoom: var(--deedscope-table-zoom, 1); display: block; width: 100%; }
[data-testid="stDataFrameResizable"] { width: 100% !important; max-width: 100% !important; }
[data-testid="stMain"] button [data-testid="stMarkdownContainer"],
[data-testid="stMain"] button [data-testid="stMarkdownContainer"] p,
[data-testid="stMain"] [data-testid="stMetricLabel"] [data-testid="stMarkdownContainer"],
[data-testid="stMain"] [data-testid="stMetricLabel"] p { white-space: normal; }
</style>
"""


def begin() -> bool:
    """Read the URL's `present` into the session; whether presenter mode is on."""
    asked = st.query_params.get(PRESENT_PARAM)
    if asked != st.session_state.get(LINK_SEEN_KEY):
        st.session_state[LINK_SEEN_KEY] = asked
        if asked is not None:
            st.session_state[SESSION_KEY] = asked.strip().lower() in ON_WORDS
    return on()


def on() -> bool:
    return bool(st.session_state.get(SESSION_KEY, False))


def keep_in_link() -> None:
    """While on, the page's URL says `present=1` (a page's own link codec may have rewritten it)."""
    if on():
        if st.query_params.get(PRESENT_PARAM) != "1":
            st.query_params[PRESENT_PARAM] = "1"
        st.session_state[LINK_SEEN_KEY] = "1"
    else:
        if PRESENT_PARAM in st.query_params:
            st.query_params.pop(PRESENT_PARAM)
        st.session_state[LINK_SEEN_KEY] = None


def _switched() -> None:
    st.session_state[SESSION_KEY] = bool(st.session_state.get(SWITCH_KEY))


def render_switch() -> None:
    """The sidebar's switch; the session's own flag is the truth (the switch is redrawn from it).

    Set through its key, not `value`: a keyed switch keeps the value it was drawn with, and after
    being switched off it still said off on a page a `present=1` link had turned presenter mode on."""
    st.session_state[SWITCH_KEY] = on()
    st.toggle("Presenter mode", key=SWITCH_KEY, on_change=_switched,
              help="Larger type for a projector, the map the screen's height, no confirmation on the demo data.")


def apply_style() -> None:
    """The room's type and figures, and each table zoomed to fit (its element gone when off: no zoom)."""
    if on():
        st.html(STYLE)
        render_table_zoom(key="presenter_table_zoom", max_zoom=TABLE_ZOOM_MAX)
