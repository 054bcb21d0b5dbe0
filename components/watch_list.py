"""The Watching page's parts (issue 47): a watch's row with what changed, what an opened change shows,
and the list's file (export, import). Render only: the page passes the watches, their checks, the
rows an opened change read, and what each button does.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from components.feedback import render_error
from components.lender_views import loans_frame, render_loans as render_lender_loans
from components.map_cell_panel import render_deals
from components.property_detail import render_chain_of_title, render_listing_history, render_loans, render_permits
from components.tables import escape_markdown
from components.wholesale_views import listings_frame, render_listings
from watches.changes import CHANGED, FAILED, GONE, NEW, UNCHANGED, UNKNOWN, UNPUBLISHED, Check
from watches.model import KIND_WORDS, LENDER, PARCEL, VIEW, WHOLESALER, Watch
from watches.opened import Opened, ParcelNews

STATUS_ICONS = {
    CHANGED: ":material/fiber_new:", UNCHANGED: ":material/check:", NEW: ":material/schedule:",
    UNKNOWN: ":material/help:", GONE: ":material/block:", UNPUBLISHED: ":material/block:", FAILED: ":material/error:",
}


def render_watch_row(
    watch: Watch, check: Check, *, key: str, since: str, on_open: Callable[[], None] | None,
    on_seen: Callable[[], None] | None, on_stop: Callable[[], None], on_map: Callable[[], None] | None = None,
) -> None:
    """One watch: its name and kind, what changed (or why it cannot be told), and its buttons."""
    st.markdown(f"**{escape_markdown(watch.name)}** · {KIND_WORDS[watch.kind]}")
    icon = STATUS_ICONS.get(check.status, ":material/info:")
    if check.changed and check.change is not None:
        st.markdown(f"{icon} **{escape_markdown(check.change.words(watch.kind))}** {escape_markdown(since)}.")
    elif check.status == FAILED and check.problem is not None:
        render_error(check.problem, title=f"{watch.name} could not be checked")
    elif check.note:
        st.caption(f"{icon} {escape_markdown(check.note)}")
    if watch.note:
        st.caption(escape_markdown(watch.note))
    with st.container(horizontal=True, key=f"{key}_buttons"):
        if on_open is not None:
            st.button("Open" if check.changed else "Open to check", key=f"{key}_open", on_click=on_open,
                      type="primary" if check.changed else "secondary", icon=":material/open_in_full:")
        if on_map is not None:
            st.button("Show them on the Map", key=f"{key}_map", on_click=on_map, icon=":material/map:")
        if on_seen is not None:
            st.button("Mark seen", key=f"{key}_seen", on_click=on_seen, icon=":material/done:")
        st.button("Stop watching", key=f"{key}_stop", on_click=on_stop, icon=":material/visibility_off:")


def render_opened(watch: Watch, opened: Opened, *, key: str, since: str) -> None:
    """What opening the change read: the view's new deals, the investor's purchases, the parcel's new
    deeds, loans, permits and listings, the lender's loans, the wholesaler's listings."""
    if watch.kind == PARCEL and opened.parcel is not None:
        _render_parcel(opened.parcel, key=key, since=since)
    elif watch.kind == LENDER:
        st.caption(f"Loans recorded {since}:")
        render_lender_loans(loans_frame(list(opened.loans)), key=f"{key}_loans", file_stem="watched-lender")
    elif watch.kind == WHOLESALER:
        st.caption(f"Listings published {since}:")
        render_listings(listings_frame(list(opened.listings)), key=f"{key}_listings", file_stem="watched-wholesaler-listings")
    else:
        words = "Deals in this place" if watch.kind == VIEW else "Purchases"
        st.caption(f"{words} {since}:")
        render_deals(list(opened.deals), key=f"{key}_deals", file_name="deedscope-watched-deals.csv")


def _render_parcel(news: ParcelNews, *, key: str, since: str) -> None:
    st.caption(f"What the records added {since}:")
    for title, draw in (
        ("New deeds", lambda: render_chain_of_title(news.deeds, key=f"{key}_deeds", note=news.history_note)),
        ("New loans", lambda: render_loans(news.loans, key=f"{key}_loans")),
        ("New permits", lambda: render_permits(news.permits, key=f"{key}_permits")),
        ("New listings", lambda: render_listing_history(news.listings, key=f"{key}_listings", note=news.listings_note)),
    ):
        st.markdown(f"**{title}**")
        draw()


def render_watch_file(*, export_data: bytes, file_name: str, key: str, count: int, limit: int) -> bytes | None:
    """Export the list as a JSON file; a file to import, once the person presses to add it."""
    st.download_button("Export the list (JSON)", export_data, file_name=file_name, mime="application/json",
                       key=f"{key}_export", icon=":material/download:", disabled=count == 0,
                       help="A file of what you watch and what you last saw of each: nothing secret is in it.")
    uploaded = st.file_uploader("Import a watch list", type=["json"], key=f"{key}_upload",
                                help=f"A file deedscope's Export made. Its watches are added to yours (at most {limit}).")
    if uploaded is not None and st.button("Add these watches", key=f"{key}_import", icon=":material/upload:"):
        return uploaded.getvalue()
    return None
