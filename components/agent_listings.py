"""An agent's listing history as a table, and one marketplace listing with the reading of its deeds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from components.tables import date_column, escape_markdown, link_column, money_column, render_table
from components.words import code_label
from links.properties import property_href
from services.data_api.models import ListingFields, ListingParcel, MarketplaceListing, Party

LISTING_DATE_COLUMNS = ("Listed", "Sold", "Seen from", "Seen to", "Buyer deed")
LISTING_COLUMNS = [
    "Listed", "Status", "Sold", "List price", "Sold price", "City", "ZIP", "County", "Brokerage", "Office", "Roles",
    "Self-listing", "Versions",
    "Buyer flagged", "Buyer deed", "Price match", "Current", "Seen from", "Seen to", "Buyer orgs", "Holder orgs",
    "Listing id", "Mention id", "Property",
]


def _property_link(property_id: str | None) -> str | None:
    """The parcel's page; a lean row carries the bare 32 hex, a /v1 row the prefixed id."""
    if not property_id:
        return None
    return property_href(property_id if property_id.startswith("prop_") else "prop_" + property_id)


def listing_labels(frame: pd.DataFrame) -> dict[str, str]:
    """Each listing id of the history and how a person tells it: place, date, status, price."""
    if frame.empty or "Listing id" not in frame.columns:
        return {}
    labels: dict[str, str] = {}
    for _, row in frame.dropna(subset=["Listing id"]).iterrows():
        if row["Listing id"] in labels:
            continue
        place = ", ".join(str(row[name]) for name in ("City", "ZIP") if name in row.index and pd.notna(row[name]) and row[name])
        listed = row["Listed"].strftime("%Y-%m-%d") if pd.notna(row.get("Listed")) else "undated"
        price = row.get("List price")
        parts = [place or "place not recorded", f"listed {listed}", str(row.get("Status") or "status not recorded").replace("_", " ").lower()]
        if price is not None and pd.notna(price):
            parts.append(f"${int(price):,}")
        labels[str(row["Listing id"])] = " · ".join(parts)
    return labels


def listings_frame(rows: Sequence[ListingFields], *, county_names: Mapping[str, str] | None = None) -> pd.DataFrame:
    """data-api.md, Listing row of one person's agent, one row per listing (or mention).

    The `/v1` agent rows and the lean person rows carry different fields: a column
    neither carries is left out rather than shown empty.
    """
    names = county_names or {}
    records = [
        {
            "Listed": row.listed_on,
            "Status": code_label(row.status) if row.status else None,
            "Sold": row.sold_on,
            "List price": row.list_price,
            "Sold price": row.sold_price,
            "City": row.city,
            "ZIP": row.zip,
            # Named when coverage names it (a FIPS code means little to a person).
            "County": names.get(str(row.county_fips), row.county_fips),
            "Brokerage": row.brokerage_name,
            "Office": row.office_name,
            "Roles": row.roles,
            "Self-listing": row.self_listing,
            "Versions": row.n_versions,
            "Buyer flagged": row.buyer_flagged,
            "Buyer deed": row.buyer_deed_date,
            "Price match": row.price_match,
            "Current": row.is_current,
            "Seen from": row.seen_from,
            "Seen to": row.seen_to,
            "Buyer orgs": ", ".join(row.buyer_org_ids),
            "Holder orgs": ", ".join(row.holder_org_ids),
            "Listing id": row.listing_id,
            "Mention id": row.mention_id,
            "Property": _property_link(row.property_id),
        }
        for row in rows
    ]
    frame = pd.DataFrame(records, columns=LISTING_COLUMNS)
    for column in LISTING_DATE_COLUMNS:
        frame[column] = pd.to_datetime(frame[column], errors="coerce")
    for column in ("List price", "Sold price"):
        frame[column] = frame[column].astype("Int64")
    always = {"Listed", "Status", "Listing id"}
    empty = [column for column in frame.columns if column not in always and (frame[column].isna().all() or (frame[column] == "").all())]
    return frame.drop(columns=empty)


def render_listing_history(frame: pd.DataFrame, *, key: str, file_stem: str) -> None:
    if frame.empty:
        st.info("No listings match: this person lists nothing, or the filters leave nothing. Loosen the filters.")
        return
    render_table(
        frame,
        key=key,
        column_config={
            **{column: date_column(column) for column in LISTING_DATE_COLUMNS},
            "List price": money_column("List price"),
            "Sold price": money_column("Sold price"),
            "Property": link_column("Property", display_text="Open property"),
        },
        file_name=f"{file_stem}-listings.csv",
    )


def _money(value) -> str:
    return "—" if value is None else f"${value:,.0f}"


def render_marketplace_listing(listing: MarketplaceListing, *, key: str,
                               county_names: Mapping[str, str] | None = None) -> str | None:
    """The listing with the reading of the deeds; returns the closing buyer's org id, if any.
    `county_names` by FIPS code name the parcel's county (its code when unknown)."""
    st.markdown(
        f"**Listing {escape_markdown(listing.listing_id)}** on {escape_markdown(listing.source or 'an unnamed marketplace')}"
        f" · {escape_markdown(listing.status_word or '—')} · published {escape_markdown(listing.published_on or '—')}"
    )
    columns = st.columns(4)
    columns[0].metric("Asking", _money(listing.asking_price))
    columns[1].metric("Buy now", _money(listing.buy_now_price))
    columns[2].metric("Outcome", str(listing.outcome or "—"))
    columns[3].metric("Within asking", {True: "yes", False: "no"}.get(listing.price_within_asking, "—"))

    closing, buyer_org_id = listing.closing, None
    st.markdown("**Closing**")
    if closing:
        buyer = closing.buyer or Party()
        buyer_org_id = buyer.org_id
        st.text(
            f"Deal {closing.deal_id or '—'} on {closing.sale_date or '—'} for {_money(closing.price)}"
            f" (window {closing.window or '—'})"
        )
        registry = "from the registry" if buyer.from_registry else "not matched to the registry"
        st.text(f"Buyer: {buyer.org_name or '—'} ({buyer.org_id or 'no id'}, {registry})")
    else:
        st.text("No closing purchase read from the deeds yet.")
    seller, wholesaler = listing.seller or Party(), listing.wholesaler or Party()
    st.text(f"Seller: {seller.org_name or '—'} ({seller.org_id or 'no id'})")
    st.text(f"Wholesaler: {wholesaler.org_id or '—'} (match {wholesaler.match or '—'})")
    st.markdown("**Parcel**")
    st.text(parcel_text(listing.parcel or ListingParcel(), county_names or {}))
    st.caption(
        f"Parcel {listing.property_id or '—'} resolved {listing.resolve or '—'} among "
        f"{listing.n_candidates or 0} candidates."
    )
    return buyer_org_id


def parcel_text(parcel: ListingParcel, county_names: Mapping[str, str]) -> str:
    """The listing's parcel in one line: address (or that it is held back), county, APN, building."""
    address = "address held back" if parcel.address_held_back else " ".join(
        str(part) for part in (parcel.line, parcel.unit, parcel.city, parcel.zip) if part
    )
    fips = parcel.county_fips
    county = f"{county_names[str(fips)]} ({fips})" if str(fips) in county_names else f"county {fips or '—'}"
    return (f"{address or '—'} · {county} · APN {parcel.apn or '—'} · "
            f"{parcel.bedrooms or '—'} bd / {parcel.bathrooms or '—'} ba · "
            f"{parcel.living_area_sqft or '—'} sq ft · built {parcel.year_built or '—'}")
