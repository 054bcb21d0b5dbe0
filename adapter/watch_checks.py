"""What changed for each watch at this publish, from free reads only; and what opening a change reads.

A watch's figures (watches/model.py: Figures) come from a read that costs nothing (data-api.md,
Limits 3), memoised under the dataset version (`adapter.data.ReadKey`), so a page run after a
publish reads each once and later runs none:
- a view: `GET /v1/deals/summary` of its place and filters (the Map's own memo), by month;
- an investor: the name search (`/v1/investors/search`), its hit's purchases and last purchase, where
  the host serves them (an investor the search does not find is said, and checked when opened);
- a parcel: the summary of its deeds (`property_id` as the place), by month;
- a lender: its profile (early access, free): loans, the latest, and an old id followed;
- a wholesaler: its profile (early access, free): listings, the latest.
A charged read happens only when the person opens a change (`opening`), its cost said first by
the page (components/charged_read.py) within the session's budget.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta
from typing import Any, NamedTuple

import streamlit as st
from streamlit.runtime.scriptrunner import add_script_run_ctx, get_script_run_ctx

import adapter.data
import adapter.investors
import adapter.lenders
import adapter.properties
from adapter.properties import ParcelPage
import adapter.wholesale
from adapter.data import MEMO_TTL_S, ReadKey, read_key
from mapspec.markets import market_named
from mapspec.place import place_request
from services.data_api.models import CoverageMarket, DealSummary
from services.errors import ApiError, GoneError, NotFoundError, UnprocessableError
from watches.changes import FAILED, GONE, MOVED, UNKNOWN, UNPUBLISHED, Check, compare
from watches.model import INVESTOR, LENDER, PARCEL, VIEW, Figures, Seen, Watch
from watches.names import day_words
from watches.opened import Opened, ParcelNews, ProfileCheck
from watches.targets import view_place

# The name search takes at most 100 characters (decisions.md, name searches).
MAX_QUERY_CHARS = 100
# An opened change lists at most this many rows (a view's deals, an investor's purchases, a lender's loans).
MAX_OPENED_ROWS = 200


class Read(NamedTuple):
    """A watch's free read: its figures, or a status that stops the comparison (with its words)."""

    figures: Figures | None
    status: str | None = None
    note: str | None = None
    moved_to: str | None = None
    moved_name: str | None = None


def check(watch: Watch) -> Check:
    """The watch at this publish: changed, unchanged, new, or why it cannot be compared."""
    try:
        read = _read(read_key(), watch.kind, watch.target, watch.name)
    except ApiError as error:
        return _refused(error)
    if read.figures is None:
        return Check(read.status or UNKNOWN, note=read.note, moved_to=read.moved_to, moved_name=read.moved_name)
    return compare(watch, seen_of(read.figures))


def checks(watches: list[Watch]) -> list[Check]:
    read_all(watches)
    return [check(watch) for watch in watches]


# After a publish every watch's free read is made again: this many at once (on the sandbox, 2 cores
# shared, 50 reads one after another took 3.3 s of the page's 3.6).
READS_AT_ONCE = 4
_readers = ThreadPoolExecutor(max_workers=READS_AT_ONCE, thread_name_prefix="deedscope-watch-reads")
READ_FOR = "watch_read_for"  # session: (the read key, the watches) whose reads are memoised


def read_all(watches: list[Watch]) -> None:
    """The watches' free reads at this version into the memo, a few at once, each with this session's
    script context (its client); once per version and list in a session. A read that fails is left
    to `check`, which reads it again and says why."""
    key = read_key()
    marker = (key, tuple(watch.key for watch in watches))
    if st.session_state.get(READ_FOR) == marker:
        return
    context = get_script_run_ctx()

    def read(watch: Watch) -> None:
        if context is not None:
            add_script_run_ctx(threading.current_thread(), context)
        try:
            _read(key, watch.kind, watch.target, watch.name)
        except ApiError:
            pass

    list(_readers.map(read, watches))
    st.session_state[READ_FOR] = marker


def seen_now(watch: Watch) -> Seen | None:
    """What the person sees of the watch now (its baseline when made), or None when it cannot be read."""
    try:
        read = _read(read_key(), watch.kind, watch.target, watch.name)
    except ApiError:
        return None
    return None if read.figures is None else seen_of(read.figures)


def seen_of(figures: Figures) -> Seen:
    dataset = adapter.data.dataset()
    data_end = None if dataset.data_end is None else dataset.data_end.isoformat()
    return Seen(adapter.data.dataset_version(), data_end, figures)


def changed_count(watches: list[Watch]) -> int:
    """How many watches changed since the person looked (the sidebar): the memoised free reads, none
    at all for a watch already seen at this version."""
    version = adapter.data.dataset_version()
    unseen = [watch for watch in watches if not (watch.seen and watch.seen.version == version)]
    read_all(unseen)
    return sum(1 for watch in unseen if check(watch).changed)


# --- the free reads, memoised under the dataset version ----------------------------------------------


@st.cache_data(ttl=MEMO_TTL_S, show_spinner=False, max_entries=512)
def _read(key: ReadKey, kind: str, target: tuple, name: str) -> Read:
    target_map = dict(target)
    if kind == VIEW:
        return _view_read(target_map)
    record_id = target_map["id"]
    if kind == INVESTOR:
        return _investor_read(record_id, name)
    if kind == PARCEL:
        summary = adapter.data.deal_summary({"property_id": record_id}, {})
        return Read(_summary_figures(summary))
    if kind == LENDER:
        lender, resolved_from = adapter.lenders.lender(record_id)
        if resolved_from and lender.id != record_id:
            return Read(None, MOVED, "The lender's records now keep it under a new entry: the watch follows it.",
                        lender.id, lender.name)
        return Read(Figures(lender.n_loans, (), _iso(lender.last_loan_on)))
    profile = adapter.wholesale.wholesaler(record_id)
    return Read(Figures(profile.n_listings, (), _iso(profile.last_published_on)))


def _view_read(target: Mapping[str, str]) -> Read:
    watch = Watch(VIEW, tuple(sorted(target.items())), "", "")
    market, geometry, problem = view_geometry(watch)
    if market is None:
        return Read(None, UNPUBLISHED, f"The data service no longer serves the market {view_place(watch)[0].market}.")
    if problem:
        return Read(None, UNKNOWN, problem)
    return Read(_summary_figures(adapter.data.deal_summary(geometry, view_place(watch)[1].params())))


def view_geometry(watch: Watch) -> tuple[CoverageMarket | None, dict, str | None]:
    """The view's market (None when no longer served), its request's place, and what is wrong with it."""
    place, _filters = view_place(watch)
    market = market_named(place.market, adapter.data.markets())
    geometry, _view, problem = place_request(place, market)
    return market, geometry, problem


def _investor_read(investor_id: str, name: str) -> Read:
    if len(name.strip()) < 2 or name.startswith("An individual investor"):
        return Read(None, UNKNOWN, "The records do not name this investor, so its purchases are checked only when "
                                   "you open it.")
    hits, _capped = adapter.investors.search(name.strip()[:MAX_QUERY_CHARS])
    hit = next((hit for hit in hits if hit.id == investor_id), None)
    if hit is None:
        return Read(None, UNKNOWN, "Its name no longer finds it: the records may keep it under a new entry. "
                                   "Open it to check.")
    if hit.n_deals is None:
        return Read(None, UNKNOWN, "The data service does not count its purchases for free: open it to check.")
    return Read(Figures(hit.n_deals, (), _iso(hit.last_bought_on)))


def _iso(day: date | None) -> str | None:
    return None if day is None else day.isoformat()


def _summary_figures(summary: DealSummary) -> Figures:
    return Figures(summary.n_deals, tuple((month.month, month.n) for month in summary.by_month), None)


def _refused(error: ApiError) -> Check:
    """A free read refused: what the host no longer serves is said so; anything else is shown as a problem."""
    if isinstance(error, GoneError):
        return Check(GONE, note="The data service no longer serves it: a registry run retired it.", problem=error)
    if isinstance(error, NotFoundError):
        return Check(GONE, note="The data service does not find it any more.", problem=error)
    if isinstance(error, UnprocessableError) and str(error.code or "").endswith("_unavailable"):
        return Check(UNPUBLISHED, note="Its market no longer publishes this data.", problem=error)
    return Check(FAILED, note="It could not be checked just now.", problem=error)


# --- opening a change: the reads behind it ----------------------------------------------------------------


def since_day(watch: Watch) -> date | None:
    """The first day after the data the person last saw."""
    if watch.seen is None or not watch.seen.data_end:
        return None
    return date.fromisoformat(watch.seen.data_end) + timedelta(days=1)


def opening_cost(watch: Watch, count: int) -> int:
    """At most what opening the change costs: a view's or an investor's new deals (1 each new to the
    session), a parcel's page (1 unless held); a lender's or wholesaler's reads are free."""
    if watch.kind in (VIEW, INVESTOR):
        return adapter.data.estimate_cost("deal", count=min(count, MAX_OPENED_ROWS))
    if watch.kind == PARCEL:
        return adapter.properties.parcel_cost(str(watch.record_id))
    return 0


def opening(watch: Watch, first_month: str | None) -> Opened:
    """The change's rows: the view's new deals, the investor's purchases, the parcel's page, the lender's
    loans, the wholesaler's listings, from the day after the data last seen (or the first new month's
    first day, where a summary counted a late deed in an earlier month)."""
    start = _start(watch, first_month)
    record_id = str(watch.record_id)
    if watch.kind == VIEW:
        _market, geometry, _problem = view_geometry(watch)
        params = view_place(watch)[1].params()
        if start and start > params.get("from_", ""):
            params["from_"] = start
        return Opened(deals=adapter.data.list_deals(geometry, params, max_rows=MAX_OPENED_ROWS))
    if watch.kind == INVESTOR:
        page = adapter.data.data_api().investors.deals(record_id, limit=MAX_OPENED_ROWS, **({"from_": start} if start else {}))
        return Opened(deals=list(page.walk(max_rows=MAX_OPENED_ROWS)))
    if watch.kind == PARCEL:
        return Opened(parcel=parcel_news(adapter.properties.parcel_page(record_id), start))
    if watch.kind == LENDER:
        return Opened(loans=adapter.lenders.loans(record_id, {"from_": start} if start else {}, max_rows=MAX_OPENED_ROWS))
    rows = adapter.wholesale.wholesaler_listings(record_id, max_rows=MAX_OPENED_ROWS)
    return Opened(listings=[row for row in rows if not start or (_iso(row.published_on) or "") >= start])


# A parcel page's parts and the date each row is dated by (adapter/properties.py:read_parcel_page).
PARCEL_PARTS = (("deeds", "history", "recorded_on"), ("loans", "financing", "recorded_on"),
                ("permits", "permits", "issued_on"), ("listings", "listings", "listed_on"))


def parcel_news(page: ParcelPage, start: str | None) -> ParcelNews:
    """The parcel page's rows dated from `start` on (a part its market does not publish stays None)."""
    parts = {name: None if getattr(page, part) is None else
             tuple(row for row in getattr(page, part) if start is None or (_iso(getattr(row, field)) or "") >= start)
             for name, part, field in PARCEL_PARTS}
    return ParcelNews(**parts, history_note=page.notes.get("history"), listings_note=page.notes.get("listings"))


def _start(watch: Watch, first_month: str | None) -> str | None:
    days = [day for day in (since_day(watch), date.fromisoformat(f"{first_month}-01") if first_month else None) if day]
    return min(days).isoformat() if days else None


def refresh_version() -> None:
    """The dataset probe (free, unmetered), so a publish since the session's last poll is seen now."""
    adapter.data.data_api().refresh_version()


def profile_cost(watch: Watch) -> int:
    return adapter.investors.profile_cost(str(watch.record_id))


def check_by_profile(watch: Watch) -> ProfileCheck:
    """An investor its name no longer finds, checked by its profile (charged unless the account holds
    it): the record it is now kept under, that it is no longer served, or its figures to watch from."""
    record_id = str(watch.record_id)
    try:
        profile, resolved_from = adapter.investors.profile(record_id)
    except (GoneError, NotFoundError) as error:
        return ProfileCheck(gone=True, note=_refused(error).note)
    figures = Figures(profile.n_deals, (), _iso(profile.last_bought_on))
    return ProfileCheck(moved_to=profile.id if resolved_from and profile.id != record_id else None,
                        name=profile.display_name or profile.name, seen=seen_of(figures))


def since_words(watch: Watch) -> str:
    day = since_day(watch)
    return f"from {day_words(day)}" if day else "lately"
