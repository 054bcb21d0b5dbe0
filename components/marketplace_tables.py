"""What the marketplace tables share: readable headers and codes, blanks for missing values, UTC times."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pandas as pd
import streamlit as st

# Headers a person reads; a field not named here gets its name with spaces and a capital.
FIELD_LABELS = {
    "id": "Deal id",
    "offer_id": "Offer",
    "offer_amount": "Offer amount",
    "emd_amount": "Earnest money deposit",
    "min_emd": "Minimum EMD",
    "asking_price": "Asking price",
    "closing_date": "Closing date",
    "submitted_by": "Sent by",
    "decline_reason": "Reason",
    "created_at": "Sent (UTC)",
    "updated_at": "Updated (UTC)",
}


def field_label(name: str) -> str:
    """`asking_price` -> `Asking price`, or the label named in FIELD_LABELS."""
    return FIELD_LABELS.get(name) or readable_code(name).capitalize()


def readable_code(value: Any) -> str:
    """A code as words (`terms_unacceptable` -> `terms unacceptable`); missing -> blank."""
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return ""
    return str(value).replace("_", " ")


# The seven decline reasons (marketplace-api.md, Offer) as a person reads them ("emd" is no word).
REASON_WORDS = {
    "price_too_low": "Price too low", "emd_too_low": "Earnest money too low", "terms_unacceptable": "Terms unacceptable",
    "financing_unacceptable": "Financing unacceptable", "another_offer_accepted": "Another offer accepted",
    "buyer_unresponsive": "Buyer unresponsive", "other": "Other",
}


def reason_words(code: Any) -> str:
    """A decline reason's words; a reason the documents do not list reads as its own words."""
    return REASON_WORDS.get(str(code), readable_code(code).capitalize()) if code else ""


def timestamps(values: Iterable[Any]) -> pd.Series:
    """ISO timestamps ending `Z` as UTC datetimes; missing or unreadable ones stay empty (NaT)."""
    return pd.to_datetime(pd.Series(list(values), dtype="object"), utc=True, errors="coerce", format="ISO8601")


def dates(values: Iterable[Any]) -> pd.Series:
    """`YYYY-MM-DD` strings as dates; missing or unreadable ones stay empty."""
    parsed = pd.to_datetime(pd.Series(list(values), dtype="object"), errors="coerce", format="ISO8601")
    return parsed.dt.date.astype("object").where(parsed.notna(), None)


def blank_text(frame: pd.DataFrame, columns: Iterable[str]) -> pd.DataFrame:
    """Text columns print a blank, not `None`, where the API left a value out."""
    for column in columns:
        if column in frame.columns:
            frame[column] = frame[column].map(lambda value: "" if value is None or (isinstance(value, float) and pd.isna(value)) else value)
    return frame


def count_of(value: Any) -> int | None:
    """A member that should be a count (credits, a balance) as an int; None for anything else
    (absent, null, a word), so no sentence is built on it."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or pd.isna(value):
        return None
    return int(value)


def money_text(value: Any) -> str:
    """$152,000 for a number; blank for a missing one."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or pd.isna(value):
        return "" if value is None else str(value)
    return f"${value:,.0f}"


def rows_frame(rows: list[Mapping[str, Any]], columns: list[str]) -> pd.DataFrame:
    """A frame with exactly these columns, in order, even when `rows` is empty."""
    return pd.DataFrame([{column: row.get(column) for column in columns} for row in rows], columns=columns)


def utc_text(value: Any) -> str:
    """An ISO timestamp as `2026-11-23 00:00 UTC`; text that is not one is shown as it came."""
    if not value:
        return ""
    parsed = pd.to_datetime(str(value), utc=True, errors="coerce", format="ISO8601")
    return str(value) if pd.isna(parsed) else parsed.strftime("%Y-%m-%d %H:%M UTC")


def render_more(more: bool, shown: int, what: str) -> None:
    """Under a list walked to its bound: say that the marketplace holds more than the rows shown."""
    if more:
        st.caption(f"Showing the first {shown:,} {what}; the marketplace holds more.")


def render_listed(rows: Sequence, more: bool, render: Callable[[Sequence], None], what: str, *,
                  heading: str | None = None) -> None:
    """A list walked to its bound: its heading, its rows as `render` draws them, and under them
    whether the marketplace holds more (`what`: the rows' name, plural)."""
    if heading:
        st.markdown(f"**{heading}**")
    render(rows)
    render_more(more, len(rows), what)
