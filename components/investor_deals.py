"""An investor's deals: a small point map, purchases by month, and the table with CSV."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from components.charts import Frame, render_month_chart, render_points_map
from components.tables import deal_columns, page_href, render_table
from components.words import code_label
from links.properties import property_href
from mapspec.small_map import Canvas
from services.data_api.models import CoverageMarket, Deal, DealProperty

DEAL_COLUMNS = ["Sale date", "Price", "Kind", "City", "ZIP", "Seller", "Beds", "Baths", "Sq ft", "Year built",
                "Deal id", "Property", "Listing id", "Listing", "latitude", "longitude"]


def deals_frame(deals: Sequence[Deal]) -> pd.DataFrame:
    """decisions.md, Deal object, flattened to one row per deal."""
    rows = []
    for deal in deals:
        place = deal.property or DealProperty()
        rows.append(
            {
                "Sale date": deal.sale_date,
                "Price": deal.price,
                "Kind": code_label(deal.kind),
                "City": place.city,
                "ZIP": place.zip,
                "Seller": deal.seller.name if deal.seller else None,
                "Beds": place.bedrooms,
                "Baths": place.bathrooms,
                "Sq ft": place.living_area_sqft,
                "Year built": place.year_built,
                "Deal id": deal.id,
                "Property": property_href(place.property_id) if place.property_id else None,
                "Listing id": deal.listing_id,
                # The marketplace listing with the reading of its deeds opens on the Agents page.
                "Listing": page_href("agents", {"listing": deal.listing_id}) if deal.listing_id else None,
                "latitude": place.latitude,
                "longitude": place.longitude,
            }
        )
    frame = pd.DataFrame(rows, columns=DEAL_COLUMNS)
    frame["Sale date"] = pd.to_datetime(frame["Sale date"], errors="coerce")
    # data-api.md, Conventions: money is null, never 0, when the deed has no price; keep it empty.
    frame["Price"] = frame["Price"].astype("Int64")
    return frame


def purchases_by_month(frame: pd.DataFrame) -> pd.DataFrame:
    dated = frame.dropna(subset=["Sale date"])
    if dated.empty:
        return pd.DataFrame(columns=["Month", "Purchases"])
    months = dated["Sale date"].dt.strftime("%Y-%m")
    counts = months.value_counts().sort_index()
    return pd.DataFrame({"Month": counts.index, "Purchases": counts.to_numpy()})


def render_investor_deals(frame: pd.DataFrame, *, complete: bool, key: str, canvas: Canvas, file_stem: str,
                          market: CoverageMarket | None = None) -> None:
    """The deals read so far; `complete` says whether every page was walked. `market` (`market`,
    `bbox`), the investor's market, frames the map of its deals."""
    if frame.empty:
        st.info("No deals recorded for this investor.")
        return
    if not complete:
        st.caption(f"The first {len(frame):,} deals; load the rest to see all of them.")
    left, right = st.columns(2)
    with left:
        points = frame.assign(label=frame["Sale date"].dt.strftime("%Y-%m-%d").fillna("undated") + " · " + frame["Kind"].fillna(""))
        frames = [Frame(f"{market.market} market", market.bbox)] if market and market.bbox else []
        render_points_map(points[["latitude", "longitude", "label"]], key=f"{key}_map", canvas=canvas, frames=frames,
                          label="Map of the investor's deals: hover a point for its date and kind")
    with right:
        months = purchases_by_month(frame)
        render_month_chart(dict(zip(months["Month"], months["Purchases"])), key=f"{key}_months", title="Purchases by month", measure="Purchases")
    render_table(
        frame.drop(columns=["latitude", "longitude"]),
        key=key,
        column_config=deal_columns("Sale date", {"Listing": "deed reading"}),
        file_name=f"{file_stem}-deals.csv",
    )
