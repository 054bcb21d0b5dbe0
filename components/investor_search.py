"""Investor name-search hits and the leaderboard of a place, as sortable tables with links."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from components.tables import date_column, link_column, money_column, page_href, render_table
from components.words import code_label, party_name

# data-api.md, Limits 6: name searches return at most 50 hits.
NAME_SEARCH_MAX_HITS = 50

# The columns a hit or a leaderboard row may carry, in the order a reader scans them.
_ROW_COLUMNS = [
    ("display_name", "Investor"),
    ("market", "Market"),
    ("state", "State"),
    ("kind", "Kind"),
    ("n_deals", "Deals"),
    ("n_events", "Events"),
    ("n_parcels", "Parcels"),
    ("volume", "Volume"),
    ("n_flips", "Flips"),
    ("n_holds", "Holds"),
    ("last_bought_on", "Last bought"),
    ("last_deal_on", "Last deal"),
    ("id", "Id"),
]


def investor_rows_frame(rows: Sequence[Mapping]) -> pd.DataFrame:
    """One row per investor with a `profile` link; columns the data does not carry are left out."""
    records = []
    for row in rows:
        record = {label: row.get(field) for field, label in _ROW_COLUMNS if field in row}
        # A row without a name is a private person's (never served): said, not its id.
        record["Investor"] = party_name(dict(row))
        if "Kind" in record:
            record["Kind"] = code_label(record["Kind"])
        record["Profile"] = page_href("investors", {"investor": row.get("id", "")})
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


def render_investor_hits(hits: Sequence[Mapping], *, capped: bool, key: str) -> None:
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


def render_leaderboard(rows: Sequence[Mapping], *, key: str, file_name: str = "investor-leaderboard.csv") -> None:
    """The investors of a place in the chosen order, with links to their profiles."""
    if not rows:
        st.info("No investors bought in this place with these filters. Widen the place, dates or kinds.")
        return
    frame = investor_rows_frame(rows)
    frame.insert(0, "Rank", range(1, len(frame) + 1))
    render_table(frame, key=key, column_config=_column_config(), file_name=file_name)
