"""This person's state, kept beyond this Streamlit session (issue 42; services/stores/person_store.py).

The person is the id in the `HttpOnly` session cookie the app's middleware gives every browser
on its first page load (adapter/app_routes.py); Streamlit hands it to every session of that
browser in `st.context.cookies`. Without one (AppTest, a bare script run) there is no person and
nothing is kept: `get` answers None and `put` does nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from typing import Any

import streamlit as st

from adapter.stores import stores
from services.stores.login_sessions import COOKIE_NAME


def person_id() -> str | None:
    """The session cookie's id, if this session's browser sent one."""
    try:
        value = st.context.cookies.get(COOKIE_NAME)
    except Exception:  # noqa: BLE001 - no browser request behind this run (AppTest, a bare script)
        return None
    return value if isinstance(value, str) and value else None


def get(part: str) -> Any | None:
    person = person_id()
    return stores().people.get(person, part) if person else None


def put(part: str, value: Any) -> None:
    person = person_id()
    if person:
        stores().people.put(person, part, value)


def update(part: str, change: Callable[[Any | None], Any]) -> Any | None:
    """The part after `change`, read and written at once (None and nothing written without a person)."""
    person = person_id()
    return stores().people.update(person, part, change) if person else None


KEPT_PARTS = "person_parts_kept"  # each part as this session last read or wrote it
_NOTHING = object()


def taken_up(part: str) -> Any | None:
    """The person's `part`, as a new session takes it up (and `keep` then compares with)."""
    value = get(part)
    if value is not None:
        st.session_state.setdefault(KEPT_PARTS, {})[part] = value
    return value


def keep(part: str, value: Any) -> None:
    """`value` as the person's `part`, written only when it changed since this session last
    took it up or kept it (a page keeps its selection on every run)."""
    if person_id() is None:
        return
    kept = st.session_state.setdefault(KEPT_PARTS, {})
    if kept.get(part, _NOTHING) != value:
        put(part, value)
        kept[part] = value


@contextmanager
def choice(key: str, options: Collection[Any] | None = None) -> Iterator[None]:
    """Around the widget `key` (a select box, a page's tabs): a session that has no value for it
    yet (a new one, or back from another page) starts at the person's last choice in it, when it
    is still one of `options`; the choice made is then kept as theirs."""
    part = f"choice:{key}"
    if key not in st.session_state:
        last = taken_up(part)
        if last is not None and (options is None or last in options):
            st.session_state[key] = last
    yield
    value = st.session_state.get(key)
    if isinstance(value, str | int | float | bool):
        keep(part, value)


# The person's list of watches (adapter/watching.py): theirs, not the demo's, so a demo reset keeps it
# (a presenter resets, publishes news and shows what changed for what they watch).
WATCHES_PART = "watches"
KEPT_BY_RESET = (WATCHES_PART,)


def forget() -> None:
    """Every part of this person (a demo reset) but those `KEPT_BY_RESET`."""
    person = person_id()
    if person:
        people = stores().people
        kept = {part: people.get(person, part) for part in KEPT_BY_RESET}
        people.forget(person)
        for part, value in kept.items():
            if value is not None:
                people.put(person, part, value)
    st.session_state.pop(KEPT_PARTS, None)
