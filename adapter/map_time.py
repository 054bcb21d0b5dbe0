"""The Map page's time: the view's cells read once per month of the period, and published.

A read per month (the free cells read, mapspec/timeline.py says the period), once per view
and filters: memoised here, and each read through the client's cache (the same read by
another session is served from it). The reads run a few at a time: every one goes through
the client's transport, which waits out a `429` as the documents
say (services/transport.py, at most 1 s on a page, else the error says when to try again),
and the per-minute limit counts calls however they overlap; `MONTH_READERS` keeps the
burst small, well under the shared HTTP pool (services/contract.py, MAX_CONNECTIONS).
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from typing import Any

import pandas as pd
import streamlit as st

from adapter import data, static_files
from adapter.values import frozen
from mapspec.classes import ColourChoice
from mapspec.filters import DealFilters
from mapspec.layers import MapSpec
from mapspec.timeline import Period, Timeline, build_timeline, month_filters, period_of

# Reads in flight at once for one view's months.
MONTH_READERS = 4
# static_files folder of the months' entries (static/map-time/).
TIME_ROWS_FOLDER = "map-time"


def timeline(place: Mapping[str, Any], filters: DealFilters, data_end: date | None, spec: MapSpec, colour: ColourChoice) -> Timeline | None:
    """The months of the view drawn (`spec`), read once per view and filters; None when
    nothing says when the period ends (no data date, no end date) or nothing is drawn."""
    period = period_of(filters.sold_from, filters.sold_to, data_end)
    if period is None or spec.resolution is None:
        return None
    key = data.read_key()
    months = _month_cells(key, frozen(place), frozen(filters.params()), period.spans, spec.resolution)
    colour_key = (colour.metric, colour.method, colour.breaks)
    reads = months_key(place, filters, period, spec.resolution)
    return _timeline(key, tuple(sorted(spec.digests.items())), reads, colour_key, spec, period, months)


def months_key(place: Mapping[str, Any], filters: DealFilters, period: Period, resolution: int) -> tuple:
    return (frozen(place), frozen(filters.params()), period.spans, resolution)


@st.cache_data(show_spinner=False, max_entries=16, ttl=data.MEMO_TTL_S)
def _month_cells(key: data.ReadKey, place: tuple, filters: tuple, spans: tuple, resolution: int) -> tuple[pd.DataFrame, ...]:
    api = data.data_api()  # this session's client, taken here: the readers have no session
    where, conditions = dict(place), dict(filters)

    def read(span) -> pd.DataFrame:
        return api.deals.cells_frame(**where, **month_filters(conditions, span), resolution=resolution)

    with ThreadPoolExecutor(max_workers=MONTH_READERS, thread_name_prefix="deedscope-months") as readers:
        return tuple(readers.map(read, spans))


@st.cache_data(show_spinner=False, max_entries=16, ttl=data.MEMO_TTL_S)
def _timeline(
    key: data.ReadKey, digests: tuple, months_key: tuple, colour_key: tuple, _spec: MapSpec, _period: Period, _months: tuple
) -> Timeline:
    # Keyed on the version, the rows' digests and the reads' key: the spec and frames themselves
    # are not hashed on every rerun (a leading underscore tells Streamlit so).
    return build_timeline(_spec, _period, _months, ColourChoice(*colour_key))


def timeline_url(line: Timeline) -> str | None:
    """Where the browser fetches the months' entries; None (sent inline) where files cannot be served."""
    return static_files.publish(TIME_ROWS_FOLDER, line.digest, line.entries)
