"""The process's settings, as the app sees them, and whether the map draws tiles.

With no host set, the embedded sandbox is started once per process and the settings point
at it (decisions.md, Names and configuration).
"""

from __future__ import annotations

import hashlib
import os
import threading
from typing import Any
from urllib.parse import urlsplit

import cachetools
import streamlit as st

import mapspec.layers
from services import basemap, embedded
from services.settings import Settings, load_settings

BASEMAP_SETTING = "DEEDSCOPE_BASEMAP"
# How long an answer of the tiles' style holds: a demo that goes back online gets its tiles.
TILES_PROBE_TTL_S = 600


def settings() -> Settings:
    """Settings of this process; the embedded sandbox when no host is configured."""
    loaded = load_settings()
    if loaded.is_embedded:
        return loaded.with_api_url(embedded.url(_app_urls(loaded)))
    return loaded


def _app_urls(loaded: Settings) -> tuple[str, ...]:
    """The addresses of this app the embedded sandbox's registered app redirects to: its
    configured address, and this server's own port on loopback (the embedded default)."""
    port = st.get_option("server.port")
    return (loaded.app_url, f"http://localhost:{port}", f"http://127.0.0.1:{port}")


def app_address() -> str:
    """The app's own address for a link a person takes away (a brief's "Reopen this view"): the
    public address set in DEEDSCOPE_APP_URL, else the address this person's browser used
    (`st.context.url`), else the default. Never a loopback address another computer cannot open
    when a better one is known."""
    configured = load_settings()
    if "app_url" in configured.model_fields_set:
        return configured.app_url.rstrip("/")
    browser = urlsplit(st.context.url or "")
    if browser.scheme and browser.netloc:
        return f"{browser.scheme}://{browser.netloc}"
    return configured.app_url.rstrip("/")


AUTH_URL_MISSING = ("The marketplace login is off: this app reads a configured service, so it needs the "
                    "marketplace's sign-in address in the setting DEEDSCOPE_AUTH_URL (only the embedded sandbox's "
                    "is known without it). Everything else works.")


def marketplace_setup_problem() -> str | None:
    """What keeps the marketplace login from starting, in a person's words, or None."""
    return AUTH_URL_MISSING if load_settings().auth_url_missing else None


def uses_embedded_sandbox() -> bool:
    """Whether no host is configured, so the app reads the embedded sandbox (the sidebar says so)."""
    return load_settings().is_embedded


def settings_fingerprint(current: Settings | None = None) -> str:
    """A stable key of who calls where, without the key itself in it."""
    current = current or settings()
    secret = current.api_key.get_secret_value() if current.api_key else ""
    digest = hashlib.sha256(f"{current.api_url}|{secret}|{current.on_behalf_of}".encode()).hexdigest()
    return digest[:24]


def basemap_enabled() -> bool:
    """Carto tiles: always with `DEEDSCOPE_BASEMAP=carto`, never with `none` (tests,
    offline demos), and by default (`auto`) while Carto's style answers from here."""
    value = os.environ.get(BASEMAP_SETTING)
    if value is None:
        value = _secret(BASEMAP_SETTING.lower())
    return basemap.tiles_wanted(None if value is None else str(value), lambda: _tiles_reachable(mapspec.layers.CARTO_POSITRON))


# Not st.cache_data: a link's first paint asks outside any script run (adapter/link_view.py).
@cachetools.cached(cachetools.TTLCache(maxsize=4, ttl=TILES_PROBE_TTL_S), lock=threading.Lock())
def _tiles_reachable(style_url: str) -> bool:
    return basemap.tiles_reachable(style_url)


def _secret(name: str) -> Any:
    try:
        return st.secrets.get(name)
    except Exception:  # noqa: BLE001 - no secrets file is the common case
        return None
