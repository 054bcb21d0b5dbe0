"""The panel of a selected cell: its free summary, its top investors, its deals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from components.charts import render_kind_chart, render_month_chart
from mapspec.filters import KIND_LABELS
from components.words import PRIVATE_PERSON, code_label, party_name
from components.tables import date_column, link_column, money_column, page_href, render_table
from links.properties import property_href

INVESTOR_COLUMNS = (
    ("Investor", ("display_name", "name")),
    ("Deals", ("n_deals", "n_events", "events")),
    ("Kind", ("kind",)),
    ("Last bought", ("last_bought_on", "last_deed")),
)


def render_cell_summary(figures: Mapping, *, key: str) -> None:
    """The cell's own figures (its row of `/v1/deals/cells`: what its tooltip says)."""
    with st.container(key=key):
        # Counts two in a row, the price alone: the panel is a narrow column beside the map,
        # where "$286,000" beside another figure is cut short.
        deals, investors = st.columns(2)
        median_price = st.container()
        deals.metric("Deals", f"{int(figures.get('n_deals') or 0):,}")
        investors.metric("Investors", f"{int(figures.get('n_investors') or 0):,}")
        median = figures.get("median_price")
        median_price.metric("Median price", f"${int(median):,}" if median is not None else "n/a")
        if not figures.get("n_deals"):
            st.caption("No deals in this cell with these filters.")
        else:
            st.caption("Deals by kind and by month show once the cell's deals are listed.")


def render_cell_charts(summary: Mapping, *, key: str) -> None:
    """The listed deals by kind and by month (a time axis: months without deals are gaps)."""
    with st.container(key=key):
        by_kind = summary.get("by_kind") or {}
        if by_kind:
            render_kind_chart({KIND_LABELS.get(kind, kind): count for kind, count in by_kind.items()}, key=f"{key}_kinds")
        by_month = summary.get("by_month") or []
        if by_month:
            render_month_chart({item["month"]: item["n"] for item in by_month}, key=f"{key}_months")


def _first(row: Mapping, names: Sequence[str]):
    for name in names:
        if row.get(name) is not None:
            return row.get(name)
    return None


def investors_frame(rows: Sequence[Mapping]) -> pd.DataFrame:
    records = []
    for row in rows:
        record = {label: _first(row, names) for label, names in INVESTOR_COLUMNS}
        record["Investor"] = party_name(dict(row))
        record["Kind"] = code_label(record["Kind"])
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


def _party_name(party: Mapping) -> str:
    """A buyer's or seller's name; a person's is never served (data-api.md, What the service
    does 6), which the table says rather than printing "None"."""
    name = party.get("display_name") or party.get("name")
    if name:
        return str(name)
    return PRIVATE_PERSON if party.get("contact_redacted") else "not recorded"


def deals_frame(rows: Sequence[Mapping]) -> pd.DataFrame:
    """Deals as table rows; the buyer links to its investor page."""
    records = []
    for row in rows:
        buyer = row.get("buyer") or {}
        seller = row.get("seller") or {}
        place = row.get("property") or {}
        # The reading order of a row: the property's link first (at the far right it sat off-screen,
        # past the table's width), then when, how much, what, who; the long id last.
        records.append(
            {
                "Property": property_href(place["property_id"]) if place.get("property_id") else None,
                "Sold": row.get("sale_date"),
                "Price": row.get("price"),
                "Kind": KIND_LABELS.get(row.get("kind"), row.get("kind")),
                "Buyer": _party_name(buyer),
                "Buyer page": page_href("investors", {"investor": buyer.get("investor_id") or ""}) if buyer.get("investor_id") else None,
                "Seller": _party_name(seller),
                "City": place.get("city") or "",
                "ZIP": place.get("zip") or "",
                "Deal": row.get("id"),
            }
        )
    frame = pd.DataFrame.from_records(records)
    if not frame.empty:
        frame["Sold"] = pd.to_datetime(frame["Sold"], errors="coerce")
    return frame


def render_deals(rows: Sequence[Mapping], *, key: str, file_name: str = "deedscope-cell-deals.csv") -> None:
    render_table(
        deals_frame(rows),
        key=key,
        file_name=file_name,
        column_config={
            "Sold": date_column("Sold"),
            "Price": money_column("Price"),
            "Buyer page": link_column("Buyer page", display_text="Open investor"),
            "Property": link_column("Property", display_text="Open property"),
        },
    )
