"""The Map page's state in the session: one `MapState` (mapspec/map_state.py), read once at the
top of a run and written once at the end; an event from outside the run (a button's callback,
the tour, app.py) is applied by `send`. The widgets' keys and the map element's are here too."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

import adapter.person
from mapspec.map_state import COLOUR_KEY, FILTERS_KEY, PLACE_KEY, TIME_KEY, Controls, Event, MapState, controls_in, reduce

__all__ = ["CHART_KEY", "COLOUR_KEY", "FILTERS_KEY", "PLACE_KEY", "TIME_KEY", "load", "save", "send"]

STATE_KEY = "map_state"
CHART_KEY = "map_chart"  # the map element's state: what it reports (mapspec/message.py)
# The person's part (adapter/person.py): the Map's state in its link's form (links/map.py), which
# a new session of theirs restores when its URL names nothing of the map (issue 42).
PERSON_PART = "map"


def load() -> MapState:
    return st.session_state.get(STATE_KEY) or MapState()


def save(state: MapState) -> None:
    st.session_state[STATE_KEY] = state


def send(event: Event) -> None:
    """Apply an event now: a button's callback (before the run that reads the state), the tour's step."""
    save(reduce(load(), event))


def chart_report() -> Mapping | None:
    """What the map element last reported: its view, its pick, its area."""
    return st.session_state.get(CHART_KEY)


def controls_shown(codes: Sequence[str]) -> Controls | None:
    """What the widgets hold, or None when they are not there: the Map's widgets are dropped
    when another page runs, and a new session has none (its state is written into them)."""
    values = st.session_state
    return controls_in(values, codes) if f"{PLACE_KEY}_mode" in values else None


def write_widgets(values: Mapping[str, Any]) -> None:
    """The widgets' values, written before they are drawn (mapspec.map_state.settle)."""
    for key, value in values.items():
        st.session_state[key] = value


def kept_link() -> Mapping[str, str] | None:
    """The link of the Map as the person last saw it, in any session of theirs."""
    return adapter.person.taken_up(PERSON_PART)


def keep_link(query: Mapping[str, str]) -> None:
    adapter.person.keep(PERSON_PART, dict(query))
