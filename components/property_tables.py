"""The parcel search's results: a table (each row opens the property) and pins on a street-level map,
with the short-term-rental parcels as a second layer and a list where the market has them."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from components.small_map import render_small_map
from components.tables import date_column, link_column, money_column, render_table
from components.words import PRIVATE_OWNER
from links.properties import property_href
from mapspec.small_map import Canvas, bounds_of, layer, place_map
from services.data_api.models import LastSale, Owner, Parcel, ParcelAddress, StrParcel

PARCEL_COLOR = [31, 119, 180, 220]
STR_COLOR = [230, 85, 13, 230]


def owner_text(owner: Owner | None) -> str:
    """An organization's name; a natural person's ownership is not served (the key is absent)."""
    if not owner:
        return PRIVATE_OWNER
    return owner.display_name or owner.name or "name not recorded"


def parcels_frame(rows: Sequence[Parcel]) -> pd.DataFrame:
    records = []
    for row in rows:
        address, sale = row.address or ParcelAddress(), row.last_sale or LastSale()
        records.append({
            "Open": property_href(row.property_id),
            "Address": " ".join(part for part in (address.line, address.unit) if part),
            "City": address.city,
            "ZIP": address.zip,
            "Beds": row.bedrooms,
            "Baths": row.bathrooms,
            "Sq ft": row.living_area_sqft,
            "Year built": row.year_built,
            "Last sale": sale.date,
            "Last price": sale.price,
            "Owner": owner_text(row.owner),
            "APN": row.apn,
            "Property id": row.property_id,
            "latitude": row.latitude,
            "longitude": row.longitude,
        })
    frame = pd.DataFrame(records, columns=["Open", "Address", "City", "ZIP", "Beds", "Baths", "Sq ft", "Year built",
                                           "Last sale", "Last price", "Owner", "APN", "Property id", "latitude",
                                           "longitude"])
    frame["Last sale"] = pd.to_datetime(frame["Last sale"], errors="coerce")
    frame["Last price"] = frame["Last price"].astype("Int64")
    return frame


def render_parcel_table(rows: Sequence[Parcel], *, key: str) -> None:
    frame = parcels_frame(rows)
    render_table(frame, key=key, file_name="parcels.csv",
                 column_order=[c for c in frame.columns if c not in ("latitude", "longitude")],
                 column_config={"Open": link_column("Open", display_text="Open"), "Last sale": date_column("Last sale"),
                                "Last price": money_column("Last price")})


def _points(rows: Sequence[Parcel | StrParcel], label_of) -> pd.DataFrame:
    frame = pd.DataFrame([{"latitude": row.latitude, "longitude": row.longitude, "label": label_of(row)}
                          for row in rows], columns=["latitude", "longitude", "label"])
    return frame.dropna(subset=["latitude", "longitude"])


def _label(row: Parcel | StrParcel) -> str:
    address = row.address or ParcelAddress()
    return f"{address.line or ''} {address.unit or ''}, {address.zip or ''}".replace(" ,", ",")


def render_parcel_map(rows: Sequence[Parcel], str_rows: Sequence[StrParcel] = (), *, key: str, canvas: Canvas,
                      height: int = 380) -> None:
    """Pins of the parcels (blue) and of the short-term rentals (orange), in their streets."""
    parcels, rentals = _points(rows, _label), _points(str_rows, lambda r: "Short-term rental: " + _label(r))
    layers = [layer("points", layer_id, [{"p": [float(lng), float(lat)], "tip": text}
                                         for lat, lng, text in zip(frame["latitude"], frame["longitude"], frame["label"])],
                    fill=color, radius=6, line=[255, 255, 255, 230])
              for layer_id, frame, color in (("parcels", parcels, PARCEL_COLOR), ("rentals", rentals, STR_COLOR))
              if not frame.empty]
    if not layers:
        st.caption("No mapped positions.")
        return
    spec = place_map(layers, bounds=bounds_of([row["p"] for item in layers for row in item["rows"]]),
                     basemap=canvas.basemap, label="Map of the parcels: hover a pin for its address")
    render_small_map(spec, canvas=canvas, key=key, height=height)


def render_str_list(rows: Sequence[StrParcel], *, key: str) -> None:
    frame = pd.DataFrame([{
        "Open": property_href(row.property_id),
        "Address": _label(row),
        "Platforms": ", ".join(row.platforms),
        "Active": row.is_active,
        "Nightly rate": row.nightly_rate,
        "Occupancy": row.occupancy_rate,
        "Revenue / yr (est.)": row.annual_revenue_est,
        "Permit": row.has_permit,
        "Owner": (row.owner.display_name if row.owner else None) or PRIVATE_OWNER,
        "Last seen": row.last_seen_on,
    } for row in rows])
    render_table(frame, key=key, file_name="short-term-rentals.csv",
                 column_config={"Open": link_column("Open", display_text="Open"),
                                "Nightly rate": money_column("Nightly rate"),
                                "Revenue / yr (est.)": money_column("Revenue / yr (est.)")})
