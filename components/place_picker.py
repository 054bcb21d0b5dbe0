"""Where the map looks: a market from coverage, then the whole market, ZIPs, a city or a circle.

Widgets only; the page turns the choice into request parameters and a view (mapspec.place).
Widget keys are `{key}_<name>`, so the page can restore them from a deep link before they
are drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from mapspec.markets import Market, market_codes
from mapspec.place import CITY, MODES, POINT, ZIP_CODES, PlaceChoice
from services.contract import MAX_RADIUS_MILES


def render_place_picker(markets: Sequence[Market], *, key: str) -> PlaceChoice:
    """A market picker (flies to its bbox) and the place inside it."""
    codes = market_codes(markets)
    names = {market.market: market.name or market.market for market in markets}
    columns = st.columns([2, 4, 3])
    market = columns[0].selectbox(
        "Market",
        codes,
        key=f"{key}_market",
        format_func=lambda code: f"{names.get(code, code)} ({code})",
        help="The map flies to the market; the place below narrows it.",
        placeholder="No market served" if not codes else "Choose a market",
    )
    # In a row: four options one above the other pushed the map below the fold.
    mode = columns[1].radio("Place", MODES, key=f"{key}_mode", horizontal=True)
    with columns[2]:
        zips = city = ""
        latitude = longitude = radius = None
        if mode == ZIP_CODES:
            zips = st.text_input("ZIP codes", key=f"{key}_zips", placeholder="75201, 75204", help="Five-digit ZIPs, separated by commas.")
        elif mode == CITY:
            city = st.text_input("Postal city", key=f"{key}_city", placeholder="Dallas")
        elif mode == POINT:
            # One above the other: three side by side in this column cut "32.78123" to "32.".
            latitude = st.number_input("Latitude", key=f"{key}_lat", value=None, min_value=-90.0, max_value=90.0, format="%.5f")
            longitude = st.number_input("Longitude", key=f"{key}_lng", value=None, min_value=-180.0, max_value=180.0, format="%.5f")
            radius = st.number_input(
                # No bound: a bounded box keeps its last value under a small "!" when a person types
                # -1, and the map went on showing that circle; mapspec.place says what is wrong.
                "Radius (miles)", key=f"{key}_radius", value=None, step=0.5, format="%g",
                help=f"More than 0 and at most {MAX_RADIUS_MILES:g} miles.",
            )
        else:
            st.caption("The whole market's box. Pick ZIPs, a city or a circle to narrow it.")
    return PlaceChoice(market, mode, zips.strip(), city.strip(), latitude, longitude, radius)
