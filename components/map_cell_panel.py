"""The panel of a selected cell: its free summary, its top investors, its deals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from mapspec.filters import KIND_LABELS
from components.tables import date_column, link_column, money_column, page_href, render_table

INVESTOR_COLUMNS = (
    ("Investor", ("display_name", "name")),
    ("Deals", ("n_deals", "n_events", "events")),
    ("Kind", ("kind",)),
    ("Last bought", ("last_bought_on", "last_deed")),
)


def render_cell_summary(summary: Mapping, *, key: str) -> None:
    """Counts by kind, deals by month (a chart) and the median price (`/v1/deals/summary`)."""
    with st.container(key=key):
        # Two by two: the panel is a narrow column, four metrics in a row would be cut short.
        top, bottom = st.columns(2), st.columns(2)
        top[0].metric("Deals", f"{int(summary.get('n_deals') or 0):,}")
        top[1].metric("Investors", f"{int(summary.get('n_investors') or 0):,}")
        bottom[0].metric("Priced", f"{int(summary.get('n_priced') or 0):,}")
        median = summary.get("median_price")
        bottom[1].metric("Median price", f"${int(median):,}" if median is not None else "n/a")
        by_kind = summary.get("by_kind") or {}
        if by_kind:
            kinds = pd.DataFrame(
                {"Kind": [KIND_LABELS.get(kind, kind) for kind in by_kind], "Deals": list(by_kind.values())}
            )
            st.bar_chart(kinds, x="Kind", y="Deals", horizontal=True, height=180)
        by_month = summary.get("by_month") or []
        if by_month:
            months = pd.DataFrame(by_month).rename(columns={"month": "Month", "n": "Deals"})
            st.bar_chart(months, x="Month", y="Deals", height=200)
        else:
            st.caption("No deals by month in this cell for these filters.")


def _first(row: Mapping, names: Sequence[str]):
    for name in names:
        if row.get(name) is not None:
            return row.get(name)
    return None


def investors_frame(rows: Sequence[Mapping]) -> pd.DataFrame:
    records = []
    for row in rows:
        record = {label: _first(row, names) for label, names in INVESTOR_COLUMNS}
        record["Profile"] = page_href("investors", {"investor": str(row.get("id") or "")})
        records.append(record)
    return pd.DataFrame.from_records(records)


def render_top_investors(rows: Sequence[Mapping], *, key: str) -> None:
    if not rows:
        st.info("No investor bought here with these filters.")
        return
    render_table(
        investors_frame(rows),
        key=key,
        file_name="deedscope-cell-investors.csv",
        column_config={"Profile": link_column("Profile", display_text="Open")},
    )


def deals_frame(rows: Sequence[Mapping]) -> pd.DataFrame:
    """Deals as table rows; the buyer links to its investor page."""
    records = []
    for row in rows:
        buyer = row.get("buyer") or {}
        seller = row.get("seller") or {}
        place = row.get("property") or {}
        # The reading order of a row: when, how much, what, who; the long id last.
        records.append(
            {
                "Sold": row.get("sale_date"),
                "Price": row.get("price"),
                "Kind": KIND_LABELS.get(row.get("kind"), row.get("kind")),
                "Buyer": buyer.get("display_name") or buyer.get("name"),
                "Buyer page": page_href("investors", {"investor": buyer.get("investor_id") or ""}) if buyer.get("investor_id") else None,
                "Seller": seller.get("name"),
                "City": place.get("city"),
                "ZIP": place.get("zip"),
                "Deal": row.get("id"),
            }
        )
    frame = pd.DataFrame.from_records(records)
    if not frame.empty:
        frame["Sold"] = pd.to_datetime(frame["Sold"], errors="coerce")
    return frame


def render_deals(rows: Sequence[Mapping], *, key: str) -> None:
    render_table(
        deals_frame(rows),
        key=key,
        file_name="deedscope-cell-deals.csv",
        column_config={
            "Sold": date_column("Sold"),
            "Price": money_column("Price"),
            "Buyer page": link_column("Buyer page", display_text="Open investor"),
        },
    )
