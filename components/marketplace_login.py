"""The "Log in" button that sends this tab, not a new one, to the marketplace's issuer.

`st.link_button` opens an external URL in a new tab, so the login finished there and this
tab stayed logged out. A plain `<a href>` drawn by `st.html` (sanitized by DOMPurify, which
keeps `href`, `class` and `style`, and adds `target` only when one is given) navigates in
place; the redirect back opens the page in a new session that the pending login restores.

The URL is the app's own login route (`marketplace/login?return_to=…`), which begins the
login bound to the browser that follows it and redirects to the issuer with `state` and the
PKCE challenge; the verifier stays server-side with the pending login.
"""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser

import streamlit as st

LOGIN_LINK_CLASS = "mkt-login-link"
LOGIN_LABEL = "Log in"

STREAMLIT_PRIMARY = "#ff4b4b"
_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}")


def _style(primary: str) -> str:
    """Looks like Streamlit's primary button in the app's theme colour; scoped by class."""
    return f"""
<style>
a.{LOGIN_LINK_CLASS} {{
  display: inline-flex; align-items: center; justify-content: center;
  min-height: 2.5rem; padding: 0.25rem 1rem; border-radius: 0.5rem;
  background-color: {primary}; border: 1px solid {primary};
  color: #ffffff !important; font-weight: 400; line-height: 1.6;
  text-decoration: none !important;
}}
a.{LOGIN_LINK_CLASS}:hover {{ filter: brightness(0.9); }}
a.{LOGIN_LINK_CLASS}:focus-visible {{ outline: 2px solid {primary}; outline-offset: 2px; }}
</style>
"""


def theme_primary_colour() -> str:
    """The theme's primaryColor (.streamlit/config.toml) when it is a plain hex colour, else Streamlit's red."""
    configured = st.get_option("theme.primaryColor")
    return configured if isinstance(configured, str) and _HEX_COLOUR.fullmatch(configured) else STREAMLIT_PRIMARY


def login_link_html(url: str, *, key: str, label: str = LOGIN_LABEL, colour: str = STREAMLIT_PRIMARY) -> str:
    """An anchor without `target`, so the browser follows it in this tab; `key` is a second class."""
    classes = escape(f"{LOGIN_LINK_CLASS} {key}", quote=True)
    return f'{_style(colour)}<a class="{classes}" href="{escape(url, quote=True)}">{escape(label)}</a>'


def render_login_link(url: str, *, key: str, label: str = LOGIN_LABEL) -> None:
    """Draw the button-styled login link."""
    st.html(login_link_html(url, key=key, label=label, colour=theme_primary_colour()), width="content")


class _AnchorReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str]] = []
        self._open: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._open = {name: value or "" for name, value in attrs} | {"text": ""}

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open["text"] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open is not None:
            self.links.append(self._open)
            self._open = None


def read_login_links(html_body: str) -> list[dict[str, str]]:
    """The anchors in a drawn body (`href`, `class`, `target`, `text`): what a browser would follow."""
    reader = _AnchorReader()
    reader.feed(html_body)
    return [link for link in reader.links if LOGIN_LINK_CLASS in link.get("class", "").split()]
