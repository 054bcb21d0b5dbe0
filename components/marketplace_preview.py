"""The counter preview before accepting a seller's round, and a change of terms side by side."""

from __future__ import annotations

from datetime import datetime, timezone

import pandas as pd
import streamlit as st

from components.marketplace_tables import money_text, readable_code
from components.tables import show_table
from services.marketplace_api.models import DealTerms, OfferPreview, PreviewTerms


def seconds_left(expires_at: str | None, now: datetime | None = None) -> int | None:
    """Whole seconds until `expires_at` (an ISO timestamp ending `Z`), never below zero."""
    if not expires_at:
        return None
    try:
        end = datetime.fromisoformat(expires_at.replace("Z", "+00:00"))
    except ValueError:
        return None
    now = now or datetime.now(timezone.utc)
    return max(int((end - now).total_seconds()), 0)


def deal_terms_rows(terms: DealTerms, prefix: str = "") -> dict[str, str]:
    """The deal's terms a host states, each as (words, value): a term it leaves out has no row."""
    rows = {"Asking price": money_text(terms.asking_price), "Minimum EMD": money_text(terms.min_emd),
            "Closing date": terms.closing_date or ""}
    return {prefix + name: value for name, value in rows.items() if value}


def preview_rows(terms: PreviewTerms) -> dict[str, str]:
    """The offer's terms the preview fixes, then the deal's."""
    rows = {"Offer amount": money_text(terms.offer_amount), "Earnest money deposit": money_text(terms.emd_amount),
            "Financing": readable_code(terms.financing)}
    return {**{name: value or "—" for name, value in rows.items()}, **deal_terms_rows(terms.deal_terms, "Deal: ")}


def render_preview(preview: OfferPreview, *, key: str, now: datetime | None = None) -> None:
    """The terms the buyer is about to accept and how long the preview stays valid (five minutes)."""
    left = seconds_left(preview.expires_at, now)
    if left is None:
        st.caption("This preview is valid for five minutes.")
    elif left > 0:
        until = str(preview.expires_at or "").replace("T", " ").replace("Z", " UTC")
        st.caption(f"This preview is valid for {left // 60} min {left % 60:02d} s more (until {until}).")
    else:
        st.caption("This preview has expired: accepting fetches a new one first.")
    rows = preview_rows(preview.terms or PreviewTerms())
    frame = pd.DataFrame({"Term": list(rows), "Value": list(rows.values())})
    show_table(frame, key=f"{key}_terms")


def render_terms_change(previous: DealTerms, current: DealTerms, *, key: str) -> None:
    """`409 deal_changed`: the terms the buyer saw and the deal's terms now, side by side."""
    before, after = deal_terms_rows(previous), deal_terms_rows(current)
    names = list(dict.fromkeys([*before, *after]))
    frame = pd.DataFrame(
        {
            "Term": names,
            "You saw": [before.get(name, "—") for name in names],
            "Now": [after.get(name, "—") for name in names],
            "Changed": ["yes" if before.get(name) != after.get(name) else "" for name in names],
        }
    )
    show_table(frame, key=f"{key}_changes")
