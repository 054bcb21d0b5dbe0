"""The counter preview before accepting a seller's round, and a change of terms side by side."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

import pandas as pd
import streamlit as st


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


def _terms_rows(terms: Mapping[str, Any]) -> dict[str, str]:
    return {str(name): _plain(value) for name, value in terms.items()}


def _plain(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1000:
        return f"{value:,}"
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    return "—" if value is None else str(value)


def render_preview(preview: Mapping[str, Any], *, key: str, now: datetime | None = None) -> None:
    """The terms the buyer is about to accept and how long the preview stays valid (five minutes)."""
    left = seconds_left(preview.get("expires_at"), now)
    if left is None:
        st.caption("This preview is valid for five minutes.")
    elif left > 0:
        st.caption(f"This preview is valid for {left // 60} min {left % 60:02d} s more (until {preview.get('expires_at')}).")
    else:
        st.caption("This preview has expired: accepting fetches a new one first.")
    frame = pd.DataFrame({"term": list(_terms_rows(preview.get("terms") or {})), "value": list(_terms_rows(preview.get("terms") or {}).values())})
    st.dataframe(frame, hide_index=True, width="stretch", key=f"{key}_terms")


def render_terms_change(previous: Mapping[str, Any], current: Mapping[str, Any], *, key: str) -> None:
    """`409 deal_changed`: the terms the buyer saw and the deal's terms now, side by side."""
    before, after = _terms_rows(previous), _terms_rows(current)
    names = list(dict.fromkeys([*before, *after]))
    frame = pd.DataFrame(
        {
            "term": names,
            "you saw": [before.get(name, "—") for name in names],
            "now": [after.get(name, "—") for name in names],
            "changed": ["yes" if before.get(name) != after.get(name) else "" for name in names],
        }
    )
    st.dataframe(frame, hide_index=True, width="stretch", key=f"{key}_changes")
