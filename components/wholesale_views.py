"""The Wholesale page's tables and map, and an investor's wholesale purchases (render only)."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from components.charts import Frame, render_points_map
from components.tables import date_column, escape_markdown, link_column, money_column, page_href, render_details, render_table
from components.words import code_label
from mapspec.small_map import Canvas
from services.data_api.models import ListingBuyer, ListingProperty, ListingWholesaler, WholesaleListing
from services.data_api.models import Wholesaler, WholesalerBuyer

# Who a party is: its display name, else its registered name; a person's name is never served.
Party = ListingWholesaler | ListingBuyer | Wholesaler | WholesalerBuyer


def wholesaler_name(party: Party | None) -> str:
    display = getattr(party, "display_name", None)  # a top buyer may carry the registered name only
    return display or (party.name if party else None) or "a person (not named)"


def listings_frame(rows: Sequence[WholesaleListing]) -> pd.DataFrame:
    return pd.DataFrame([listing_row(row, row.property or ListingProperty()) for row in rows])


def listing_row(row: WholesaleListing, place: ListingProperty) -> dict:
    buyer, seller = row.buyer, row.wholesaler
    return {
        "Published": row.published_on, "Status": code_label(row.status), "Asking": row.asking_price,
        "Sold": row.sold_price, "City": place.city, "ZIP": place.zip, "Wholesaler": wholesaler_name(seller),
        "Buyer": wholesaler_name(buyer) if buyer else None,
        "Listing": page_href("wholesale", {"listing": row.id}),
        "Wholesaler page": page_href("wholesale", {"wholesaler": seller.id if seller else ""}),
        "Buyer page": page_href("investors", {"investor": buyer.investor_id}) if buyer and buyer.investor_id else None,
        "latitude": place.latitude, "longitude": place.longitude,
    }


def render_listings(frame: pd.DataFrame, *, key: str, file_stem: str) -> None:
    if frame.empty:
        st.info("No wholesale listing matches these filters.")
        return
    shown = frame.assign(Published=pd.to_datetime(frame["Published"]))
    render_table(shown, key=key, file_name=f"{file_stem}.csv",
                 column_order=["Published", "Status", "Asking", "Sold", "City", "ZIP", "Wholesaler", "Buyer",
                               "Listing", "Wholesaler page", "Buyer page"],
                 column_config={"Published": date_column("Published"), "Asking": money_column("Asking"),
                                "Sold": money_column("Sold"), "Listing": link_column("Listing", "open"),
                                "Wholesaler page": link_column("Wholesaler page", "wholesaler"),
                                "Buyer page": link_column("Buyer page", "buyer")})


def render_listings_map(frame: pd.DataFrame, *, key: str, canvas: Canvas, frames: Sequence[Frame] = ()) -> None:
    """The listings as dots, within `frames` (the market's box)."""
    if frame.empty:
        return
    points = frame.assign(label=frame["Status"] + " · " + frame["City"].fillna("") + " · "
                          + frame["Asking"].map(lambda v: f"${v:,.0f}" if pd.notna(v) else "no price"))
    render_points_map(points[["latitude", "longitude", "label"]], key=key, canvas=canvas, height=380, frames=frames,
                      label="Map of the listings: hover a point for its status, city and price")


def listing_title(listing: WholesaleListing) -> str:
    """A listing named by its parcel: the street line where one is served, else its city and ZIP
    (the id alone named nothing a person knows)."""
    place = listing.property or ListingProperty()
    address = place.address
    line = (address.line if address else None) or place.line
    city, zip_code = (address.city if address else None) or place.city, (address.zip if address else None) or place.zip
    where = ", ".join(part for part in (line, " ".join(str(p) for p in (city, zip_code) if p)) if part)
    return f"Wholesale listing: {where}" if line else f"Wholesale listing in {where}" if where else "Wholesale listing"


def render_listing(listing: WholesaleListing, *, key: str) -> None:
    st.subheader(escape_markdown(listing_title(listing)))
    st.caption(f"{code_label(listing.status) if listing.status else 'status not given'} · "
               f"{'published ' + str(listing.published_on) if listing.published_on else 'publication date not given'} · "
               f"{escape_markdown(listing.market or '')}")
    render_details({"Listing id": listing.id})
    columns = st.columns(3)
    columns[0].metric("Asking", f"${listing.asking_price:,.0f}" if listing.asking_price else "—")
    columns[1].metric("Sold for", f"${listing.sold_price:,.0f}" if listing.sold_price else "—")
    columns[2].metric("Sold on", str(listing.sold_on) if listing.sold_on else "—")


def render_wholesaler_hits(hits: Sequence[Wholesaler], *, key: str) -> None:
    frame = pd.DataFrame([{"Wholesaler": wholesaler_name(hit), "Market": hit.market, "Listings": hit.n_listings,
                           "Open": page_href("wholesale", {"wholesaler": hit.id})} for hit in hits])
    if frame.empty:
        st.info("No wholesaler matches this search.")
        return
    render_table(frame, key=key, file_name="wholesalers.csv", column_config={"Open": link_column("Open", "open")})


def render_wholesaler(profile: Wholesaler, *, key: str) -> None:
    st.subheader(escape_markdown(wholesaler_name(profile)))
    st.caption(f"{profile.market or 'market not given'} · wholesale as of "
               f"{profile.wholesale_as_of or 'a date not given'}")
    render_details({"Wholesaler id": profile.id})
    columns = st.columns(4)
    columns[0].metric("Listings", f"{profile.n_listings or 0:,}")
    columns[1].metric("Active", f"{profile.n_active or 0:,}")
    columns[2].metric("Sold", f"{profile.n_sold or 0:,}")
    columns[3].metric("Buyers", f"{profile.n_buyers or 0:,}")
    buyers = pd.DataFrame([{"Buyer": wholesaler_name(buyer), "Purchases": buyer.n_purchases,
                            "Investor page": page_href("investors", {"investor": buyer.investor_id})}
                           for buyer in profile.top_buyers if buyer.investor_id])
    if not buyers.empty:
        st.markdown("**Top buyers**")
        render_table(buyers, key=f"{key}_buyers", file_name=f"{profile.id}-buyers.csv",
                     column_config={"Investor page": link_column("Investor page", "investor")})


def render_purchases(rows: Sequence[WholesaleListing], *, key: str, file_stem: str) -> None:
    """An investor's purchases from wholesale listings: when, what, from which wholesaler."""
    frame = listings_frame(rows)
    if frame.empty:
        st.info("No purchase from a wholesale listing.")
        return
    shown = frame.assign(Published=pd.to_datetime(frame["Published"]))
    render_table(shown, key=key, file_name=f"{file_stem}-wholesale-purchases.csv",
                 column_order=["Published", "Sold", "Asking", "City", "ZIP", "Wholesaler", "Wholesaler page", "Listing"],
                 column_config={"Published": date_column("Listed"), "Asking": money_column("Asking"),
                                "Sold": money_column("Paid"), "Listing": link_column("Listing", "open"),
                                "Wholesaler page": link_column("Wholesaler page", "wholesaler")})
