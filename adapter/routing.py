"""A page opened first on a fresh server still goes through app.py's navigation; a page's URL read and written for its codec (links/)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Generic, Protocol, TypeVar

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager

import adapter.person

L = TypeVar("L")


def ensure_app_router() -> None:
    """Send a page opened on a fresh server through app.py's navigation.

    Streamlit 1.67 runs a server's very first script run in its legacy `pages/` mode when
    that folder exists, so a deep link (`/investors?investor=...`) or the OAuth redirect
    to `/marketplace` arriving first would run the page alone: no app.py navigation, no
    sidebar. `st.navigation` ends that mode for the whole process; a page run in it ends
    it too and reruns, and the rerun goes through app.py to the same page and query.
    """
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()


def url_params(names: Iterable[str]) -> dict[str, list[str]]:
    """This page's URL query for the names a codec owns (links/), every value of each."""
    return {name: st.query_params.get_all(name) for name in names}


def set_url_params(names: Iterable[str], params: Mapping[str, str | list[str]]) -> None:
    """Make the URL hold `params` for the names a codec owns, changing only what differs
    (each change is a message to the browser); other names (a widget's own) stay."""
    for name in names:
        wanted = params.get(name)
        if not wanted:
            if name in st.query_params:
                st.query_params.pop(name)
        elif st.query_params.get_all(name) != ([wanted] if isinstance(wanted, str) else list(wanted)):
            st.query_params[name] = wanted


class LinkCodec(Protocol[L]):
    """A page's URL codec, a module of links/: the names it owns, `parse` and `write`."""

    NAMES: tuple[str, ...]

    def parse(self, params: Mapping[str, str | Sequence[str]]) -> L: ...

    def write(self, link: L) -> Mapping[str, str | list[str]]: ...


class PageLink(Generic[L]):
    """A page's link through its codec: `read()` from the URL, `write(link)` back to it. One
    way for every page (`LINK = PageLink(links.agents)`); names other widgets own (a tab's
    `section`) stay in the URL.

    The link is the page's selection (the open investor, property, lender), and the person's
    (issue 42, adapter/person.py): a URL that names none of it (the sidebar's, a new session's)
    opens the page on the person's last, from any session of theirs; what is written is kept."""

    def __init__(self, codec: LinkCodec[L]) -> None:
        self.codec = codec
        self.part = "page:" + codec.__name__.rsplit(".", 1)[-1]

    def read(self) -> L:
        params = url_params(self.codec.NAMES)
        if any(params.values()):
            adapter.person.keep(self.part, {name: values for name, values in params.items() if values})
        else:
            kept = adapter.person.taken_up(self.part)
            if kept:
                set_url_params(self.codec.NAMES, kept)
                params = url_params(self.codec.NAMES)
        return self.codec.parse(params)

    def write(self, link: L) -> None:
        params = self.codec.write(link)
        set_url_params(self.codec.NAMES, params)
        adapter.person.keep(self.part, {name: _listed(value) for name, value in params.items() if value})


def forget_selection(url_path: str) -> None:
    """The person's last selection on the page at `url_path` (a PageLink's part), forgotten:
    the sidebar then opens it as on a first visit."""
    adapter.person.keep(f"page:{url_path}", {})


def _listed(value: str | Sequence[str]) -> list[str]:
    """A query value as `url_params` reads it back: every value of the name, in a list."""
    return [value] if isinstance(value, str) else list(value)
