"""The Map page's market trends (issue 46): a section of pages/map.py, under the map.

For the place and filters (the market, its ZIPs, a city or a circle; not the part of it the map
shows, so a pan reads nothing): investor purchases by month for the 24 whole months to the data's
end, split by kind, the median price by month, and the change on a year before in one sentence
(adapter/trends.py, free reads). Beside it, for ZIPs, the buyers with the most purchases there
since a date the person picks (a charged read: its cost is stated first).
"""

from __future__ import annotations

from datetime import date

import streamlit as st

import adapter.budget
import adapter.data
import adapter.trends
from components.charged_read import confirm_charged_read
from components.date_field import date_field
from components.feedback import render_error
from components.market_trends import render_market_trends, render_top_buyers
from components.words import plural
from mapspec.filters import DealFilters
from mapspec.place import ZIP_CODES, PlaceChoice, place_zips
from mapspec.timeline import months_back
from mapspec.trends import TREND_MONTHS, trend_sentence
from services.data_api.models import CoverageMarket
from services.errors import ApiError

TRENDS_KEY = "map_trends"
BUYERS_KEY = "map_top_buyers"
EARLIEST_SINCE = date(2000, 1, 1)


def render_trends(place: PlaceChoice, market: CoverageMarket | None, filters: DealFilters, geometry: dict | None,
                  place_ok: bool) -> None:
    """The trends of the place, and for ZIPs who bought most there; nothing without a place or a data end."""
    data_end = adapter.data.market_data_end(place.market) if place_ok and geometry and market else None
    if data_end is None:
        return
    st.subheader("Market trends")
    zips = place_zips(place) if place.mode == ZIP_CODES else []
    chart, buyers = st.columns([3, 2], gap="medium") if zips else (st.container(), None)
    with chart:
        try:
            with st.spinner("Reading the months…"):
                trends = adapter.trends.view_trends(geometry, filters, data_end)
        except ApiError as error:
            render_error(error, title="Market trends")
        else:
            render_market_trends(trends, trend_sentence(trends), key=TRENDS_KEY)
            if filters.sold_from:
                st.caption(f"The trends show the {TREND_MONTHS} whole months to {trends.recent.span[1].isoformat()}, "
                           "whatever the filter's start date.")
    if buyers is not None:
        with buyers:
            render_zip_buyers(zips, data_end)


def render_zip_buyers(zips: list[str], data_end: date) -> None:
    """The ZIPs' busiest buyers since a date the person picks (a year before the data's end at first)."""
    st.markdown(f"**Who bought most in {'this ZIP' if len(zips) == 1 else 'these ZIPs'}**")
    since_key = f"{BUYERS_KEY}_since"
    if since_key not in st.session_state:
        st.session_state[since_key] = months_back(data_end, 11)
    since = date_field("Purchases since", key=since_key, min_value=EARLIEST_SINCE, max_value=data_end)
    if since is None:
        st.caption("Pick a date to see who bought most since.")
        return
    cost = adapter.trends.top_buyers_cost(zips, since)
    what = f"The {adapter.trends.TOP_BUYERS} busiest buyers since {since.isoformat()}"
    cost_text = (f"{what} cost nothing: your account holds them." if cost == 0 else
                 f"{what} may cost up to {plural(cost, 'credit')} (1 for each buyer new to your account).")
    found = confirm_charged_read(
        BUYERS_KEY, (tuple(zips), since), ask_label="Who bought most here", confirm_label="Read the buyers", cost=cost,
        cost_text=cost_text, load=lambda: adapter.trends.top_buyers(zips, since),
        error_title="The buyers could not be read", **adapter.budget.rules())
    if found is not None:
        render_top_buyers(found, key=BUYERS_KEY)
