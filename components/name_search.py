"""The name-search box of the Investors and Agents pages, kept in the URL (`?q=`)."""

from __future__ import annotations

import streamlit as st

from services.contract import NAME_QUERY_MAX_LENGTH, NAME_QUERY_MIN_LENGTH


def render_name_search(label: str, *, key: str, placeholder: str, help: str) -> str | None:
    """The typed name once it is long enough to search, else None (with a hint when too short).

    The box starts from `?q=` and writes it back, so a link reopens the same search.
    """
    query = st.text_input(
        label, value=st.query_params.get("q", ""), key=key, max_chars=NAME_QUERY_MAX_LENGTH,
        placeholder=placeholder, help=help,
    ).strip()
    if not query:
        st.query_params.pop("q", None)
        return None
    st.query_params["q"] = query
    if len(query) < NAME_QUERY_MIN_LENGTH:
        st.info(f"Type at least {NAME_QUERY_MIN_LENGTH} characters to search.")
        return None
    return query
