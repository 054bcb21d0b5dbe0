"""The one adapter that puts Streamlit around `services`: caching, session state, settings.

Pages call these functions and never build HTTP requests (docs/architecture.md, App).

- `settings()`: the environment / secrets settings; with no host set, the embedded
  sandbox is started once per process and the settings point at it.
- `data_api()`: one `httpx2.Client` and one cache store per process (`st.cache_resource`,
  keyed on the settings, so two keys never share a client), and one `DataApi` per
  session in `st.session_state` so each session has its own credit meter.
- Free reads the map repeats on every rerun (cells, coverage, the dataset probe) are
  memoised with `st.cache_data`, keyed on the settings' fingerprint too.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from services import basemap, embedded
from services.settings import Settings, load_settings

SESSION_API = "queries_data_api"
SESSION_API_FINGERPRINT = "queries_data_api_fingerprint"
# A page must answer within seconds: past this wait a 429 is shown ("try again in N s"),
# not slept through (STYLE.md: cap the wait, raise with .retry_after).
APP_MAX_RETRY_WAIT_S = 3.0
# The Data API's reads on a page wait at most 1 s for a server-directed retry (a 503
# `pool_saturated` asks for 1 s); a longer `Retry-After` (a 429) is shown as "try again in N s".
DATA_MAX_RETRY_WAIT_S = 1.0
# Free reads keep their answer this long within a process; the service cache under them
# is keyed on the dataset version (data-api.md, Limits 7).
FREE_READ_TTL_S = 300
BASEMAP_SETTING = "DEEDSCOPE_BASEMAP"
# How long an answer of the tiles' style holds: a demo that goes back online gets its tiles.
TILES_PROBE_TTL_S = 600
# static_data.py folder of the map's cell rows (static/map-cells/).
MAP_ROWS_FOLDER = "map-cells"
# The map element's script, built by `make` (frontend/), and its static_data.py folder.
MAP_SCRIPT = Path(__file__).resolve().parent / "frontend" / "dist" / "map_element.js"
MAP_SCRIPT_FOLDER = "map-element"


def ensure_app_router() -> None:
    """Send a page opened on a fresh server through app.py's navigation.

    Streamlit 1.67 runs a server's very first script run in its legacy `pages/` mode when
    that folder exists, so a deep link (`/investors?investor=...`) or the OAuth redirect
    to `/marketplace` arriving first would run the page alone: no app.py navigation, no
    sidebar. `st.navigation` ends that mode for the whole process; a page run in it ends
    it too and reruns, and the rerun goes through app.py to the same page and query.
    """
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()


def settings() -> Settings:
    """Settings of this process; the embedded sandbox when no host is configured."""
    loaded = load_settings()
    if loaded.is_embedded:
        return loaded.with_api_url(embedded.url())
    return loaded


def settings_fingerprint(current: Settings | None = None) -> str:
    """A stable key of who calls where, without the key itself in it."""
    current = current or settings()
    secret = current.api_key.get_secret_value() if current.api_key else ""
    digest = hashlib.sha256(f"{current.api_url}|{secret}|{current.on_behalf_of}".encode()).hexdigest()
    return digest[:24]


def basemap_enabled() -> bool:
    """Carto tiles: always with `DEEDSCOPE_BASEMAP=carto`, never with `none` (tests,
    offline demos), and by default (`auto`) while Carto's style answers from here."""
    from components.map_layers import CARTO_POSITRON

    value = os.environ.get(BASEMAP_SETTING)
    if value is None:
        value = _secret(BASEMAP_SETTING.lower())
    return basemap.tiles_wanted(None if value is None else str(value), lambda: _tiles_reachable(CARTO_POSITRON))


@st.cache_data(show_spinner=False, ttl=TILES_PROBE_TTL_S)
def _tiles_reachable(style_url: str) -> bool:
    return basemap.tiles_reachable(style_url)


def _secret(name: str) -> Any:
    try:
        return st.secrets.get(name)
    except Exception:  # noqa: BLE001 - no secrets file is the common case
        return None


def _close_resources(resources: tuple[Any, Any]) -> None:
    resources[0].close()


@st.cache_resource(show_spinner=False, on_release=_close_resources)
def _shared_resources(fingerprint: str) -> tuple[Any, Any]:
    """One HTTP client and one cache store per process and settings."""
    from services.cache import MemoryStore
    from services.transport import new_http_client

    return new_http_client(), MemoryStore()


def data_api():
    """This session's `DataApi` (its own credit meter) over the process's shared client and cache."""
    from services.data_api import DataApi

    current = settings()
    fingerprint = settings_fingerprint(current)
    api = st.session_state.get(SESSION_API)
    if api is None or st.session_state.get(SESSION_API_FINGERPRINT) != fingerprint:
        http_client, store = _shared_resources(fingerprint)
        api = DataApi(current, http_client=http_client, cache=store, max_retry_wait=DATA_MAX_RETRY_WAIT_S)
        st.session_state[SESSION_API] = api
        st.session_state[SESSION_API_FINGERPRINT] = fingerprint
    return api


def credits() -> tuple[int, int | None]:
    """Credits charged this session and the balance last seen."""
    meter = data_api().credits
    return int(meter.charged or 0), meter.remaining


# --- free reads, memoised across reruns ---------------------------------------------------


def dataset() -> dict:
    """`GET /v1/dataset` as a plain dict (dataset_version, data_end, published_at, states)."""
    return _dataset(settings_fingerprint())


@st.cache_data(ttl=60, show_spinner=False, max_entries=16)
def _dataset(fingerprint: str) -> dict:
    return _plain(data_api().dataset())


def coverage_markets() -> list[dict]:
    """The served markets of `GET /v1/coverage` as plain dicts."""
    return _coverage_markets(settings_fingerprint())


@st.cache_data(ttl=FREE_READ_TTL_S, show_spinner=False, max_entries=16)
def _coverage_markets(fingerprint: str) -> list[dict]:
    coverage = _plain(data_api().coverage.retrieve())
    return list(coverage.get("markets") or [])


def deal_cells(place: Mapping[str, Any], filters: Mapping[str, Any], resolution: int) -> pd.DataFrame:
    """`GET /v1/deals/cells` (0 credits) as a frame: cell, n_deals, n_investors, median_price."""
    return _deal_cells(settings_fingerprint(), _frozen(place), _frozen(filters), resolution)


@st.cache_data(ttl=FREE_READ_TTL_S, show_spinner=False, max_entries=64)
def _deal_cells(fingerprint: str, place: tuple, filters: tuple, resolution: int) -> pd.DataFrame:
    api = data_api()
    return api.deals.cells_frame(**dict(place), **dict(filters), resolution=resolution)


def deal_summary(place: Mapping[str, Any], filters: Mapping[str, Any]) -> dict:
    """`GET /v1/deals/summary` (free) as a plain dict."""
    return _deal_summary(settings_fingerprint(), _frozen(place), _frozen(filters))


@st.cache_data(ttl=FREE_READ_TTL_S, show_spinner=False, max_entries=64)
def _deal_summary(fingerprint: str, place: tuple, filters: tuple) -> dict:
    return _plain(data_api().deals.summary(**dict(place), **dict(filters)))


# --- the map's drawing, memoised: a warm rerun costs a lookup, not 20,000 cells -------------


def map_spec(geometry: Mapping[str, Any], filters: Mapping[str, Any], view_text: str, fit_to_cells: bool, markets_json: str):
    """The Map page's deck spec of a view, with the view and resolution drawn.

    Markets come as JSON text: Streamlit hashes a string at once, a nested list of dicts
    item by item on every rerun. Defined here, not in the page script, so the cached
    function is made once per process rather than on every rerun.
    """
    return _map_spec(
        settings_fingerprint(), _frozen(geometry), _frozen(filters), view_text, fit_to_cells, markets_json, basemap_enabled()
    )


@st.cache_data(show_spinner=False, max_entries=32, ttl=FREE_READ_TTL_S)
def _map_spec(
    fingerprint: str, geometry: tuple, filters: tuple, view_text: str, fit_to_cells: bool, markets_json: str, basemap: bool
):
    """A ZIP list or a city has no box of its own: the first read at the market's resolution
    finds where its cells are, and a finer read fills that box."""
    import json

    import h3

    from components.map_labels import city_labels
    from components.map_layers import build_spec
    from components.map_markets import shapes_in_view
    from components.map_view import View, camera, choose_resolution

    place, conditions = dict(geometry), dict(filters)
    view = View.parse(view_text)
    cells, resolution = _cells_at_most(place, conditions, choose_resolution(view))
    if fit_to_cells and len(cells):
        view = View.covering([h3.cell_to_latlng(cell) for cell in cells["cell"].astype(str)])
        finer = choose_resolution(view)
        if finer != resolution:
            cells, resolution = _cells_at_most(place, conditions, finer)
    shapes = shapes_in_view(json.loads(markets_json), view)
    labels = () if basemap else city_labels(view)
    spec = build_spec(cells, camera=camera(view), markets=shapes, labels=labels, basemap=basemap)
    return spec, view.text(), resolution


class MapUnavailable(RuntimeError):
    """The map's script cannot reach the browser; the message says what to do."""


def map_script_url() -> str:
    """Where the browser loads the map element's script (components/map_element.py):
    published like the cells' rows, under a name made of its content, so a browser keeps
    it cached until it changes."""
    import static_data

    try:
        text, digest = _map_script(MAP_SCRIPT.stat().st_mtime_ns)
    except FileNotFoundError:
        raise MapUnavailable(
            "The map's script is not built: run `make run`, which builds it (frontend/, with Node.js and npm)."
        ) from None
    url = static_data.publish(MAP_SCRIPT_FOLDER, digest, text, suffix=".js")
    if url is None:
        raise MapUnavailable(
            "The map's script cannot be served: turn on `server.enableStaticServing` (.streamlit/config.toml) "
            "and let the app write its `static/` folder."
        )
    return url


@functools.lru_cache(maxsize=2)
def _map_script(modified_ns: int) -> tuple[str, str]:
    """The built script and a hash of it, read again when the file changes."""
    text = MAP_SCRIPT.read_text(encoding="utf-8")
    return text, hashlib.sha256(text.encode()).hexdigest()[:32]


def _cells_at_most(place: dict, conditions: dict, resolution: int) -> tuple[pd.DataFrame, int]:
    """The cells at this resolution, or the finest coarser one the API answers: a place
    holding more than the API serves at once (50,000 cells, decisions.md) answers
    `400 validation_error` on `resolution`, and a coarser map of it is better than none."""
    from components.map_view import MIN_RESOLUTION
    from services.errors import ValidationError

    while True:
        try:
            return deal_cells(place, conditions, resolution), resolution
        except ValidationError as error:
            if resolution <= MIN_RESOLUTION or not any(item.get("param") == "resolution" for item in error.errors):
                raise
            resolution -= 1


def map_data_urls(spec) -> dict[str, str]:
    """Where the browser fetches each cell layer's rows (static_data.py); empty, so the rows
    go inline, where files cannot be served."""
    import static_data

    urls: dict[str, str] = {}
    for layer_id, rows in spec.rows.items():
        url = static_data.publish(MAP_ROWS_FOLDER, spec.digests[layer_id], rows)
        if url is None:
            return {}
        urls[layer_id] = url
    return urls


# --- charged reads: never memoised here, so the session's meter sees every charge ---------


def top_investors(place: Mapping[str, Any], filters: Mapping[str, Any], *, limit: int = 10) -> list[dict]:
    """The first page of `GET /v1/investors` (default sort `events_desc`) in a place."""
    page = data_api().investors.list(**dict(place), **dict(filters), limit=limit)
    return [_plain(item) for item in page.items]


def list_deals(place: Mapping[str, Any], filters: Mapping[str, Any], *, progress=None) -> list[dict]:
    """Every deal of a place, page by page (`GET /v1/deals`); `progress(pages, rows)` after each page."""
    page = data_api().deals.list(**dict(place), **dict(filters))
    return [_plain(item) for item in page.walk(progress=progress)]


# --- helpers --------------------------------------------------------------------------------


def _frozen(values: Mapping[str, Any]) -> tuple:
    """A hashable, order-free form of request parameters (lists become tuples)."""
    return tuple(sorted((key, tuple(value) if isinstance(value, list) else value) for key, value in values.items() if value is not None))


def _plain(value: Any) -> Any:
    """Pydantic models to dicts, so cached values and components see plain data."""
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


# --- Marketplace ----------------------------------------------------------------------------
# Owned by the Marketplace page (issue 7). One `MarketplaceLogin` per process (it holds the
# pending logins of every session, keyed by `state`); tokens only in this session's state.

MKT_SESSION_TOKENS = "mkt_tokens"  # a TokenHolder, or a token dict to seed one (tests)


@st.cache_resource(show_spinner=False)
def _marketplace_login(auth_url: str, marketplace_url: str, app_url: str, client_id: str | None):
    from types import SimpleNamespace

    from services.oauth import MarketplaceLogin
    from services.transport import new_http_client

    login_settings = SimpleNamespace(
        auth_url=auth_url, marketplace_url=marketplace_url, app_url=app_url, oauth_client_id=client_id
    )
    return MarketplaceLogin(login_settings, http_client=new_http_client())


def marketplace_login():
    """The process's login (discovery, client id, pending logins)."""
    current = settings()
    return _marketplace_login(current.auth_url, current.marketplace_url, current.app_url, current.oauth_client_id)


def marketplace_tokens():
    """This session's `TokenHolder`, or None when nobody is logged in."""
    from services.oauth import TokenHolder

    held = st.session_state.get(MKT_SESSION_TOKENS)
    if isinstance(held, dict) and held.get("access_token"):
        held = TokenHolder(marketplace_login(), held)
        st.session_state[MKT_SESSION_TOKENS] = held
    return held if isinstance(held, TokenHolder) else None


def marketplace():
    """This session's `MarketplaceApi`, or None when nobody is logged in."""
    from services.marketplace_api import MarketplaceApi
    from services.transport import shared_http_client

    tokens = marketplace_tokens()
    if tokens is None:
        return None
    return MarketplaceApi(settings(), tokens, http_client=shared_http_client(), sleep=_marketplace_sleep)


def _marketplace_sleep(seconds: float) -> None:
    # A page waits at most a few seconds for a server-directed retry.
    import time

    time.sleep(min(seconds, APP_MAX_RETRY_WAIT_S))


def marketplace_begin_login(return_to: str = "marketplace") -> str:
    """The issuer URL that starts a login from this session."""
    return marketplace_login().begin(return_to=return_to)


def marketplace_complete_login(code: str, state: str, issuer: str | None = None) -> str:
    """Exchange the code of the redirect back; keeps the tokens in this session; returns the page to show."""
    holder, pending = marketplace_login().complete(code=code, state=state, issuer=issuer)
    st.session_state[MKT_SESSION_TOKENS] = holder
    return pending.return_to


def marketplace_log_out() -> None:
    """Forget this session's tokens and revoke the refresh token at the issuer."""
    tokens = marketplace_tokens()
    st.session_state.pop(MKT_SESSION_TOKENS, None)
    if tokens is not None:
        tokens.log_out()


def marketplace_forget_login() -> None:
    """Drop tokens the issuer no longer honours (a failed refresh), without a revocation call."""
    st.session_state.pop(MKT_SESSION_TOKENS, None)
