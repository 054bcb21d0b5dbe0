"""The session's Data API client over one shared HTTP client and cache, and the pages' reads.

- `data_api()`: one `httpx2.Client` per process (`st.cache_resource`, keyed on the
  settings, so two keys never share a client) over the process's cache store (memory, or
  Redis shared by the replicas: `adapter.stores`), and one `DataApi` per
  session in `st.session_state` so each session has its own credit meter.
- Free reads the pages repeat on every rerun (cells, coverage, the dataset probe) are
  memoised with `st.cache_data`, keyed on the settings' fingerprint too. Charged reads are
  never memoised here, so the session's meter sees every charge.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd
import streamlit as st

from adapter.settings import settings, settings_fingerprint
from adapter.stores import stores
from adapter.values import frozen, plain
from services.contract import PAGE_LIMITS, VERSION_POLL_INTERVAL_S
from services.data_api import DataApi
from services.errors import NotFoundError, PermissionDeniedError
from services.transport import new_http_client

SESSION_API = "adapter_data_api"
# An early-access route closed to this key: answered as absent or refused (data-api.md, Versioning 5,
# "may be restricted further"; how is not shown). A page says the part is not open, and shows the rest.
ROUTE_CLOSED = (NotFoundError, PermissionDeniedError)
SESSION_API_FINGERPRINT = "adapter_data_api_fingerprint"
# The Data API's reads on a page wait at most 1 s for a server-directed retry (a 429 of
# 1 s); a longer `Retry-After` (a 429) is shown as "try again in N s".
DATA_MAX_RETRY_WAIT_S = 1.0
# Free reads keep their answer this long within a process; the service cache under them
# is keyed on the dataset version (data-api.md, Limits 7).
FREE_READ_TTL_S = 300
# The sidebar's freshness probe: an answer another session or replica got is served this long,
# while no answer has shown another version since (services.data_api.cache.VersionedCache.recent_probe):
# the ten minutes a session trusts a version before it polls again.
DATASET_SHARED_FOR_S = VERSION_POLL_INTERVAL_S


def _close_resources(resources: tuple[Any, Any]) -> None:
    resources[0].close()


@st.cache_resource(show_spinner=False, on_release=_close_resources)
def _shared_resources(fingerprint: str) -> tuple[Any, Any]:
    """One HTTP client per process and settings, and the cache store: this process's memory, or
    Redis shared by the replicas with `DEEDSCOPE_CACHE_URL` (adapter/stores.py)."""
    return new_http_client(), stores().cache


# components/feedback.py:TRY_AGAIN_KEY: the person pressed "Try again" under a timed-out read.
TRY_AGAIN_KEY = "data_try_again"


def data_api():
    """This session's `DataApi` (its own credit meter) over the process's shared client and cache.

    A read that timed out (`504`) is not sent again by a rerun (services/data_api/client.py)
    until the person presses "Try again" (`TRY_AGAIN_KEY`)."""
    current = settings()
    fingerprint = settings_fingerprint(current)
    api = st.session_state.get(SESSION_API)
    if api is None or st.session_state.get(SESSION_API_FINGERPRINT) != fingerprint:
        http_client, store = _shared_resources(fingerprint)
        api = DataApi(current, http_client=http_client, cache=store, max_retry_wait=DATA_MAX_RETRY_WAIT_S)
        st.session_state[SESSION_API] = api
        st.session_state[SESSION_API_FINGERPRINT] = fingerprint
    if st.session_state.pop(TRY_AGAIN_KEY, False):
        api.forget_timeouts()
    return api


def credits() -> tuple[int, int | None]:
    """Credits charged this session and the balance last seen."""
    meter = data_api().credits
    return int(meter.charged or 0), meter.remaining


def estimate_cost(kind: str, *, ids: list[str] | None = None, count: int | None = None) -> int:
    """At most how many credits a planned read costs this session (data-api.md, Limits 3):
    ids already served count 0; a `count` of rows counts 1 each."""
    return data_api().estimate_cost(kind, ids=ids, count=count)


# --- free reads, memoised across reruns ---------------------------------------------------


def dataset() -> dict:
    """`GET /v1/dataset` as a plain dict (dataset_version, data_end, published_at, states); an
    answer of the version in use that any replica got in the last ten minutes serves."""
    return _dataset(settings_fingerprint())


@st.cache_data(ttl=60, show_spinner=False, max_entries=16)
def _dataset(fingerprint: str) -> dict:
    return plain(data_api().dataset(max_age=DATASET_SHARED_FOR_S))


def coverage_markets() -> list[dict]:
    """The served markets of `GET /v1/coverage` as plain dicts."""
    return _coverage_markets(settings_fingerprint())


@st.cache_data(ttl=FREE_READ_TTL_S, show_spinner=False, max_entries=16)
def _coverage_markets(fingerprint: str) -> list[dict]:
    coverage = plain(data_api().coverage.retrieve())
    return list(coverage.get("markets") or [])


def deal_cells(place: Mapping[str, Any], filters: Mapping[str, Any], resolution: int) -> pd.DataFrame:
    """`GET /v1/deals/cells` (0 credits) as a frame: cell, n_deals, n_investors, median_price."""
    return _deal_cells(settings_fingerprint(), frozen(place), frozen(filters), resolution)


@st.cache_data(ttl=FREE_READ_TTL_S, show_spinner=False, max_entries=64)
def _deal_cells(fingerprint: str, place: tuple, filters: tuple, resolution: int) -> pd.DataFrame:
    api = data_api()
    return api.deals.cells_frame(**dict(place), **dict(filters), resolution=resolution)


def deal_summary(place: Mapping[str, Any], filters: Mapping[str, Any]) -> dict:
    """`GET /v1/deals/summary` (free) as a plain dict."""
    return _deal_summary(settings_fingerprint(), frozen(place), frozen(filters))


@st.cache_data(ttl=FREE_READ_TTL_S, show_spinner=False, max_entries=64)
def _deal_summary(fingerprint: str, place: tuple, filters: tuple) -> dict:
    return plain(data_api().deals.summary(**dict(place), **dict(filters)))


# --- charged reads: never memoised here, so the session's meter sees every charge ---------


def top_investors(place: Mapping[str, Any], filters: Mapping[str, Any], *, limit: int = 10) -> list[dict]:
    """`GET /v1/investors` (default sort `events_desc`) in a place, up to `limit` rows (a short
    page is not the end: data-api.md, Pagination)."""
    page = data_api().investors.list(**dict(place), **dict(filters), limit=limit)
    return [plain(item) for item in page.walk(max_rows=limit)]


def list_deals(
    place: Mapping[str, Any], filters: Mapping[str, Any], *, progress=None, max_rows: int | None = None
) -> list[dict]:
    """Every deal of a place, page by page (`GET /v1/deals`); `progress(pages, rows)` after each page.
    With `max_rows` the read stops there, and no page asks for more rows than are still wanted
    (each row may cost a credit: the narrower read a budget offers)."""
    limit = None if max_rows is None else max(1, min(max_rows, PAGE_LIMITS["deals"][1]))
    page = data_api().deals.list(**dict(place), **dict(filters), limit=limit)
    return [plain(item) for item in page.walk(progress=progress, max_rows=max_rows)]
