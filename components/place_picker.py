"""Where the map looks: a market from coverage, then the whole market, ZIPs, a city or a circle.

Widgets only; the page turns the choice into request parameters and a view. Widget keys
are `{key}_<name>`, so the page can restore them from a deep link before they are drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import streamlit as st

from components.map_view import MAX_RADIUS_MILES, View

MODES = ("Whole market", "ZIP codes", "City", "Point + radius")


@dataclass(frozen=True)
class PlaceChoice:
    market: str | None
    mode: str
    zips: str = ""
    city: str = ""
    latitude: float | None = None
    longitude: float | None = None
    radius_miles: float | None = None


def render_place_picker(markets: Sequence[Mapping], *, key: str) -> PlaceChoice:
    """A market picker (flies to its bbox) and the place inside it."""
    codes = [str(market.get("market")) for market in markets]
    names = {str(market.get("market")): market.get("name") or market.get("market") for market in markets}
    columns = st.columns([2, 2, 3])
    market = columns[0].selectbox(
        "Market",
        codes,
        key=f"{key}_market",
        format_func=lambda code: f"{names.get(code, code)} ({code})",
        help="The map flies to the market; the place below narrows it.",
        placeholder="No market served" if not codes else "Choose a market",
    )
    mode = columns[1].radio("Place", MODES, key=f"{key}_mode", horizontal=False)
    with columns[2]:
        zips = city = ""
        latitude = longitude = radius = None
        if mode == "ZIP codes":
            zips = st.text_input("ZIP codes", key=f"{key}_zips", placeholder="75201, 75204", help="Five-digit ZIPs, separated by commas.")
        elif mode == "City":
            city = st.text_input("Postal city", key=f"{key}_city", placeholder="Dallas")
        elif mode == "Point + radius":
            inner = st.columns(3)
            latitude = inner[0].number_input("Latitude", key=f"{key}_lat", value=None, min_value=-90.0, max_value=90.0, format="%.5f")
            longitude = inner[1].number_input("Longitude", key=f"{key}_lng", value=None, min_value=-180.0, max_value=180.0, format="%.5f")
            radius = inner[2].number_input(
                "Radius (miles)", key=f"{key}_radius", value=None, min_value=0.0, step=0.5,
                help=f"At most {MAX_RADIUS_MILES:g} miles.",
            )
        else:
            st.caption("The whole market's box. Pick ZIPs, a city or a circle to narrow it.")
    return PlaceChoice(market, mode, zips.strip(), city.strip(), latitude, longitude, radius)


def place_request(place: PlaceChoice, market: Mapping | None) -> tuple[dict, View | None, str | None]:
    """The request geometry, the view that shows it, and what is wrong with the input if anything."""
    market_view = None
    if market and market.get("bbox") and len(market["bbox"]) == 4:
        market_view = View(*[float(value) for value in market["bbox"]])
    whole = ({"bbox": market_view.text()} if market_view else {}, market_view)
    if place.mode == "ZIP codes":
        zips = [part.strip() for part in place.zips.replace(";", ",").split(",") if part.strip()]
        if not zips:
            return (*whole, "Type one or more 5-digit ZIP codes, separated by commas.")
        bad = [code for code in zips if not (len(code) == 5 and code.isdigit())]
        if bad:
            return (*whole, f"{', '.join(bad)}: a ZIP code is 5 digits (e.g. 75201). Correct it to see those ZIPs.")
        return {"zip": zips}, market_view, None
    if place.mode == "City":
        if len(place.city) < 2:
            return (*whole, "Type a postal city (e.g. Dallas).")
        return {"city": place.city}, market_view, None
    if place.mode == "Point + radius":
        if place.latitude is None or place.longitude is None or place.radius_miles is None:
            return (*whole, "Give a latitude, a longitude and a radius in miles.")
        if not 0 < place.radius_miles <= MAX_RADIUS_MILES:
            # data-api.md, Limits 6: radius_miles at most 20.
            return (*whole, f"The radius is at most {MAX_RADIUS_MILES:g} miles (and more than 0): enter 20 or less.")
        geometry = {"lat": place.latitude, "lng": place.longitude, "radius_miles": place.radius_miles}
        return geometry, View.around(place.latitude, place.longitude, place.radius_miles), None
    return (*whole, None)
