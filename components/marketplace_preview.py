"""The counter preview before accepting a seller's round, and a change of terms side by side."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

import pandas as pd
import streamlit as st

from components.marketplace_tables import field_label, money_text, readable_code
from components.tables import show_table


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


MONEY_TERMS = ("offer_amount", "emd_amount", "asking_price", "min_emd")


def _terms_rows(terms: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """Each term as (readable name, readable value); a nested mapping (the deal's terms) one row per term."""
    rows: dict[str, str] = {}
    for name, value in terms.items():
        if isinstance(value, Mapping):
            rows.update(_terms_rows(value, prefix=f"{field_label(str(name))}: "))
        else:
            rows[prefix + field_label(str(name))] = _term_text(name, value)
    return rows


def _term_text(name: Any, value: Any) -> str:
    """A term's value as a reader sees it (money, thousands, a financing code in words)."""
    if name in MONEY_TERMS:
        return money_text(value) or "—"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1000:
        return f"{value:,}"
    if value is None:
        return "—"
    return readable_code(value) if name == "financing" else str(value)


def render_preview(preview: Mapping[str, Any], *, key: str, now: datetime | None = None) -> None:
    """The terms the buyer is about to accept and how long the preview stays valid (five minutes)."""
    left = seconds_left(preview.get("expires_at"), now)
    if left is None:
        st.caption("This preview is valid for five minutes.")
    elif left > 0:
        until = str(preview.get("expires_at") or "").replace("T", " ").replace("Z", " UTC")
        st.caption(f"This preview is valid for {left // 60} min {left % 60:02d} s more (until {until}).")
    else:
        st.caption("This preview has expired: accepting fetches a new one first.")
    rows = _terms_rows(preview.get("terms") or {})
    frame = pd.DataFrame({"Term": list(rows), "Value": list(rows.values())})
    show_table(frame, key=f"{key}_terms")


def render_terms_change(previous: Mapping[str, Any], current: Mapping[str, Any], *, key: str) -> None:
    """`409 deal_changed`: the terms the buyer saw and the deal's terms now, side by side."""
    before, after = _terms_rows(previous), _terms_rows(current)
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
