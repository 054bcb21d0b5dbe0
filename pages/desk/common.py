"""What the desk's sections share: the notice said after a write, running one write, reading one list."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import streamlit as st

from components.feedback import read_or_say
from components.marketplace_problem import render_marketplace_problem, render_still_working
from services.errors import ApiError

T = TypeVar("T")

KEY_NOTICE = "desk_notice"
# Whose credits a Data API read on the marketplace's pages spends.
PLAN = "of your deed-records plan"


def show_notice() -> None:
    if notice := st.session_state.pop(KEY_NOTICE, None):
        st.success(notice, icon=":material/check_circle:")


def act(action: str, write: Callable[[], Any], *, success: str | Callable[[Any], str],
        title: str | None = None) -> Any:
    """Run one write; said in place when refused, else a notice (`success`, or `success(result)`
    when the words depend on the answer) and a rerun."""
    try:
        result = write()
    except ApiError as error:
        if not render_still_working(error, action):
            render_marketplace_problem(error, key=f"desk_{action}_problem", title=title or f"The {action} was not done")
        return None
    st.session_state[KEY_NOTICE] = success(result) if callable(success) else success
    st.rerun()
    return result


def desk_read(read: Callable[[], T], *, key: str, title: str) -> T | None:
    """What `read()` answers, or None once its refusal is said in place, in the marketplace's words
    (components/marketplace_problem.py: its notes on caps, terms and scopes), under `key`."""
    return read_or_say(read, title=title, say=lambda error: render_marketplace_problem(error, key=key, title=title))

