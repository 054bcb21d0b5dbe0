"""Lenders: find a lender, rank a market's lenders, read a lender's loans (CSV too) and borrowers.

Every lender route is early access and costs 0 credits (data-api.md, Limits 3). The URL holds
the selection (`links.lenders`): `?lender=len_...` a lender, `?market=DFW` the rankings' market.
A market's ranking is each lender's own rank there (adapter.lenders.market_leaders), said with how
far it reaches; a host that serves none is said so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import TypeVar

import streamlit as st

import adapter.data
import adapter.lenders
import adapter.map_files
import adapter.routing
import adapter.settings
import adapter.watching
import links.lenders
from adapter.data import ROUTE_CLOSED
from components.date_field import date_field
from components.feedback import read_or_say, read_record, render_error, unpublished_or_error
from components.lender_views import (
    loans_frame,
    render_borrowers,
    render_lender_cells,
    render_lender_hits,
    render_lender_profile,
    render_loans,
    render_lender_ranks,
    render_ranking_note,
    render_rankings,
)
from components.name_search import search_and_list
from components.tables import escape_markdown, render_page_link, render_resolved_from
from components.watch_button import render_watch_button
from services.contract import CSV_ROW_CAP, ID_EXAMPLES
from services.data_api.models import CoverageMarket, Lender, RankedLender
from services.errors import ApiError, ApiTimeoutError, RateLimitError, UnprocessableError

T = TypeVar("T")
# Loans shown in the table (the CSV export holds up to CSV_ROW_CAP).
LEADING_SHOWN = 25  # a market's leading lenders shown
MAX_LOANS_SHOWN = 2_000
MAX_BORROWERS = 500
CSV_KEY = "len_csv"
# Coverage's dataset of the lender registry: the markets that rank lenders.
LENDERS_DATASET = "lenders"


LINK = adapter.routing.PageLink(links.lenders)  # this page's URL (links/lenders.py)

def lender_markets() -> list[CoverageMarket]:
    """Coverage markets and whether each publishes a lender registry (`lenders` served or partial)."""
    try:
        return adapter.data.markets()
    except ApiError:
        return []


def publishes_lenders(market: CoverageMarket) -> bool:
    registry = market.datasets.get(LENDERS_DATASET)
    return registry is not None and registry.status in ("served", "partial")


# The registry refused to this key (data-api.md, Versioning 5: early-access routes may be restricted).
CLOSED_NOTE = "Lenders are not open to this account yet (they are in early access), so no ranking can be shown."


def unavailable_note(market: str) -> None:
    st.info(f"Market {market} has no published lender registry yet, so it has no lender "
            "rankings, loans or borrowers to show. The Coverage page lists which markets serve lenders.",
            icon=":material/account_balance:")


def lender_read(read: Callable[[], T], *, market: str, title: str) -> T | None:
    """What `read()` answers, or None once said why not: a market without a lender registry
    (`422 lenders_unavailable`) in words, any other problem under `title`."""
    return read_or_say(read, title=title,
                       say=unpublished_or_error("lenders_unavailable", lambda: unavailable_note(market), title=title))


def lender_search() -> None:
    search_and_list("Search lenders", key="len_query", placeholder="a bank or a private lender's name", many="lenders",
                    search=adapter.lenders.search, render_hits=render_lender_hits, hits_key="len_hits")


def rankings_section(markets: list[CoverageMarket]) -> None:
    st.subheader("Lenders ranked by loans, per market")
    codes = [market.market for market in markets]
    if not codes:
        st.caption("The coverage of the service could not be read.")
        return
    link = LINK.read()
    # Named as the Map names a market ("Dallas-Fort Worth (DFW)"), not by its code alone.
    names = {m.market: f"{m.name or m.market} ({m.market})" for m in markets if m.market}
    chosen = st.selectbox("Market", codes, index=codes.index(link.market) if link.market in codes else 0,
                          key="len_market", format_func=lambda code: names.get(code, code))
    if chosen != link.market:
        LINK.write(replace(link, market=chosen))
    market = next(m for m in markets if m.market == chosen)
    if not publishes_lenders(market):
        unavailable_note(chosen)
        return
    title = "The rankings could not be read"
    unpublished = unpublished_or_error("lenders_unavailable", lambda: unavailable_note(chosen), title=title)

    def say(error: ApiError) -> None:
        if isinstance(error, ROUTE_CLOSED):
            st.info(CLOSED_NOTE, icon=":material/account_balance:")
        else:
            unpublished(error)

    leaders = read_or_say(lambda: adapter.lenders.market_leaders(chosen, max_rows=LEADING_SHOWN), title=title, say=say)
    if leaders is None:
        return
    if not leaders.served:
        st.info(f"The service ranks no lender in {chosen}: search a lender above to see where it ranks in each "
                "market.", icon=":material/account_balance:")
        return
    render_rankings(leaders.rows, key="len_rankings", market=chosen)
    render_ranking_note(chosen, read=leaders.read, certain=leaders.certain, more=leaders.more)
    if leaders.rows and market.bbox:
        leader_map(leaders.rows[0], market)


def leader_map(leader: RankedLender, market: CoverageMarket) -> None:
    """Where the first of the ranking lends (`/v1/lenders/{id}/cells`: one lender's), called the market's
    leading lender only when its own rank says 1."""
    cells = read_or_say(lambda: adapter.lenders.cells(leader.id, {"bbox": market.bbox}, resolution=7),
                        title="The lender's map could not be read")
    if cells is None:
        return
    name = escape_markdown(leader.name or leader.id)
    who = f"{name}, the market's leading lender," if leader.rank == 1 else f"{name} (ranked {leader.rank})"
    st.markdown(f"**Where {who} lends** (financed deals per hexagon)")
    render_lender_cells(cells, key="len_market_cells", canvas=adapter.map_files.small_map_canvas())


def open_lender(lender_id: str) -> Lender | None:
    """The lender's profile, or None after saying why it could not be opened."""
    read = read_record(
        lambda: adapter.lenders.lender(lender_id), title="The lender could not be opened",
        not_an_id=f"“{escape_markdown(lender_id)}” is not a lender id: expected {ID_EXAMPLES['lender']}. "
                  "Search to find one.",
        gone=f"Lender {lender_id} is retired from the registry and no current record replaces it.",
        not_found=f"No lender has the id {lender_id}. Check it, or search.")
    if read is None:
        return None
    lender, resolved_from = read
    if resolved_from:
        render_resolved_from(resolved_from, lender.id, noun="lender")
    return lender


def lender_section(lender_id: str) -> None:
    lender = open_lender(lender_id)
    if lender is None:
        return
    render_lender_profile(lender, key="len_profile")
    render_watch_button(**adapter.watching.button(adapter.watching.of_lender(lender)), key="len_watch")
    render_page_link("pages/network.py", "network", label="The network around this lender's borrowers",
                     query_params={"market": (lender.markets[0].market or "") if lender.markets else ""})
    loans_tab, csv_tab, borrowers_tab, ranks_tab, map_tab = st.tabs(["Loans", "CSV export", "Borrowers", "Rankings",
                                                                     "Map"])
    with loans_tab:
        loans_section(lender)
    with csv_tab:
        csv_section(lender)
    with borrowers_tab:
        borrowers_section(lender)
    with ranks_tab:
        ranks_section(lender)
    with map_tab:
        lender_map(lender)


def ranks_section(lender: Lender) -> None:
    rows = read_or_say(lambda: adapter.lenders.rankings(lender.id), title="The lender's rankings could not be read")
    if rows is None:
        return
    st.caption("Where this lender stands by loans among each market's lenders.")
    render_lender_ranks(rows, key="len_ranks")


def loan_filters(lender: Lender, key: str) -> dict:
    """The loans' `market`, `from`, `to` (the same for the table and the CSV)."""
    markets = [market.market for market in lender.markets if market.market]
    columns = st.columns(3)
    market = columns[0].selectbox("Market", ["All markets", *markets], key=f"{key}_market")
    with columns[1]:
        start = date_field("Recorded on or after", key=f"{key}_from", min_value=date(2000, 1, 1), max_value=date(2100, 1, 1))
    with columns[2]:
        end = date_field("Recorded on or before", key=f"{key}_to", min_value=date(2000, 1, 1), max_value=date(2100, 1, 1))
    filters = {"market": None if market == "All markets" else market,
               "from_": start.isoformat() if start else None, "to": end.isoformat() if end else None}
    return {name: value for name, value in filters.items() if value}


def loans_section(lender: Lender) -> None:
    filters = loan_filters(lender, "len_loans")
    rows = lender_read(lambda: adapter.lenders.loans(lender.id, filters, max_rows=MAX_LOANS_SHOWN),
                       market=filters.get("market", ""), title="The loans could not be read")
    if rows is None:
        return
    if len(rows) >= MAX_LOANS_SHOWN:
        st.caption(f"The newest {MAX_LOANS_SHOWN:,} loans; the CSV export holds up to {CSV_ROW_CAP:,}.")
    render_loans(loans_frame(rows), key="len_loans", file_stem=lender.id)


def expected_rows(lender: Lender, filters: dict) -> int:
    """The loans an export would hold, as far as the profile tells (its market counts; dates narrow it further)."""
    if filters.get("market"):
        return next((m.n_loans or 0 for m in lender.markets if m.market == filters["market"]), 0)
    return int(lender.n_loans or 0)


def csv_section(lender: Lender) -> None:
    """data-api.md, Limits 5: an export holds at most 50,000 rows; 12 exports a minute, one at a time."""
    filters = loan_filters(lender, "len_csv")
    expected = expected_rows(lender, filters)
    st.caption(f"A CSV export holds at most {CSV_ROW_CAP:,} loans (and 12 exports a minute, one at a time). "
               f"This one would hold up to {expected:,}" + (" before the dates narrow it." if "from_" in filters
                                                             or "to" in filters else "."))
    if expected > CSV_ROW_CAP and "from_" not in filters and "to" not in filters:
        st.warning(f"That is over the {CSV_ROW_CAP:,}-row cap: choose a market or dates first.", icon=":material/warning:")
    # An export of another dataset version is not offered: the data changed since.
    signature = (lender.id, tuple(sorted(filters.items())), adapter.data.dataset_version())
    if st.button("Prepare the CSV", key=f"{CSV_KEY}_prepare"):
        st.session_state[CSV_KEY] = (signature, export_csv(lender.id, filters))
    prepared = st.session_state.get(CSV_KEY)
    if prepared and prepared[0] == signature and prepared[1] is not None:
        st.download_button("Download loans CSV", prepared[1].encode("utf-8"), file_name=f"{lender.id}-loans.csv",
                           mime="text/csv", key=f"{CSV_KEY}_download", type="primary")


def export_csv(lender_id: str, filters: dict) -> str | None:
    try:
        text = adapter.lenders.loans_csv(lender_id, filters)
    except UnprocessableError as error:
        if error.code == "csv_cap_exceeded":
            st.error(f"The service refused the export: it would pass {CSV_ROW_CAP:,} rows. "
                     "Choose one market or a shorter date range, then prepare it again; the Loans tab pages "
                     "through everything without the cap.", icon=":material/block:")
        else:
            render_error(error, title="The export failed")
        return None
    except RateLimitError as error:
        render_error(error, title="Too many exports this minute")
        return None
    except ApiTimeoutError:
        # Not resent by the client (data-api.md, Limits 5: one export in flight, and this one may still be).
        st.warning("The export did not finish in time. The service prepares one export at a time and may still "
                   "be preparing this one: prepare it again in a minute, or choose one market or fewer dates.",
                   icon=":material/hourglass_top:")
        return None
    except ApiError as error:
        render_error(error, title="The export failed")
        return None
    st.success(f"{max(text.count(chr(10)) - 1, 0):,} loans ready.", icon=":material/download:")
    return text


def borrowers_section(lender: Lender) -> None:
    rows = read_or_say(lambda: adapter.lenders.borrowers(lender.id, max_rows=MAX_BORROWERS),
                       title="The borrowers could not be read")
    if rows is None:
        return
    st.caption("Who this lender financed, most loans first. A person's name is never served.")
    render_borrowers(rows, key="len_borrowers", file_stem=lender.id)


def lender_map(lender: Lender) -> None:
    boxes = {market.market: market.bbox for market in lender_markets()}
    market = next((m.market for m in lender.markets if boxes.get(m.market)), None)
    if market is None:
        st.caption("No market of this lender could be placed on the map.")
        return
    cells = read_or_say(lambda: adapter.lenders.cells(lender.id, {"bbox": boxes[market]}, resolution=7),
                        title="The lender's map could not be read")
    if cells is None:
        return
    st.caption(f"This lender's financed deals in {market}, its busiest market.")
    render_lender_cells(cells, key="len_cells", canvas=adapter.map_files.small_map_canvas())


def main() -> None:
    st.title("Lenders")
    st.caption("Lender reads cost no credits while they are in early access.")
    lender_search()
    link = LINK.read()
    if link.lender:
        st.divider()
        lender_section(link.lender)
    st.divider()
    rankings_section(lender_markets())


adapter.routing.ensure_app_router()
main()
