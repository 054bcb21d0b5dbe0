"""What an investor does: counters (all time, 12 and 24 months), prices, hold days, where and what it buys."""

from __future__ import annotations

import re
from collections.abc import Mapping

import pandas as pd
import streamlit as st

from components.charts import render_bar_chart
from components.tables import render_table

# data-api.md, Investor profile (counters), in the order a reader compares them.
ALL_TIME_COUNTERS = [
    ("n_deals", "Deals"),
    ("n_flips", "Flips"),
    ("n_wholesales", "Wholesales"),
    ("n_holds", "Holds"),
    ("n_long_holds", "Long holds"),
    ("n_builds", "Builds"),
    ("n_acquisitions", "Acquisitions"),
    ("n_purchases", "Purchases"),
    ("n_sales", "Sales"),
    ("n_priced_deals", "Priced deals"),
    ("n_unpriced_deals", "Unpriced deals"),
    ("n_distressed_buys", "Distressed buys"),
]
WINDOW_PATTERN = re.compile(r"^(?P<counter>.+?)_?(?P<months>12|24)m$")


def window_counters_frame(profile: Mapping) -> pd.DataFrame:
    """The 12- and 24-month counters side by side, whatever their names (`bought_12m`, `n_flips_24m`, ...)."""
    rows: dict[str, dict] = {}
    for field, value in profile.items():
        match = WINDOW_PATTERN.match(field)
        if not match or isinstance(value, (dict, list)) or isinstance(value, bool):
            continue
        counter = match["counter"].removeprefix("n_").replace("_", " ")
        rows.setdefault(counter, {"Counter": counter})[f"{match['months']} months"] = value
    frame = pd.DataFrame(list(rows.values()), columns=["Counter", "12 months", "24 months"])
    # A window the profile does not serve reads "—", not "None" beside the other's count.
    for column in ("12 months", "24 months"):
        frame[column] = [f"{int(value):,}" if pd.notna(value) else "—" for value in frame[column]]
    return frame


def price_band_frame(profile: Mapping) -> pd.DataFrame:
    band = profile.get("price_band") or {}
    return pd.DataFrame(
        [{"Quantile": name, "Price": band.get(field)} for name, field in (("p25", "p25"), ("p50 (median)", "p50"), ("p75", "p75"))
         if band.get(field) is not None]
    )


def labelled_counts_frame(values, *, label: str) -> pd.DataFrame:
    """A `{name: n}` mapping, a list of `{name|city|segment: .., n: ..}` or a list of names, as rows of (label, n)."""
    if isinstance(values, Mapping):
        rows = [{label: str(name), "Share or count": count} for name, count in values.items()]
    else:
        rows = []
        for item in values or []:
            if isinstance(item, Mapping):
                name = next((item[field] for field in ("name", "city", "segment", "label", "key") if item.get(field)), None)
                count = next((item[field] for field in ("n", "share", "count", "n_deals") if item.get(field) is not None), None)
                rows.append({label: str(name), "Share or count": count})
            else:
                rows.append({label: str(item), "Share or count": None})
    frame = pd.DataFrame(rows, columns=[label, "Share or count"])
    # A plain list of names (cities_active) has no counts: show the names alone.
    return frame.drop(columns=["Share or count"]) if frame["Share or count"].isna().all() else frame


def _money(value) -> str:
    return "—" if value is None else f"${value:,.0f}"


COUNTS_WORDS = ("All time: every deal on record, with or without a map point. A place's leaderboard "
                "counts only the deals it can place inside that place, so it may count a few fewer.")


def render_investor_counters(profile: Mapping, *, key: str) -> None:
    """Counters of all time, then the 12/24-month windows and the last purchase."""
    present = [(field, label) for field, label in ALL_TIME_COUNTERS if profile.get(field) is not None]
    for start in range(0, len(present), 6):
        columns = st.columns(6)
        for column, (field, label) in zip(columns, present[start : start + 6]):
            column.metric(label, f"{profile[field]:,}")
    # Said because a place's leaderboard of the same investor counts fewer (issue 26): it counts
    # the deals inside its place, and a deal recorded without a map point is inside no place.
    st.caption(COUNTS_WORDS)
    windows = window_counters_frame(profile)
    left, right = st.columns([3, 2])
    with left:
        st.markdown("**Last 12 and 24 months**")
        render_table(windows, key=f"{key}_windows", file_name=f"{profile.get('id')}-windows.csv")
    with right:
        st.markdown("**Dates**")
        for field, label in (("first_deed", "First deed"), ("last_deed", "Last deed"), ("last_bought_on", "Last bought")):
            st.text(f"{label}: {profile.get(field) or '—'}")
        if profile.get("days_since_last_purchase") is not None:
            st.text(f"Days since last purchase: {profile['days_since_last_purchase']}")
        st.text(f"Data through: {profile.get('data_end') or '—'}")


def render_investor_prices(profile: Mapping, *, key: str) -> None:
    """Price band, hold days and margins, with the band as a chart."""
    band = profile.get("price_band") or {}
    columns = st.columns(4)
    columns[0].metric("Median bought price", _money(profile.get("median_bought_price")))
    hold_days = profile.get("median_hold_days")
    columns[1].metric("Median hold", "—" if hold_days is None else f"{hold_days:,.0f} days")
    ratio = profile.get("median_spread_ratio")
    columns[2].metric("Median resale ÷ buy", "—" if ratio is None else f"{ratio:.2f}×")
    columns[3].metric("Median gross profit", _money(profile.get("median_gross_profit")))
    caption = f"Price band over {band.get('window') or 'the whole record'}"
    if band.get("n_priced_purchases") is not None:
        caption += f", from {band['n_priced_purchases']:,} priced purchases"
    render_bar_chart(price_band_frame(profile), x="Quantile", y="Price", key=f"{key}_band", title=caption + ".")


def render_investor_places(profile: Mapping, *, key: str) -> None:
    """Cities it is active in and its segment mix."""
    left, right = st.columns(2)
    with left:
        st.markdown("**Cities active**")
        render_table(
            labelled_counts_frame(profile.get("cities_active"), label="City"),
            key=f"{key}_cities",
            file_name=f"{profile.get('id')}-cities.csv",
        )
    with right:
        st.markdown("**Segment mix**")
        segments = labelled_counts_frame(profile.get("segment_mix"), label="Segment")
        shares = "Share or count" in segments and segments["Share or count"].between(0, 1).all()
        render_table(
            segments.rename(columns={"Share or count": "Share" if shares else "Deals"}),
            key=f"{key}_segments",
            file_name=f"{profile.get('id')}-segments.csv",
            column_config={"Share": st.column_config.NumberColumn("Share", format="percent")},
        )
