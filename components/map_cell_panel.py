"""The panel of a selected cell: its free summary, its top investors, its deals."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from components.charts import render_kind_chart, render_month_chart
from mapspec.cell_panel import CellFigures, ListedSummary
from mapspec.filters import KIND_LABELS
from components.words import PRIVATE_PERSON, code_label, party_name
from components.tables import deal_columns, link_column, page_href, render_table
from links.properties import property_href
from services.data_api.models import Deal, DealParty, DealProperty, InvestorRow


def render_cell_summary(figures: CellFigures, *, key: str) -> None:
    """The cell's own figures (its row of `/v1/deals/cells`: what its tooltip says)."""
    with st.container(key=key):
        # Counts two in a row, the price alone: the panel is a narrow column beside the map,
        # where "$286,000" beside another figure is cut short.
        deals, investors = st.columns(2)
        median_price = st.container()
        deals.metric("Deals", f"{figures.n_deals:,}")
        investors.metric("Investors", f"{figures.n_investors:,}")
        median = figures.median_price
        median_price.metric("Median price", f"${int(median):,}" if median is not None else "n/a")
        if not figures.n_deals:
            st.caption("No deals in this cell with these filters.")
        else:
            st.caption("Deals by kind and by month show once the cell's deals are listed.")


def render_cell_charts(summary: ListedSummary, *, key: str) -> None:
    """The listed deals by kind and by month (a time axis: months without deals are gaps)."""
    with st.container(key=key):
        if summary.by_kind:
            render_kind_chart({KIND_LABELS.get(kind, kind): count for kind, count in summary.by_kind.items()},
                              key=f"{key}_kinds")
        if summary.by_month:
            render_month_chart(dict(summary.by_month), key=f"{key}_months")


def investors_frame(rows: Sequence[InvestorRow]) -> pd.DataFrame:
    """The top investors as table rows; each links to its profile. A list row counts its deals, a
    host that counts events instead is read so (data-api.md: a row's fields beyond id are not shown)."""
    return pd.DataFrame.from_records([
        {
            "Investor": party_name(row),
            "Deals": row.n_deals if row.n_deals is not None else row.n_events,
            "Kind": code_label(row.kind),
            "Last bought": row.last_bought_on,
            "Profile": page_href("investors", {"investor": row.id}),
        }
        for row in rows
    ])


def render_top_investors(rows: Sequence[InvestorRow], *, key: str) -> None:
    if not rows:
        st.info("No investor bought here with these filters.")
        return
    render_table(
        investors_frame(rows),
        key=key,
        file_name="deedscope-cell-investors.csv",
        column_config={"Profile": link_column("Profile", display_text="Open")},
    )


def _party_name(party: DealParty | None) -> str:
    """A buyer's or seller's name; a person's is never served (data-api.md, What the service
    does 6), which the table says rather than printing "None"."""
    if party is None:
        return "not recorded"
    if party.display_name or party.name:
        return str(party.display_name or party.name)
    return PRIVATE_PERSON if party.contact_redacted else "not recorded"


def deals_frame(rows: Sequence[Deal]) -> pd.DataFrame:
    """Deals as table rows; the buyer links to its investor page."""
    records = []
    for row in rows:
        place = row.property or DealProperty()
        buyer_id = row.buyer.investor_id if row.buyer else None
        # The reading order of a row: the property's link first (at the far right it sat off-screen,
        # past the table's width), then when, how much, what, who; the long id last.
        records.append(
            {
                "Property": property_href(place.property_id) if place.property_id else None,
                "Sold": row.sale_date,
                "Price": row.price,
                "Kind": KIND_LABELS.get(row.kind, row.kind),
                "Buyer": _party_name(row.buyer),
                "Buyer page": page_href("investors", {"investor": buyer_id}) if buyer_id else None,
                "Seller": _party_name(row.seller),
                "City": place.city or "",
                "ZIP": place.zip or "",
                "Deal": row.id,
            }
        )
    frame = pd.DataFrame.from_records(records)
    if not frame.empty:
        frame["Sold"] = pd.to_datetime(frame["Sold"], errors="coerce")
    return frame


def render_deals(rows: Sequence[Deal], *, key: str, file_name: str = "deedscope-cell-deals.csv") -> None:
    render_table(
        deals_frame(rows),
        key=key,
        file_name=file_name,
        column_config=deal_columns("Sold", {"Buyer page": "Open investor"}),
    )
