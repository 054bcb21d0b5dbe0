"""What the desk's sections share: the notice said after a write, and running one write."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from components.marketplace_problem import render_marketplace_problem, render_still_working
from services.errors import ApiError

KEY_NOTICE = "desk_notice"


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


def credits_text(cost: int, what: str) -> str:
    if cost == 0:
        return f"{what} costs nothing: this session has been served it already."
    return f"{what} may cost up to {cost} credit{'s' if cost != 1 else ''} of your deed-records plan (1 for each record new to your account)."
