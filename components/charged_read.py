"""The one cost confirmation before a read that may cost credits (data-api.md, Limits 3).

Ask, state the most the read may cost, load only once the person confirms; a failed read
is said with the shared error renderer and the question starts again. Every charged read
of every page goes through `confirm_charged_read`, so a person meets one way of agreeing.

The component keeps its stage in `st.session_state[f"{key}_state"]` (the widget keys it was
given, STYLE.md) for one `signature` of the read: a different signature (another cell,
other filters, another investor) starts again from the question.

With the read's `cost` (credits) and the session's `budget` (services/credit_budget.py, issue 29)
the question depends on the number: a small read that fits runs without a click, its cost said
as it runs; a larger one is confirmed on a button naming the number; one that would pass what is
left of the budget asks to raise the budget first; one above the whole budget is offered
narrower (`Narrower`: fewer rows, a smaller area). In presenter mode on the embedded sandbox
(`budget.free`) nothing is asked, not even the first click.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import streamlit as st

from components.feedback import render_error
from components.words import plural
from services.errors import ApiError

T = TypeVar("T")

NO_COST_TEXT = "The cost cannot be stated because the cell's summary did not load: try again when it does."


class BudgetRule(Protocol):
    """What the confirmation needs of the session's budget (services.credit_budget.Budget)."""

    limit: int
    free: bool

    @property
    def left(self) -> int: ...

    def decide(self, cost: int) -> Any: ...  # a Decision; its `.value` is run, confirm, raise or narrow

    def raised_for(self, cost: int) -> int: ...


@dataclass(frozen=True)
class Narrower:
    """A smaller read offered in place of one above the whole budget (fewer rows, a smaller area)."""

    label: str  # the button, naming its cost: "List the first 200 deals (up to 200 credits)"
    load: Callable[[], Any]


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
    cost: int | None = None,
    budget: BudgetRule | None = None,
    on_raise: Callable[[int], None] | None = None,
    narrower: Narrower | None = None,
    ask_when_free: bool = False,
    error_fields: dict[str, str] | None = None,
    data_version: object = None,
) -> T | None:
    """What `load()` returned once the person agreed to its cost, or None until then.

    Widget keys: `{key}_ask` (the button that asks), `{key}_confirm`, `{key}_cancel`.
    `cost_text` states the most the read may cost; None when it cannot be stated (the read
    is then refused, said plainly). With `asked=True` the person's own action (opening a
    link, choosing a hit) was the asking: the cost is stated at once beside one button
    labelled `confirm_label`, and no Cancel (there is no question to go back to). A failed
    load is shown under `error_title` (default: `ask_label`). With `cost` and `budget` the
    budget's rule decides (module docstring); `on_raise(new_budget)` raises it, and more
    widget keys come: `{key}_raise`, `{key}_narrow`. `ask_when_free`: the asking button stays
    in presenter mode too (a read that makes something on request, not one a page shows).
    A refused value is said by its name in `error_fields` (components/feedback.py).
    `data_version` is the dataset version the answer is of (`adapter.budget.rules` passes it): an
    answer held of another version is asked for again, as the person asked it (the budget decides).
    """
    state_key = f"{key}_state"
    state = st.session_state.get(state_key)
    if state is not None and state.get("signature") != signature:
        state = None
    if state is not None and state["stage"] == "loaded" and state.get("version") != data_version:
        state = {"signature": signature, "stage": "asked"}
    free = budget is not None and budget.free and not ask_when_free
    if state is None and (asked or free or st.button(ask_label, key=f"{key}_ask")):
        state = {"signature": signature, "stage": "asked"}
    if state is not None and state["stage"] == "asked":
        if budget is not None and cost is not None and cost_text is not None:
            state = _by_budget(key, signature, cost_text, cost, budget, on_raise, narrower, confirm_label, asked)
        else:
            state = _question(key, signature, cost_text, asked=asked, confirm_label=confirm_label)
    if state is not None and state["stage"] == "loading":
        try:
            reader = narrower.load if state.get("narrower") and narrower is not None else load
            state = {"signature": signature, "stage": "loaded", "rows": reader(), "version": data_version}
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


def _by_budget(
    key: str, signature: tuple, cost_text: str, cost: int, budget: BudgetRule,
    on_raise: Callable[[int], None] | None, narrower: Narrower | None, confirm_label: str, asked: bool,
) -> dict | None:
    """The asked stage under the session's budget: run, confirm naming the number, raise, or narrow."""
    decision = budget.decide(cost).value
    if decision == "run":
        # Small enough to need no click: its cost is said as it runs.
        st.caption(cost_text)
        return {"signature": signature, "stage": "loading"}
    if decision == "confirm":
        named = confirm_label if f"{cost:,}" in confirm_label else f"{confirm_label} ({plural(cost, 'credit')})"
        return _question(key, signature, cost_text, asked=asked, confirm_label=named)
    if decision == "raise":
        wanted = budget.raised_for(cost)
        st.warning(
            f"{cost_text}\n\nThat is more than the {plural(budget.left, 'credit')} left of this session's budget of "
            f"{budget.limit:,}: raise the budget to {wanted:,} credits first, or narrow the read.",
            icon=":material/savings:",
        )
        if on_raise is not None and st.button(f"Raise the budget to {wanted:,} credits", key=f"{key}_raise"):
            on_raise(wanted)
            st.rerun()
        return {"signature": signature, "stage": "asked"}
    st.warning(
        f"{cost_text}\n\nThat is more than this session's whole budget of {plural(budget.limit, 'credit')}: "
        "read less instead (fewer rows, or a smaller area).",
        icon=":material/savings:",
    )
    if narrower is not None and st.button(narrower.label, key=f"{key}_narrow", type="primary"):
        return {"signature": signature, "stage": "loading", "narrower": True}
    return {"signature": signature, "stage": "asked"}
