"""An agent's listing history as a table, and one marketplace listing with the reading of its deeds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from components.tables import date_column, escape_markdown, link_column, money_column, render_table
from components.words import code_label
from links.properties import property_href

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


def listings_frame(rows: Sequence[Mapping], *, county_names: Mapping[str, str] | None = None) -> pd.DataFrame:
    """data-api.md, Listing row of one person's agent, one row per listing (or mention).

    The `/v1` agent rows and the lean person rows carry different fields: a column
    neither carries is left out rather than shown empty.
    """
    records = [
        {
            "Listed": row.get("listed_on"),
            "Status": code_label(row.get("status")) if row.get("status") else None,
            "Sold": row.get("sold_on"),
            "List price": row.get("list_price"),
            "Sold price": row.get("sold_price"),
            "City": row.get("city"),
            "ZIP": row.get("zip"),
            # Named when coverage names it (a FIPS code means little to a person).
            "County": (county_names or {}).get(str(row.get("county_fips")), row.get("county_fips")),
            "Brokerage": row.get("brokerage_name"),
            "Office": row.get("office_name"),
            "Roles": row.get("roles"),
            "Self-listing": row.get("self_listing"),
            "Versions": row.get("n_versions"),
            "Buyer flagged": row.get("buyer_flagged"),
            "Buyer deed": row.get("buyer_deed_date"),
            "Price match": row.get("price_match"),
            "Current": row.get("is_current"),
            "Seen from": row.get("seen_from"),
            "Seen to": row.get("seen_to"),
            "Buyer orgs": ", ".join(row.get("buyer_org_ids") or []),
            "Holder orgs": ", ".join(row.get("holder_org_ids") or []),
            "Listing id": row.get("listing_id"),
            "Mention id": row.get("mention_id"),
            "Property": _property_link(row.get("property_id")),
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


def render_marketplace_listing(listing: Mapping, *, key: str, county_names: Mapping[str, str] | None = None) -> str | None:
    """The listing with the reading of the deeds; returns the closing buyer's org id, if any.
    `county_names` by FIPS code name the parcel's county (its code when unknown)."""
    st.markdown(
        f"**Listing {escape_markdown(listing.get('listing_id'))}** on {escape_markdown(listing.get('source') or 'an unnamed marketplace')}"
        f" · {escape_markdown(listing.get('status_word') or '—')} · published {escape_markdown(listing.get('published_on') or '—')}"
    )
    columns = st.columns(4)
    columns[0].metric("Asking", _money(listing.get("asking_price")))
    columns[1].metric("Buy now", _money(listing.get("buy_now_price")))
    columns[2].metric("Outcome", str(listing.get("outcome") or "—"))
    columns[3].metric("Within asking", {True: "yes", False: "no"}.get(listing.get("price_within_asking"), "—"))

    closing = listing.get("closing") or None
    buyer_org_id = None
    st.markdown("**Closing**")
    if closing:
        buyer = closing.get("buyer") or {}
        buyer_org_id = buyer.get("org_id")
        st.text(
            f"Deal {closing.get('deal_id') or '—'} on {closing.get('sale_date') or '—'} for {_money(closing.get('price'))}"
            f" (window {closing.get('window') or '—'})"
        )
        registry = "from the registry" if buyer.get("from_registry") else "not matched to the registry"
        st.text(f"Buyer: {buyer.get('org_name') or '—'} ({buyer.get('org_id') or 'no id'}, {registry})")
    else:
        st.text("No closing purchase read from the deeds yet.")
    seller = listing.get("seller") or {}
    wholesaler = listing.get("wholesaler") or {}
    st.text(f"Seller: {seller.get('org_name') or '—'} ({seller.get('org_id') or 'no id'})")
    st.text(f"Wholesaler: {wholesaler.get('org_id') or '—'} (match {wholesaler.get('match') or '—'})")

    parcel = listing.get("parcel") or {}
    address = "address held back" if parcel.get("address_held_back") else " ".join(
        str(part) for part in (parcel.get("line"), parcel.get("unit"), parcel.get("city"), parcel.get("zip")) if part
    )
    st.markdown("**Parcel**")
    fips = parcel.get("county_fips")
    county = f"{(county_names or {})[str(fips)]} ({fips})" if str(fips) in (county_names or {}) else f"county {fips or '—'}"
    st.text(
        f"{address or '—'} · {county} · APN {parcel.get('apn') or '—'} · "
        f"{parcel.get('bedrooms') or '—'} bd / {parcel.get('bathrooms') or '—'} ba · "
        f"{parcel.get('living_area_sqft') or '—'} sq ft · built {parcel.get('year_built') or '—'}"
    )
    st.caption(
        f"Parcel {listing.get('property_id') or '—'} resolved {listing.get('resolve') or '—'} among "
        f"{listing.get('n_candidates') or 0} candidates."
    )
    return buyer_org_id

