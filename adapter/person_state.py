"""What of a session is the person's (issue 42): taken up by each new session of theirs (an OAuth
redirect, a reload, a second tab) and kept after each run, in the person's store (adapter/person.py).

- presenter mode, the session's credit budget, the tour and its step: the session-state keys
  each feature holds them in (`SESSION_PARTS`), taken up once by a new session, written when a
  run changed them;
- the credits spent and the records held: every run adds this session's spending to the
  person's record and shows the person's whole (services/data_api/credits.py), so two tabs
  count once and a login cannot start the meter or the budget again;
- the Map's state and each page's last selection are kept by their pages (pages/map_sections/
  state.py, adapter/routing.py);
- what a person typed into a form and has not sent (adapter/drafts.py): taken up by a new
  session, waiting for its form; forgotten once its send went through.
"""

from __future__ import annotations

import streamlit as st

import adapter.budget
import adapter.data
import adapter.drafts
import adapter.person
import adapter.presenter
import adapter.tour

# part -> the session-state keys that hold it (JSON values).
SESSION_PARTS: dict[str, tuple[str, ...]] = {
    "presenter": (adapter.presenter.SESSION_KEY,),
    "budget": (adapter.budget.SESSION_LIMIT,),
    "tour": adapter.tour.KEPT_BY_RESET,
}
CREDITS = "credits"
TAKEN_UP = "person_taken_up"  # this session took up the person's parts
KEPT = "person_kept"  # each part as this session last read or wrote it
CREDITS_MET = "person_credits_met"  # (the meter's id, its `charged` when it last met the person's record)


def begin() -> None:
    """At the top of each run: a new session takes up the person's parts; the meter meets the record."""
    if adapter.person.person_id() is None:
        return
    if not st.session_state.get(TAKEN_UP):
        kept = {}
        for part, keys in SESSION_PARTS.items():
            stored = adapter.person.get(part) or {}
            for key in keys:
                if key in stored and key not in st.session_state:
                    st.session_state[key] = stored[key]
            kept[part] = {key: st.session_state[key] for key in keys if key in st.session_state}
        st.session_state[KEPT] = kept
        adapter.drafts.take_up()
        st.session_state[TAKEN_UP] = True
    meet_the_record()


def keep() -> None:
    """At the end of each run: the parts this run changed, and what it spent."""
    if adapter.person.person_id() is None:
        return
    kept = st.session_state.setdefault(KEPT, {})
    for part, keys in SESSION_PARTS.items():
        now = {key: st.session_state[key] for key in keys if key in st.session_state}
        if now != kept.get(part):
            adapter.person.put(part, now)
            kept[part] = now
    adapter.drafts.keep()
    meet_the_record()


def meet_the_record() -> None:
    """This session's meter and the person's record of credits: this session's news added to it
    (under the store's lock), and the meter showing the person's whole."""
    meter = adapter.data.data_api().credits
    met_meter, since = st.session_state.get(CREDITS_MET) or (None, 0)
    if met_meter != id(meter):
        since = 0  # a new meter (a new session, a reset, new settings) has spent nothing yet
    record = adapter.person.get(CREDITS)
    if meter.adds_to(record, since):
        record = adapter.person.update(CREDITS, lambda now: meter.added_to(now, since))
    meter.take_up(record)
    st.session_state[CREDITS_MET] = (id(meter), meter.charged)


def forget_the_demo() -> None:
    """A demo reset: the person's parts go but presenter mode and the tour, which this session
    holds and writes again after the run (adapter/demo.py keeps their keys)."""
    adapter.person.forget()
    st.session_state.pop(KEPT, None)
