"""A property's comparable sales (issue 46): the map (the property marked apart, each comp coloured by
its price per square foot), the table a person unticks comps in (with its CSV), and the value range.

Draws what it is given (comps.rules sales, comps.value sentences); the page decides and reads.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from comps.rules import Sale, Subject, distance_of
from comps.value import ValueRange
from components.small_map import render_small_map
from components.tables import csv_text, date_column, edit_table, link_column, money_column, page_href
from components.words import PRIVATE_PERSON, code_label, plural
from links.properties import property_href
from mapspec.small_map import Canvas, bounds_of, layer, place_map

# Light to dark: a lower to a higher price per sq ft (the Map's own ramp, so the two read alike).
RAMP = ([254, 224, 197], [248, 181, 139], [242, 133, 93], [235, 74, 64], [179, 36, 40])
UNTICKED_COLOR = [160, 160, 160, 150]
UNSIZED_COLOR = [120, 120, 200, 220]  # a comp whose living area is not served: no price per sq ft
SUBJECT_FILL, SUBJECT_LINE = [20, 20, 20, 255], [255, 255, 255, 255]
USE = "Use"


def comps_frame(comps: Sequence[Sale], subject: Subject, used: Sequence[bool] | None = None,
                streets: Mapping[str, str] | None = None) -> pd.DataFrame:
    """The comps as the table shows them (and its CSV): each a row, its `Use` tick first; the street
    line where it was read (`streets`, by parcel), else the city and ZIP the deal serves."""
    records = []
    for index, sale in enumerate(comps):
        distance = distance_of(sale, subject)
        records.append({
            USE: True if used is None else bool(used[index]),
            "Address": ", ".join(part for part in ((streets or {}).get(sale.property_id or ""),
                                                    " ".join(p for p in (sale.city, sale.zip) if p)) if part) or None,
            "Sale date": pd.Timestamp(sale.sale_date) if sale.sale_date else pd.NaT,
            "Price": sale.price,
            "Miles": None if distance is None else round(distance, 2),
            "Sq ft": sale.living_area_sqft,
            "$/sq ft": None if sale.price_per_sqft is None else round(sale.price_per_sqft),
            "Beds": sale.bedrooms,
            "Baths": sale.bathrooms,
            "Year built": sale.year_built,
            "Kind": code_label(sale.kind) if sale.kind else None,
            "Buyer": sale.buyer_name or (PRIVATE_PERSON if sale.buyer_id is None else None),
            "Buyer's page": page_href("investors", {"investor": sale.buyer_id}) if sale.buyer_id else None,
            "Property": property_href(sale.property_id) if sale.property_id else None,
            "Deal id": sale.deal_id,
        })
    frame = pd.DataFrame.from_records(records, columns=[
        USE, "Address", "Sale date", "Price", "Miles", "Sq ft", "$/sq ft", "Beds", "Baths", "Year built", "Kind",
        "Buyer", "Buyer's page", "Property", "Deal id"])
    for column in ("Price", "Sq ft", "$/sq ft", "Year built"):
        frame[column] = pd.to_numeric(frame[column], errors="coerce").astype("Int64")
    for column in ("Miles", "Beds", "Baths"):
        frame[column] = pd.to_numeric(frame[column], errors="coerce").astype("Float64")
    return frame


def table_key(key: str, comps: Sequence[Sale]) -> str:
    """The table's widget key: another set of comps starts with every tick on again."""
    digest = hashlib.blake2b("|".join(sale.deal_id for sale in comps).encode(), digest_size=6).hexdigest()
    return f"{key}_{digest}"


def render_comps_table(comps: Sequence[Sale], subject: Subject, *, key: str,
                       streets: Mapping[str, str] | None = None) -> list[bool]:
    """The comps with a `Use` tick each (untick one to leave it out of the range) and the CSV of
    the table as it stands; which comps are ticked."""
    frame = comps_frame(comps, subject, streets=streets)
    edited = edit_table(
        # A value not served reads "—" (the table rule: components/tables.py).
        frame, key=table_key(key, comps), editable=[USE],
        column_config={
            USE: st.column_config.CheckboxColumn(USE, help="Untick a sale to leave it out of the value range"),
            "Sale date": date_column("Sale date"), "Price": money_column("Price"), "$/sq ft": money_column("$/sq ft"),
            "Buyer's page": link_column("Buyer's page", display_text="Open"),
            "Property": link_column("Property", display_text="Open"),
        },
    )
    used = [bool(value) for value in edited[USE]]
    st.download_button("Download the comps (CSV)",
                       csv_text(comps_frame(comps, subject, used, streets), ["Buyer's page", "Property"]),
                       file_name="comparable-sales.csv", mime="text/csv", key=f"{key}_csv")
    return used


def rate_classes(rates: Sequence[float]) -> list[float]:
    """Upper bounds of equal-count classes of the prices per sq ft (at most len(RAMP))."""
    ordered = sorted(rates)
    if not ordered:
        return []
    return sorted({ordered[min(len(ordered) - 1, (len(ordered) * (i + 1)) // len(RAMP) - 1)] for i in range(len(RAMP))})


def rate_color(rate: float | None, bounds: Sequence[float]) -> list[int]:
    if rate is None:
        return UNSIZED_COLOR
    for index, upper in enumerate(bounds):
        if rate <= upper:
            return [*RAMP[index + len(RAMP) - len(bounds)], 235]
    return [*RAMP[-1], 235]


def _tip(sale: Sale, subject: Subject, used: bool) -> str:
    parts = [f"${sale.price:,}" if sale.price is not None else "no price"]
    if sale.price_per_sqft is not None:
        parts.append(f"${sale.price_per_sqft:,.0f}/sq ft")
    distance = distance_of(sale, subject)
    if distance is not None:
        parts.append(f"{distance:.2f} mi")
    if sale.sale_date:
        parts.append(f"sold {sale.sale_date.isoformat()}")
    return " · ".join(parts) + ("" if used else " (left out)")


def render_comps_map(subject: Subject, comps: Sequence[Sale], used: Sequence[bool], *, key: str, canvas: Canvas,
                     height: int = 300) -> None:
    """The property (a dark ring) and its comps, each coloured by its price per sq ft (grey: unticked)."""
    rates = [sale.price_per_sqft for sale, on in zip(comps, used) if on and sale.price_per_sqft]
    bounds = rate_classes(rates)
    placed = [(sale, on) for sale, on in zip(comps, used) if sale.latitude is not None and sale.longitude is not None]
    here = [float(subject.longitude), float(subject.latitude)]
    points = [[float(sale.longitude), float(sale.latitude)] for sale, _on in placed]
    rows = [{"p": point, "tip": _tip(sale, subject, on), "fill": rate_color(sale.price_per_sqft, bounds) if on else UNTICKED_COLOR}
            for point, (sale, on) in zip(points, placed)]
    home = [{"p": here, "tip": f"This property: {subject.address or 'here'}"}]
    spec = place_map(
        [layer("points", "comps", rows, radius=7, line=[255, 255, 255, 230]),
         layer("points", "subject", home, fill=SUBJECT_FILL, radius=9, line=SUBJECT_LINE)],
        bounds=bounds_of([*points, here]), basemap=canvas.basemap,
        label="Map of the comparable sales: hover a point for its sale")
    render_small_map(spec, canvas=canvas, key=key, height=height)
    said = "The dark point is this property; each comp is coloured by its price per sq ft"
    if rates:
        said += f", from ${min(rates):,.0f} (lightest) to ${max(rates):,.0f} (darkest)"
    unplaced = sum(1 for sale in comps if sale.latitude is None or sale.longitude is None)
    st.caption(money_words(said) + "; grey: left out." + (f" {plural(unplaced, 'comp')} without a position not drawn." if unplaced else ""))


def render_value_range(found: ValueRange | None, sentence: str, warnings: Sequence[str]) -> None:
    """The range in figures, its sentence, and what to weigh."""
    if found is None:
        st.info("No value range: no comparable sale is ticked.")
        return
    low, middle, high = st.columns(3)
    low.metric("Low (25th percentile)", f"${found.low:,}")
    middle.metric("Middle", f"${found.middle:,}")
    high.metric("High (75th percentile)", f"${found.high:,}")
    st.markdown(money_words(sentence))
    for warning in warnings:
        st.warning(money_words(warning), icon=":material/warning:")


def money_words(text: str) -> str:
    """Text with dollar amounts as markdown shows them: two `$` would open a formula."""
    return text.replace("$", "\\$")
