"""Leaders of an area: its top investors, lenders and wholesalers, each linked to its page (render only)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from components.tables import link_column, money_column, page_href, render_table
from services.data_api.models import InvestorRow, RankedLender, Wholesaler


def render_leading_lenders(rows: list[RankedLender], *, key: str) -> None:
    """A market's leading lenders: each one's own rank there, its loans and volume there."""
    frame = pd.DataFrame([{"Rank": row.rank, "Lender": row.name, "Loans": row.n_loans, "Volume": row.volume,
                           "Open": page_href("lenders", {"lender": row.id})} for row in rows])
    if frame.empty:
        st.caption("No lender recorded a loan in this market.")
        return
    render_table(frame, key=key, file_name="area-lenders.csv",
                 column_config={"Volume": money_column("Volume"), "Open": link_column("Open", "open")})


def render_area_wholesalers(rows: list[Wholesaler], *, key: str) -> None:
    frame = pd.DataFrame([{"Wholesaler": row.name or "a person (not named)", "Listings": row.n_listings,
                           "Sold": row.n_sold, "Open": page_href("wholesale", {"wholesaler": row.id})}
                          for row in rows])
    if frame.empty:
        st.caption("No wholesale listing in this area.")
        return
    render_table(frame, key=key, file_name="area-wholesalers.csv", column_config={"Open": link_column("Open", "open")})


def render_area_investors(rows: list[InvestorRow], *, key: str) -> None:
    frame = pd.DataFrame([{"Investor": row.display_name or row.name or "a person (not named)",
                           "Market": row.market, "Deals here": row.n_deals or row.n_events,
                           "Open": page_href("investors", {"investor": row.id})} for row in rows])
    if frame.empty:
        st.caption("No investor bought in this area.")
        return
    render_table(frame, key=key, file_name="area-investors.csv", column_config={"Open": link_column("Open", "open")})
