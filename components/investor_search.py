"""Investor name-search hits and the leaderboard of a place, as sortable tables with links."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

import pandas as pd
import streamlit as st

from components.tables import date_column, link_column, money_column, page_href, render_table
from components.words import code_label, party_name
from services.data_api.models import InvestorRow

# data-api.md, Limits 6: name searches return at most 50 hits.
NAME_SEARCH_MAX_HITS = 50

# The columns a hit or a leaderboard row may carry, in the order a reader scans them, each read off
# the row by its field (tests/components/test_names.py checks each is a field of InvestorRow).
ROW_FIELDS = (("Market", "market"), ("State", "state"), ("Kind", "kind"), ("Deals", "n_deals"), ("Events", "n_events"),
              ("Parcels", "n_parcels"), ("Volume", "volume"), ("Flips", "n_flips"), ("Holds", "n_holds"),
              ("Last bought", "last_bought_on"), ("Last deal", "last_deal_on"), ("Id", "id"))
ROW_COLUMNS = tuple((label, attrgetter(field)) for label, field in ROW_FIELDS)


def investor_rows_frame(rows: Sequence[InvestorRow]) -> pd.DataFrame:
    """One row per investor with a `profile` link; columns no row carries are left out."""
    carried = [(label, read) for label, read in ROW_COLUMNS if any(read(row) is not None for row in rows)]
    records = []
    for row in rows:
        # A row without a name is a private person's (never served): said, not its id.
        record = {"Investor": party_name(row), **{label: read(row) for label, read in carried}}
        if "Kind" in record:
            record["Kind"] = code_label(record["Kind"])
        record["Profile"] = page_href("investors", {"investor": row.id})
        records.append(record)
    frame = pd.DataFrame.from_records(records)
    for label in ("Last bought", "Last deal"):
        if label in frame:
            frame[label] = pd.to_datetime(frame[label], errors="coerce")
    return frame


def _column_config() -> dict:
    return {
        "Profile": link_column("Profile", display_text="open"),
        "Volume": money_column("Volume"),
        "Last bought": date_column("Last bought"),
        "Last deal": date_column("Last deal"),
    }


def render_investor_hits(hits: Sequence[InvestorRow], *, capped: bool, key: str) -> None:
    """Search hits; when the service capped them, say plainly that more names matched."""
    if not hits:
        st.info("No investor name matches this search. Try fewer or different words (at least 2 characters).")
        return
    noun = "hit" if len(hits) == 1 else "hits"
    st.caption(f"{len(hits)} {noun}, best match first.")
    if capped:
        st.warning(
            f"Only the first {NAME_SEARCH_MAX_HITS} matches are shown: more names match this search. "
            "Add a word to narrow it.",
            icon=":material/content_cut:",
        )
    render_table(investor_rows_frame(hits), key=key, column_config=_column_config(), file_name="investor-search.csv")


def render_leaderboard(rows: Sequence[InvestorRow], *, key: str, file_name: str = "investor-leaderboard.csv") -> None:
    """The investors of a place in the chosen order, with links to their profiles."""
    if not rows:
        st.info("No investors bought in this place with these filters. Widen the place, dates or kinds.")
        return
    frame = investor_rows_frame(rows)
    frame.insert(0, "Rank", range(1, len(frame) + 1))
    render_table(frame, key=key, column_config=_column_config(), file_name=file_name)
