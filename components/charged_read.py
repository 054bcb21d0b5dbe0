"""The one cost confirmation before a read that may cost credits (data-api.md, Limits 3).

Ask, state the most the read may cost, load only once the person confirms; a failed read
is said with the shared error renderer and the question starts again. Every charged read
of every page goes through `confirm_charged_read`, so a person meets one way of agreeing.

The component keeps its stage in `st.session_state[f"{key}_state"]` (the widget keys it was
given, STYLE.md) for one `signature` of the read: a different signature (another cell,
other filters, another investor) starts again from the question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import streamlit as st

from components.feedback import render_error
from services.errors import ApiError

T = TypeVar("T")

NO_COST_TEXT = "The cost cannot be stated because the cell's summary did not load: try again when it does."


def confirm_charged_read(
    key: str,
    signature: tuple,
    *,
    ask_label: str,
    cost_text: str | None,
    load: Callable[[], T],
    asked: bool = False,
    confirm_label: str = "Confirm",
    error_title: str | None = None,
    error_fields: dict[str, str] | None = None,
) -> T | None:
    """What `load()` returned once the person agreed to its cost, or None until then.

    Widget keys: `{key}_ask` (the button that asks), `{key}_confirm`, `{key}_cancel`.
    `cost_text` states the most the read may cost; None when it cannot be stated (the read
    is then refused, said plainly). With `asked=True` the person's own action (opening a
    link, choosing a hit) was the asking: the cost is stated at once beside one button
    labelled `confirm_label`, and no Cancel (there is no question to go back to). A failed
    load is shown under `error_title` (default: `ask_label`), a refused value by its name in
    `error_fields` (components/feedback.py).
    """
    state_key = f"{key}_state"
    state = st.session_state.get(state_key)
    if state is not None and state.get("signature") != signature:
        state = None
    if state is None and (asked or st.button(ask_label, key=f"{key}_ask")):
        state = {"signature": signature, "stage": "asked"}
    if state is not None and state["stage"] == "asked":
        state = _question(key, signature, cost_text, asked=asked, confirm_label=confirm_label)
    if state is not None and state["stage"] == "loading":
        try:
            state = {"signature": signature, "stage": "loaded", "rows": load()}
        except ApiError as error:
            render_error(error, title=error_title or ask_label, fields=error_fields)
            state = None
    st.session_state[state_key] = state
    return state["rows"] if state is not None and state["stage"] == "loaded" else None


def _question(key: str, signature: tuple, cost_text: str | None, *, asked: bool, confirm_label: str) -> dict | None:
    """The asked stage: the cost and its buttons; the next state (None when refused or cancelled)."""
    if cost_text is None:
        st.warning(NO_COST_TEXT)
        return None
    question = st.empty()
    with question.container():
        st.warning(cost_text, icon=":material/payments:")
        if asked:
            confirmed, cancelled = st.button(confirm_label, key=f"{key}_confirm", type="primary"), False
        else:
            confirm, cancel = st.columns(2)
            confirmed = confirm.button(confirm_label, key=f"{key}_confirm", type="primary")
            cancelled = cancel.button("Cancel", key=f"{key}_cancel")
    if confirmed:
        # Answered: the question goes, the loading takes its place.
        question.empty()
        return {"signature": signature, "stage": "loading"}
    if cancelled:
        st.session_state[f"{key}_state"] = None
        st.rerun()
    return {"signature": signature, "stage": "asked"}
