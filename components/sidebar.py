"""The sidebar chrome every page shares: where the data comes from, how fresh, what it cost."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from components.tables import escape_markdown
from components.words import host_words
from components.tables import render_page_link


@dataclass(frozen=True)
class SourceStatus:
    """What the sidebar shows; built by the app shell from settings, `/v1/dataset` and the meter."""

    embedded: bool
    host: str  # host[:port] only: a URL the app shows never carries a credential
    dataset_version: int | None = None
    data_end: str | None = None
    credits_charged: int = 0
    credits_remaining: int | None = None
    problem: str | None = None  # the freshness probe failed: say so, keep the rest
    credit_budget: int | None = None  # the session's budget (issue 29, Credits)
    presenter: bool = False  # presenter mode: the plumbing (source, version, endpoint) is not shown
    budget_problems: tuple[str, ...] = ()  # a budget setting that could not be read
    watches: int = 0  # what the person watches (issue 47)
    watches_changed: int | None = None  # how many changed since they looked; None: not known just now


def render_sidebar(status: SourceStatus, *, key: str) -> None:
    """Draw into the current container (the app puts it in a sidebar slot it can redraw).

    It holds no widget, so `key` (kept for the components' signature) names nothing yet.
    """
    with st.container():
        st.markdown("### deedscope")
        if not status.presenter:
            _render_plumbing(status)
        remaining = "—" if status.credits_remaining is None else f"{status.credits_remaining:,}"
        columns = st.columns(2)
        columns[0].metric("Credits this session", f"{status.credits_charged:,}")
        if status.credit_budget is not None:
            columns[1].metric("Session budget", f"{status.credit_budget:,}")
            if not status.presenter:
                st.caption(f"Credits remaining on the account: {remaining}")
        else:
            columns[1].metric("Credits remaining", remaining)
        for problem in status.budget_problems:
            st.caption(problem)
        if status.watches:
            _render_watching(status.watches, status.watches_changed)


def _render_watching(watches: int, changed: int | None) -> None:
    """How many watches changed since the person looked, linked to the Watching page."""
    if changed is None:
        label = f"Watching {watches}: changes unknown just now"
    elif changed:
        label = f"Watching: {changed} changed"
    else:
        label = f"Watching {watches}: nothing new"
    render_page_link("pages/watching.py", "watching", label=label, query_params={})


def _render_plumbing(status: SourceStatus) -> None:
    """Where the data comes from and how fresh it is (hidden in presenter mode)."""
    if status.embedded:
        st.markdown("**Source:** the demo data (made-up records built into the app)")
    else:
        st.markdown(f"**Source:** deed records from {escape_markdown(host_words(status.host))}")
    if status.problem:
        st.caption(status.problem)
    else:
        version = "—" if status.dataset_version is None else str(status.dataset_version)
        st.markdown(f"**Dataset version:** {version}  \n**Data end:** {status.data_end or '—'}")
