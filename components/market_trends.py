"""A market's trends (issue 46): investor purchases by month, stacked by kind, under the median price
by month, the year's change in a sentence, the months as CSV; and the busiest buyers of some ZIPs.

Draws what it is given (mapspec.trends.Trends, the adapter's buyers). The chart is a Vega-Lite
spec written out, as the cell panel's (components/charts.py: Altair's schema check cost each run).
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from components.tables import csv_text, date_column, link_column, page_href, show_table
from components.words import PRIVATE_PERSON, code_label
from mapspec.filters import KIND_LABELS
from mapspec.trends import Trends, month_rows

TREND_CHART_PX = 240
PRICE_LINE_COLOR = "#1d2a2f"


def trends_spec(kinds: Sequence[str]) -> dict:
    """Bars of purchases stacked by kind, and the median price as a line on its own axis."""
    month = {"field": "Month", "timeUnit": "yearmonth", "type": "temporal", "title": None}
    return {
        "layer": [
            {"mark": {"type": "bar"},
             "encoding": {
                 "x": month,
                 "y": {"field": "Purchases", "type": "quantitative", "stack": "zero", "title": "Investor purchases",
                       "axis": {"tickMinStep": 1, "format": "d"}},
                 "color": {"field": "Kind", "type": "nominal", "sort": list(kinds), "title": "Kind",
                           "legend": {"orient": "bottom", "direction": "horizontal"}},
                 "tooltip": [{**month, "title": "Month"}, {"field": "Kind", "type": "nominal"},
                             {"field": "Purchases", "type": "quantitative"}],
             }},
            {"mark": {"type": "line", "color": PRICE_LINE_COLOR, "point": {"color": PRICE_LINE_COLOR}},
             "encoding": {
                 "x": month,
                 # Not from zero: a price moves a few per cent a year, flat on an axis from $0.
                 "y": {"field": "Median price", "aggregate": "max", "type": "quantitative", "title": "Median price (line)",
                       "axis": {"format": "$,.0f", "orient": "right"}, "scale": {"zero": False}},
                 "tooltip": [{**month, "title": "Month"},
                             {"field": "Median price", "aggregate": "max", "type": "quantitative", "format": "$,.0f",
                              "title": "Median price"}],
             }},
        ],
        "resolve": {"scale": {"y": "independent"}},
        "height": TREND_CHART_PX,
    }


def render_market_trends(trends: Trends, sentence: str, *, key: str) -> None:
    """The sentence, the chart and the months' CSV."""
    st.markdown(sentence.replace("$", "\\$"))
    frame = pd.DataFrame(month_rows(trends), columns=["Month", "Kind", "Purchases", "Median price"])
    if not any(month.n_deals for month in trends.months):
        st.info("No investor purchase was recorded here in these 24 months.")
        return
    chart = frame.assign(Month=pd.to_datetime(frame.Month, format="%Y-%m"))
    kinds = [label for label in KIND_LABELS.values() if label in set(frame.Kind)]
    st.vega_lite_chart(chart[chart.Kind != ""], trends_spec(kinds), key=f"{key}_chart", width="stretch")
    st.download_button("Download the months (CSV)", frame.to_csv(index=False).encode("utf-8"),
                       file_name="market-trends.csv", mime="text/csv", key=f"{key}_csv")


def render_top_buyers(buyers: Sequence, *, key: str) -> None:
    """The busiest buyers, most purchases first: each named, linked to its profile where one is found."""
    if not buyers:
        st.info("Nobody bought in these ZIPs since that date.")
        return
    frame = pd.DataFrame([{
        "Buyer": PRIVATE_PERSON if buyer.private else buyer.name,
        "Purchases": buyer.purchases,
        "Last purchase": pd.to_datetime(buyer.last_purchase_on, errors="coerce"),
        "Kind": code_label(buyer.kind) if buyer.kind else None,
        "Profile": page_href("investors", {"investor": buyer.profiles[0]}) if buyer.profiles else None,
    } for buyer in buyers], columns=["Buyer", "Purchases", "Last purchase", "Kind", "Profile"])
    show_table(frame, key=f"{key}_table", column_config={"Profile": link_column("Profile", display_text="Open"),
                                                         "Last purchase": date_column("Last purchase")})
    unlinked = sum(1 for buyer in buyers if not buyer.profiles)
    if unlinked:
        st.caption(f"{unlinked} without a profile link: no investor profile carries their name and registry number.")
    st.download_button("Download the buyers (CSV)", csv_text(frame, ["Profile"]),
                       file_name="top-buyers.csv", mime="text/csv", key=f"{key}_csv")
