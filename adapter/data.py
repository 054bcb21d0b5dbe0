"""The session's Data API client over one shared HTTP client and cache, and the pages' reads.

- `data_api()`: one `httpx2.Client` per process (`st.cache_resource`, keyed on the
  settings, so two keys never share a client) over the process's cache store (memory, or
  Redis shared by the replicas: `adapter.stores`), and one `DataApi` per
  session in `st.session_state` so each session has its own credit meter.
- One cache rule above the client (the card's, as below it): every memo keys on `read_key()`,
  who reads where (the settings' fingerprint) and the dataset version in use, and lives at most
  30 days (`MEMO_TTL_S`). The version is the client's (services/data_api/client.py:
  current_version): learned from any answer's `X-Dataset-Version` or its poll, and kept in the
  store the replicas share, so a republish once seen by any session is read by every session's
  next run, and the sidebar's version and the page's data are of one version.
- Free reads the pages repeat on every rerun (cells, coverage, the dataset probe) are memoised
  with `st.cache_data` under that key. Charged reads are never memoised here, so the session's
  meter sees every charge.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, NamedTuple

import pandas as pd
import streamlit as st

from adapter.settings import settings, settings_fingerprint
from adapter.stores import stores
from adapter.values import frozen, iso_text, plain
from services.contract import CACHE_MAX_TTL_S, PAGE_LIMITS, VERSION_POLL_INTERVAL_S
from services.data_api import DataApi
from services.data_api.models import Coverage, CoverageMarket, Dataset, Deal, DealSummary, InvestorRow
from services.errors import ApiError, NotFoundError, PermissionDeniedError
from services.transport import new_http_client

SESSION_API = "adapter_data_api"
SESSION_API_FINGERPRINT = "adapter_data_api_fingerprint"
# An early-access route closed to this key: answered as absent or refused (data-api.md, Versioning 5,
# "may be restricted further"; how is not shown). A page says the part is not open, and shows the rest.
ROUTE_CLOSED = (NotFoundError, PermissionDeniedError)
# The Data API's reads on a page wait at most 1 s for a server-directed retry (a 429 of
# 1 s); a longer `Retry-After` (a 429) is shown as "try again in N s".
DATA_MAX_RETRY_WAIT_S = 1.0
# Every memo above the client lives at most as long as the client's own entries (30 days,
# data-api.md, Limits 7); a new dataset version is a new key, so nothing waits for this.
MEMO_TTL_S = CACHE_MAX_TTL_S
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


# --- the key of every memo above the client ----------------------------------------------


class ReadKey(NamedTuple):
    """What a memo of Data API answers keys on: who reads where (the settings' fingerprint, never
    the API key) and the dataset version the answers are of (None before any answer named one)."""

    fingerprint: str
    version: str | None


def read_key() -> ReadKey:
    """This run's key: the session's settings and the version its client reads under now."""
    api = data_api()  # sets the fingerprint it was made for
    return ReadKey(st.session_state[SESSION_API_FINGERPRINT], api.current_version())


def dataset_version() -> str | None:
    """The dataset version this session reads under now (the key's), for what a page keeps itself."""
    return read_key().version


# --- free reads, memoised across reruns ---------------------------------------------------


def dataset() -> Dataset:
    """`GET /v1/dataset` (dataset_version, data_end, published_at, states) for the version in use;
    an answer of it that any replica got in the last ten minutes serves."""
    return _dataset(read_key())


@st.cache_data(ttl=MEMO_TTL_S, show_spinner=False, max_entries=16)
def _dataset(key: ReadKey) -> Dataset:
    return data_api().dataset(max_age=DATASET_SHARED_FOR_S)


def freshness(notes: list[str], what: str) -> dict[str, Any]:
    """The data's version, end and publishing time as a PDF prints them (the keywords of its data:
    services/pdf_parts.py, "The data"); None each, and a note for `what` ("this sheet"), where the
    freshness probe cannot be read."""
    try:
        found = dataset()
    except ApiError:
        notes.append(f"The data's freshness could not be read for {what}.")
        return {"dataset_version": None, "data_end": None, "published_at": None}
    return {"dataset_version": found.dataset_version, "data_end": iso_text(found.data_end),
            "published_at": iso_text(found.published_at)}


def markets() -> list[CoverageMarket]:
    """The served markets of `GET /v1/coverage`, in the service's order."""
    return _coverage(read_key()).markets


@st.cache_data(ttl=MEMO_TTL_S, show_spinner=False, max_entries=16)
def _coverage(key: ReadKey) -> Coverage:
    return data_api().coverage.retrieve()


def market_data_end(code: str | None) -> date | None:
    """The end of a served market's data (its coverage), or None for a market not served or undated."""
    return next((market.data_end for market in markets() if code and market.market == code), None)


def deal_cells(place: Mapping[str, Any], filters: Mapping[str, Any], resolution: int) -> pd.DataFrame:
    """`GET /v1/deals/cells` (0 credits) as a frame: cell, n_deals, n_investors, median_price."""
    return _deal_cells(read_key(), frozen(place), frozen(filters), resolution)


@st.cache_data(ttl=MEMO_TTL_S, show_spinner=False, max_entries=64)
def _deal_cells(key: ReadKey, place: tuple, filters: tuple, resolution: int) -> pd.DataFrame:
    api = data_api()
    return api.deals.cells_frame(**dict(place), **dict(filters), resolution=resolution)


def deal_summary(place: Mapping[str, Any], filters: Mapping[str, Any]) -> DealSummary:
    """`GET /v1/deals/summary` (free)."""
    return _deal_summary(read_key(), frozen(place), frozen(filters))


@st.cache_data(ttl=MEMO_TTL_S, show_spinner=False, max_entries=64)
def _deal_summary(key: ReadKey, place: tuple, filters: tuple) -> DealSummary:
    return data_api().deals.summary(**dict(place), **dict(filters))


# --- charged reads: never memoised here, so the session's meter sees every charge ---------


def top_investors(place: Mapping[str, Any], filters: Mapping[str, Any], *, limit: int = 10) -> list[InvestorRow]:
    """`GET /v1/investors` (default sort `events_desc`) in a place, up to `limit` rows (a short
    page is not the end: data-api.md, Pagination)."""
    page = data_api().investors.list(**dict(place), **dict(filters), limit=limit)
    return list(page.walk(max_rows=limit))


def list_deals(
    place: Mapping[str, Any], filters: Mapping[str, Any], *, progress=None, max_rows: int | None = None
) -> list[Deal]:
    """Every deal of a place, page by page (`GET /v1/deals`); `progress(pages, rows)` after each page.
    With `max_rows` the read stops there, and no page asks for more rows than are still wanted
    (each row may cost a credit: the narrower read a budget offers)."""
    limit = None if max_rows is None else max(1, min(max_rows, PAGE_LIMITS["deals"][1]))
    page = data_api().deals.list(**dict(place), **dict(filters), limit=limit)
    return list(page.walk(progress=progress, max_rows=max_rows))
