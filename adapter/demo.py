"""Reset the demo (issue 29): the embedded sandbox put back as it started, the session emptied.

Offered on the embedded sandbox only: it runs with its control routes (services/embedded.py),
whose reset restores the marketplace's demo offers and proofs of funds, every account's
credits and the clock (decisions.md, Sandbox). A live host is never reset from here.
"""

from __future__ import annotations

import streamlit as st

import adapter.data
import adapter.person_state
import adapter.presenter
import adapter.settings
import adapter.tour
from services import embedded

# What a reset keeps of the session: the presenter's own choices, not the demo's state.
KEPT = (adapter.presenter.SESSION_KEY, adapter.presenter.LINK_SEEN_KEY, *adapter.tour.KEPT_BY_RESET,
        adapter.person_state.TAKEN_UP)


# What a reset puts back and what it keeps, said before (the button's help) and after.
RESET_WORDS = (
    "Puts the demo data back as it started: the marketplace's offers and proofs of funds, the account's credits "
    "and the clock; forgets what was read and chosen. Presenter mode and the tour stay."
)
RESET_DONE = (
    "The demo is back as it started: offers, proofs of funds, credits and the clock. Presenter mode and the tour "
    "are as they were."
)


def reset_offered() -> bool:
    return adapter.settings.uses_embedded_sandbox()


def reset_demo() -> None:
    """Put the embedded sandbox back as it started and forget what this session read and cached."""
    if not reset_offered():
        raise RuntimeError("Only the embedded sandbox can be reset.")
    embedded.ensure_running().control("reset")
    # Answers kept for the account would call reads free that the reset account pays for again.
    adapter.data.data_api().forget_answers()
    st.cache_data.clear()
    # The person's too (in every tab of theirs): the credits spent, the Map, each page's selection.
    adapter.person_state.forget_the_demo()
    kept = {name: st.session_state[name] for name in KEPT if name in st.session_state}
    for name in list(st.session_state.keys()):
        if name not in kept:
            del st.session_state[name]
    st.session_state.update(kept)
