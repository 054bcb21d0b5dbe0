"""The Wholesale page's tables and map, and an investor's wholesale purchases (render only)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from components.charts import render_points_map
from components.tables import date_column, escape_markdown, link_column, money_column, page_href, render_details, render_table
from components.words import code_label
from mapspec.small_map import Canvas


def wholesaler_name(block: dict | None) -> str:
    block = block or {}
    return block.get("display_name") or block.get("name") or "a person (not named)"


def listings_frame(rows: list[dict]) -> pd.DataFrame:
    return pd.DataFrame([{
        "Published": r.get("published_on"), "Status": code_label(r.get("status")), "Asking": r.get("asking_price"),
        "Sold": r.get("sold_price"), "City": (r.get("property") or {}).get("city"),
        "ZIP": (r.get("property") or {}).get("zip"), "Wholesaler": wholesaler_name(r.get("wholesaler")),
        "Buyer": wholesaler_name(r.get("buyer")) if r.get("buyer") else None,
        "Listing": page_href("wholesale", {"listing": r["id"]}),
        "Wholesaler page": page_href("wholesale", {"wholesaler": (r.get("wholesaler") or {}).get("id", "")}),
        "Buyer page": page_href("investors", {"investor": r["buyer"]["investor_id"]})
        if (r.get("buyer") or {}).get("investor_id") else None,
        "latitude": (r.get("property") or {}).get("latitude"), "longitude": (r.get("property") or {}).get("longitude"),
    } for r in rows])


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


def render_listings_map(frame: pd.DataFrame, *, key: str, canvas: Canvas, frames=()) -> None:
    """The listings as dots, within `frames` (the market's box)."""
    if frame.empty:
        return
    points = frame.assign(label=frame["Status"] + " · " + frame["City"].fillna("") + " · "
                          + frame["Asking"].map(lambda v: f"${v:,.0f}" if pd.notna(v) else "no price"))
    render_points_map(points[["latitude", "longitude", "label"]], key=key, canvas=canvas, height=380, frames=frames,
                      label="Map of the listings: hover a point for its status, city and price")


def listing_title(listing: dict) -> str:
    """A listing named by its parcel: the street line where one is served, else its city and ZIP
    (the id alone named nothing a person knows)."""
    place = listing.get("property") or {}
    address = place.get("address") or {}
    line = address.get("line") or place.get("line")
    city, zip_code = address.get("city") or place.get("city"), address.get("zip") or place.get("zip")
    where = ", ".join(part for part in (line, " ".join(str(p) for p in (city, zip_code) if p)) if part)
    return f"Wholesale listing: {where}" if line else f"Wholesale listing in {where}" if where else "Wholesale listing"


def render_listing(listing: dict, *, key: str) -> None:
    st.subheader(escape_markdown(listing_title(listing)))
    st.caption(f"{code_label(listing.get('status')) if listing.get('status') else 'status not given'} · "
               f"{'published ' + str(listing['published_on']) if listing.get('published_on') else 'publication date not given'} · "
               f"{escape_markdown(listing.get('market') or '')}")
    render_details({"Listing id": listing.get("id")})
    columns = st.columns(3)
    columns[0].metric("Asking", f"${listing['asking_price']:,}" if listing.get("asking_price") else "—")
    columns[1].metric("Sold for", f"${listing['sold_price']:,}" if listing.get("sold_price") else "—")
    columns[2].metric("Sold on", listing.get("sold_on") or "—")


def render_wholesaler_hits(hits: list[dict], *, key: str) -> None:
    frame = pd.DataFrame([{"Wholesaler": wholesaler_name(h), "Market": h.get("market"), "Listings": h.get("n_listings"),
                           "Open": page_href("wholesale", {"wholesaler": h["id"]})} for h in hits])
    if frame.empty:
        st.info("No wholesaler matches this search.")
        return
    render_table(frame, key=key, file_name="wholesalers.csv", column_config={"Open": link_column("Open", "open")})


def render_wholesaler(profile: dict, *, key: str) -> None:
    st.subheader(escape_markdown(wholesaler_name(profile)))
    st.caption(f"{profile.get('market') or 'market not given'} · wholesale as of "
               f"{profile.get('wholesale_as_of') or 'a date not given'}")
    render_details({"Wholesaler id": profile.get("id")})
    columns = st.columns(4)
    columns[0].metric("Listings", f"{profile.get('n_listings') or 0:,}")
    columns[1].metric("Active", f"{profile.get('n_active') or 0:,}")
    columns[2].metric("Sold", f"{profile.get('n_sold') or 0:,}")
    columns[3].metric("Buyers", f"{profile.get('n_buyers') or 0:,}")
    buyers = pd.DataFrame([{"Buyer": wholesaler_name(b), "Purchases": b.get("n_purchases"),
                            "Investor page": page_href("investors", {"investor": b["investor_id"]})}
                           for b in profile.get("top_buyers") or [] if b.get("investor_id")])
    if not buyers.empty:
        st.markdown("**Top buyers**")
        render_table(buyers, key=f"{key}_buyers", file_name=f"{profile['id']}-buyers.csv",
                     column_config={"Investor page": link_column("Investor page", "investor")})


def render_purchases(rows: list[dict], *, key: str, file_stem: str) -> None:
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
