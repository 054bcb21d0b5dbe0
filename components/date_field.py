"""A date field that applies a typed date on Enter (issue 16, Map 6).

Streamlit 1.67's st.date_input takes a typed date only once focus leaves the field: not
while typing, not on Enter. This one is a components v2 element (frontend/src/date_field.js
and .css, read from their source: they need no build) around the browser's own date input,
which gives typing and a calendar: a typed date applies on Enter or when focus leaves the
field, a date picked from the calendar at once, and never on each keystroke (a typed year
passes through 0002, 0020 and 0202).

Its value is `st.session_state[key]`, the applied `date` or None, which a link or a test sets
as it set st.date_input's. The element's own state is under `f"{key}_field"`; what was typed
and refused (out of bounds, no date that exists) is said beside the field and not applied.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from functools import partial
from pathlib import Path

import streamlit as st

_SOURCE = Path(__file__).resolve().parent.parent / "frontend" / "src"

# Registered once per process: the page script runs on every rerun.
_component = st.components.v2.component(
    "deedscope.date_field",
    js=(_SOURCE / "date_field.js").read_text(encoding="utf-8"),
    css=(_SOURCE / "date_field.css").read_text(encoding="utf-8"),
)

NOT_A_DATE = "That is not a date that exists: fill in the month, day and year, or empty the field for no date."
# The browser's field takes years up to 275760; ISO dates up to 9999.
_TYPED = re.compile(r"(\d{4,6})-(\d{2})-(\d{2})")


def out_of_bounds(value: date, min_value: date | None, max_value: date | None) -> str | None:
    """What to say of a date outside the field's bounds, or None when it is inside them."""
    if min_value and value < min_value:
        return f"{value.isoformat()} is before the earliest date here, {min_value.isoformat()}: not applied."
    if max_value and value > max_value:
        return f"{value.isoformat()} is after the latest date here, {max_value.isoformat()}: not applied."
    return None


def read_typed(typed: object, min_value: date | None, max_value: date | None) -> tuple[date | None, str | None]:
    """What the element sent (`{"date": "YYYY-MM-DD" | None, "bad": bool}`): the date to
    apply (None: the field was emptied), or what to say instead of applying it."""
    if not isinstance(typed, dict) or typed.get("bad"):
        return None, NOT_A_DATE
    text = typed.get("date")
    if not text:
        return None, None
    found = _TYPED.fullmatch(str(text))
    if not found:
        return None, NOT_A_DATE
    if int(found.group(1)) > 9999:
        return None, f"{text} is after the latest date here, {max_value.isoformat()}: not applied." if max_value else NOT_A_DATE
    try:
        value = date.fromisoformat(found.group(0))
    except ValueError:
        return None, NOT_A_DATE
    problem = out_of_bounds(value, min_value, max_value)
    return (None, problem) if problem else (value, None)


def _as_date(value: object) -> date | None:
    """The session state's value as a date: a date, a datetime's day, an ISO string; else None."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            return None
    return None


def _apply_typed(key: str, min_value: date | None, max_value: date | None) -> None:
    """The element sent what was typed (Enter, a blur, a pick): applied, or refused and said.
    A callback, so the page's run that follows reads the new date from its first line."""
    element = st.session_state.get(f"{key}_field") or {}
    value, problem = read_typed(element.get("typed"), min_value, max_value)
    if problem:
        # Said while the applied date is the one it was said beside.
        st.session_state[f"{key}_problem"] = (problem, st.session_state.get(key))
    else:
        st.session_state[key] = value
        st.session_state.pop(f"{key}_problem", None)


def _checked_value(key: str, min_value: date | None, max_value: date | None) -> tuple[date | None, str | None]:
    """The applied date, and what the field says beside it. A value set from outside (a link,
    a test) that is no date or out of bounds is not applied: the field says so, empty."""
    raw = st.session_state.get(key)
    value = _as_date(raw)
    problem = out_of_bounds(value, min_value, max_value) if value else None
    if raw is not None and (value is None or problem):
        problem = problem or NOT_A_DATE
        st.session_state[f"{key}_problem"] = (problem, None)
        value = None
    if raw is not value:
        # A date from here on (a string or a datetime becomes one), or None when refused.
        st.session_state[key] = value
    said = st.session_state.get(f"{key}_problem")
    if said and said[1] == value:
        return value, said[0]
    return value, None


def said_beside(key: str) -> str | None:
    """What the field keyed `key` says beside itself after its run (a date refused), or None: a
    form whose date was refused is not sent with the date that stood before."""
    said = st.session_state.get(f"{key}_problem")
    return said[0] if said and said[1] == st.session_state.get(key) else None


def date_field(
    label: str,
    *,
    key: str,
    min_value: date | None = None,
    max_value: date | None = None,
    help: str | None = None,  # noqa: A002 (the name every Streamlit widget gives it)
) -> date | None:
    """A date a person types (applied on Enter or on leaving the field) or picks from a
    calendar (applied at once), or None when the field is empty: no date, no filter."""
    value, problem = _checked_value(key, min_value, max_value)
    _component(
        data={
            "label": label,
            "help": help,
            "value": value.isoformat() if value else None,
            "min": min_value.isoformat() if min_value else None,
            "max": max_value.isoformat() if max_value else None,
            "problem": problem,
        },
        key=f"{key}_field",
        default={"typed": None},
        on_typed_change=partial(_apply_typed, key, min_value, max_value),
    )
    return value
