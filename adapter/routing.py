"""A page opened first on a fresh server still goes through app.py's navigation."""

from __future__ import annotations

import streamlit as st


def ensure_app_router() -> None:
    """Send a page opened on a fresh server through app.py's navigation.

    Streamlit 1.67 runs a server's very first script run in its legacy `pages/` mode when
    that folder exists, so a deep link (`/investors?investor=...`) or the OAuth redirect
    to `/marketplace` arriving first would run the page alone: no app.py navigation, no
    sidebar. `st.navigation` ends that mode for the whole process; a page run in it ends
    it too and reruns, and the rerun goes through app.py to the same page and query.
    """
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()
