"""The name-search box of the pages that look things up by name, kept in the URL (`?q=`), and the search it starts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

import streamlit as st

from components.feedback import render_error
from services.contract import NAME_QUERY_MAX_LENGTH, NAME_QUERY_MIN_LENGTH
from services.errors import ApiError

T = TypeVar("T")


def render_name_search(label: str, *, key: str, placeholder: str, help: str) -> str | None:
    """The typed name once it is long enough to search, else None (with a hint when too short).

    The box starts from `?q=` and writes it back once checked, so a link reopens the same
    search. The box takes any length: a browser refuses a paste longer than a box's
    `max_chars` whole, and the box stayed empty with no word (issue 26); here a long name is
    kept as typed, said in one short line, and kept out of the URL.
    """
    query = st.text_input(label, value=st.query_params.get("q", ""), key=key, placeholder=placeholder, help=help).strip()
    if not query:
        st.query_params.pop("q", None)
        return None
    if len(query) > NAME_QUERY_MAX_LENGTH:
        st.error(f"This name is {len(query):,} characters long: a name search takes at most {NAME_QUERY_MAX_LENGTH}. "
                 "Shorten it to the name itself.", icon=":material/error:")
        return None
    st.query_params["q"] = query
    if len(query) < NAME_QUERY_MIN_LENGTH:
        st.info(f"Type at least {NAME_QUERY_MIN_LENGTH} characters to search.")
        return None
    return query


def search_by_name(label: str, *, key: str, placeholder: str, help: str, search: Callable[[str], T]) -> T | None:
    """What `search(name)` found for the name typed in the box, or None: nothing to search yet,
    or the search failed (said with the shared error renderer, titled "Search failed")."""
    query = render_name_search(label, key=key, placeholder=placeholder, help=help)
    if query is None:
        return None
    try:
        return search(query)
    except ApiError as error:
        render_error(error, title="Search failed")
        return None


def search_and_list(
    label: str, *, key: str, placeholder: str, many: str,
    search: Callable[[str], tuple[list, bool]], render_hits: Callable[..., None], hits_key: str,
) -> None:
    """A free name search and its hits: the box, then what `search(name)` found drawn by
    `render_hits(hits, key=hits_key)`, saying when more `many` match than are shown (the
    Lenders and Wholesale pages' search sections)."""
    found = search_by_name(label, key=key, placeholder=placeholder, help="A free search: it costs no credits.",
                           search=search)
    if found is None:
        return
    hits, capped = found
    if capped:
        st.caption(f"More {many} match than the {len(hits)} shown: type more of the name.")
    render_hits(hits, key=hits_key)


def render_pick(label: str, labels: Mapping[str, str], *, key: str, placeholder: str,
                on_pick: Callable[[str], None]) -> None:
    """A choice among `labels` (value -> words) that acts once, when a new one is made: a callback,
    so a choice left in the box from an earlier run never acts again (a hit opens its page, a parcel
    its property)."""
    def picked() -> None:
        if st.session_state.get(key):
            on_pick(st.session_state[key])

    st.selectbox(label, list(labels), index=None, format_func=labels.get, key=key, placeholder=placeholder,
                 on_change=picked)

