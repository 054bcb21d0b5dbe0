"""What the desk's sections share: the notice said after a write, running one write, reading one list."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import streamlit as st

import adapter.marketplace
import adapter.marketplace_actions
from adapter.marketplace import LoginError
from components.feedback import read_or_say
from components.form_fields import FieldNotes
from components.marketplace_offers import render_events
from components.marketplace_problem import render_marketplace_problem, render_still_working
from components.marketplace_tables import render_listed
from services.errors import ApiError
from services.marketplace_api.models import UsageCap

T = TypeVar("T")

KEY_NOTICE = "desk_notice"
# Whose credits a Data API read on the marketplace's pages spends.
PLAN = "of your deed-records plan"
# A refusal said under the fields it named: the problem under the form points at them.
MARKED_TEXT = "What is wrong is said under the fields marked above; everything you typed is kept."


def show_notice() -> None:
    if notice := st.session_state.pop(KEY_NOTICE, None):
        st.success(notice, icon=":material/check_circle:")


def act(action: str, write: Callable[[], Any], *, success: str | Callable[[Any], str],
        title: str | None = None, form: FieldNotes | None = None, values: Mapping[str, Any] | None = None) -> Any:
    """Run one write; said in place when refused, else a notice (`success`, or `success(result)`
    when the words depend on the answer) and a rerun. A refusal naming a field of `form` is said
    under that field (`values`: what was sent); the form keeps what was typed until a send goes through."""
    return run_write(action, write, notice_key=KEY_NOTICE, success=success, title=title or f"The {action} was not done",
                     form=form, values=values, problem_key=f"desk_{action}_problem")


def run_write(action: str, write: Callable[[], Any], *, notice_key: str, success: str | Callable[[Any], str], title: str,
              problem_key: str, caps: list[UsageCap] | None = None, form: FieldNotes | None = None,
              values: Mapping[str, Any] | None = None) -> Any:
    """The one shape of a page's write (the desk's and the Marketplace page's `act`)."""
    try:
        result = write()
    except ApiError as error:
        if render_still_working(error, action):
            return None
        marked = form is not None and form.refused(error, values or {})
        render_marketplace_problem(error, key=problem_key, title=title, caps=caps,
                                   text=MARKED_TEXT if marked else None)
        return None
    if form is not None:
        form.sent()
    st.session_state[notice_key] = success(result) if callable(success) else success
    st.rerun()
    return result


def desk_read(read: Callable[[], T], *, key: str, title: str) -> T | None:
    """What `read()` answers, or None once its refusal is said in place, in the marketplace's words
    (components/marketplace_problem.py: its notes on caps, terms and scopes), under `key`."""
    return read_or_say(read, title=title, say=lambda error: render_marketplace_problem(error, key=key, title=title))


def read_questions(side: Any, *, key: str, title: str) -> tuple[Any, Any] | None:
    """The address requests and the questions of one side of the account (`side`: the buyer's or the
    seller's adapter, adapter/marketplace_buyer.py or marketplace_seller.py), or None once a refusal is said."""
    return desk_read(lambda: (side.address_requests(), side.inquiries()), key=key, title=title)


def render_event_feed(read: Callable[[], Any], *, key: str, deal_titles: Mapping[str, str]) -> None:
    """The latest events of the account (`read()`: a walked list), each deal by its title; a refusal
    said in place under `{key}_problem`."""
    if (events := desk_read(read, key=f"{key}_problem", title="The event feed could not be read")) is None:
        return
    render_listed(events.rows, events.more, lambda rows: render_events(rows, key=key, deal_titles=deal_titles),
                  "events, the latest")



def render_log_out(key: str, *, notice_key: str, forget: Iterable[str] = ()) -> None:
    """Log out: this browser's marketplace session ends and is revoked, the page says so on its
    next run (`notice_key`), and the writes kept for a resend and the session's `forget` keys go."""
    if not st.button("Log out", key=key):
        return
    try:
        adapter.marketplace.marketplace_log_out()
        st.session_state[notice_key] = "You are logged out; your marketplace session was revoked."
    except LoginError as error:
        st.session_state[notice_key] = f"You are logged out here, but {error.detail} {error.recovery}"
    adapter.marketplace_actions.forget_pending_writes()
    for name in forget:
        st.session_state.pop(name, None)
    st.rerun()
