"""The one Watch button every page draws beside what can be watched (issue 47): a view of the Map,
an investor's profile, a property, a lender, a wholesaler. One click watches it, named by what it
is; watched, the same place offers to stop. What the click did is said once, as a toast.

Pages call it with what the adapter offers (`adapter.watching.button(watch)`), so each page's hook
is one line.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from components.tables import escape_markdown


def render_watch_button(
    *, name: str, watched: bool, on_watch: Callable[[], None], on_stop: Callable[[], None], key: str,
    said: str | None = None, refused: str | None = None,
) -> None:
    """"Watch" (or "Watching", which stops it) for the thing named `name`; `refused` says why it
    cannot be watched as it is (a place that does not read), the button then disabled."""
    if watched:
        st.button("Watching", key=key, on_click=on_stop, icon=":material/visibility:", type="secondary",
                  help=f"You watch {escape_markdown(name)}: its changes show on the Watching page. Press to stop.")
    else:
        st.button("Watch", key=key, on_click=on_watch, icon=":material/add_alert:", disabled=refused is not None,
                  help=refused or f"Watch {escape_markdown(name)}: what each publish adds shows on the Watching page.")
    if said:
        st.toast(said, icon=":material/visibility:")
