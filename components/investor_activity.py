"""What an investor does: counters (all time, 12 and 24 months), prices, hold days, where and what it buys."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

import pandas as pd
import streamlit as st

from components.tables import escape_markdown, render_table
from services.data_api.models import InvestorProfile, PriceBand

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
# A value shown as served (text where a number was expected, a 300-digit count), at most this long.
SHOWN_CHARS = 40


def _priced(value) -> bool:
    """A number to show: an int of any size, or a finite float (math.isfinite overflows on a 300-digit int)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def _shown(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…"


def _count(value) -> str:
    """A count as a person reads it: 1,748; "—" when not served or not a number; text as served, cut short."""
    if _priced(value):
        return _shown(f"{round(value):,}")
    return "—" if value is None or isinstance(value, float) else _shown(str(value))


def _money(value) -> str:
    if not _priced(value):
        return "—"
    # A loss (a gross profit below nothing): the minus before the dollar sign, as a person writes it.
    return f"−${_count(-value)}" if round(value) < 0 else f"${_count(value)}"


def _counter_name(field: str) -> str:
    """`n_flips` and `n_flips_12m` both name the counter "flips"."""
    return field.removeprefix("n_").replace("_", " ")


def counter_values(profile: InvestorProfile) -> dict[str, object]:
    """The profile's fields and what its host added, by name: the 12- and 24-month counters are a
    family known by the pattern of their names (`bought_12m`, `n_flips_24m`), not a list of fields."""
    return dict(profile)


def window_counts(values: Mapping) -> dict[str, dict[str, str]]:
    """The 12- and 24-month counters by counter, whatever their names (`bought_12m`, `n_flips_24m`, ...),
    as shown: a window the profile does not serve reads "—", not "None" beside the other's count."""
    rows: dict[str, dict[str, str]] = {}
    for field, value in values.items():
        match = WINDOW_PATTERN.match(field)
        if not match or isinstance(value, (dict, list)) or isinstance(value, bool):
            continue
        rows.setdefault(_counter_name(match["counter"]), {"12 months": "—", "24 months": "—"})[
            f"{match['months']} months"] = _count(value)
    return rows


def window_counters_frame(values: Mapping) -> pd.DataFrame:
    """The 12- and 24-month counters side by side, one row each."""
    rows = [{"Counter": counter, **windows} for counter, windows in window_counts(values).items()]
    return pd.DataFrame(rows, columns=["Counter", "12 months", "24 months"])


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


COUNTS_WORDS = ("All time: every deal on record, with or without a map point. A place's leaderboard "
                "counts only the deals it can place inside that place, so it may count a few fewer.")


def counts_frame(values: Mapping) -> pd.DataFrame:
    """Every counter in one table (`values`: `counter_values` of a profile): all time, then the last
    12 and 24 months beside it where the profile serves that window of it (`n_flips` beside
    `n_flips_12m`), and a window with no counter of all time (`bought_12m`) on its own row. A count
    not served reads "—"."""
    windows = window_counts(values)
    rows = []
    for field, label in ALL_TIME_COUNTERS:
        if (value := values.get(field)) is not None:
            window = windows.pop(_counter_name(field), {"12 months": "—", "24 months": "—"})
            rows.append({"Counter": label, "All time": _count(value), **window})
    rows.extend({"Counter": counter.capitalize(), "All time": "—", **window} for counter, window in windows.items())
    return pd.DataFrame(rows, columns=["Counter", "All time", "12 months", "24 months"])


def render_investor_counters(profile: InvestorProfile, *, key: str) -> None:
    """The counters (all time, 12 and 24 months) in one table, beside the dates."""
    left, right = st.columns([3, 2])
    with left:
        # One table, not a figure for each counter and a table of the windows beside: the same
        # counts read down a column, and the profile opened 0.15 s sooner (issue 29: twelve
        # figures, two rows of columns, on the tour's profile step).
        st.markdown("**Counts**")
        render_table(counts_frame(counter_values(profile)), key=f"{key}_windows", file_name=f"{profile.id}-counts.csv")
        # Said because a place's leaderboard of the same investor counts fewer (issue 26): it counts
        # the deals inside its place, and a deal recorded without a map point is inside no place.
        st.caption(COUNTS_WORDS)
    with right:
        # One block, not a line element each: each element is a share of the page's opening.
        dates = [f"{label}: {value or '—'}" for label, value in (
            ("First deed", profile.first_deed), ("Last deed", profile.last_deed), ("Last bought", profile.last_bought_on))]
        if profile.days_since_last_purchase is not None:
            dates.append(f"Days since last purchase: {_count(profile.days_since_last_purchase)}")
        dates.append(f"Data through: {profile.data_end or '—'}")
        st.markdown("**Dates**\n\n" + "  \n".join(escape_markdown(line) for line in dates))


def render_investor_prices(profile: InvestorProfile, *, key: str) -> None:
    """Median price, hold days and margins, then the price band in a sentence."""
    columns = st.columns(4)
    columns[0].metric("Median bought price", _money(profile.median_bought_price))
    hold_days = profile.median_hold_days
    columns[1].metric("Median hold", f"{_count(hold_days)} days" if _priced(hold_days) else "—")
    ratio = profile.median_spread_ratio
    # A ratio past a million is no ratio a deal makes (and a 300-digit one overflows a float).
    columns[2].metric("Median resale ÷ buy", f"{ratio:.2f}×" if _priced(ratio) and abs(ratio) < 1e6 else "—")
    columns[3].metric("Median gross profit", _money(profile.median_gross_profit))
    st.markdown(price_band_words(profile.price_band or PriceBand()))


def _shown_money(value) -> str:
    # Escaped: two dollar signs in one markdown line would be set as a formula.
    return escape_markdown(_money(value))


def window_words(window) -> str:
    """A price band's window as a person says it: `24m` is "the last 24 months"; an unknown one
    as served, cut short (plain text: the sentence escapes it)."""
    match = re.fullmatch(r"(\d+)\s*m", str(window or "").strip())
    if match:
        return f"the last {int(match[1])} months"
    if not window or str(window).strip().lower() in ("all", "all_time"):
        return "the whole record"
    return _shown(str(window))


def price_band_words(band: PriceBand) -> str:
    """The band's quartiles in one sentence: a bar chart of three bars said less, and drew slower."""
    count = band.n_priced_purchases
    source = f", from {_count(count)} priced purchases" if count is not None else ""
    # Data in markdown: a window or count served with markup shows as served.
    head = f"**Price band** over {escape_markdown(window_words(band.window) + source)}"
    if all(_priced(value) for value in (band.p25, band.p50, band.p75)):
        return (f"{head}: the middle half of its purchases paid {_shown_money(band.p25)} to "
                f"{_shown_money(band.p75)}, the median {_shown_money(band.p50)}.")
    known = [f"{name} {_shown_money(value)}" for value, name in ((band.p25, "a quarter paid under"),
             (band.p50, "the median"), (band.p75, "three quarters paid under")) if _priced(value)]
    return f"{head}: " + (", ".join(known) + "." if known else "not published for this investor.")


def render_investor_places(profile: InvestorProfile, *, key: str) -> None:
    """Cities it is active in and its segment mix."""
    left, right = st.columns(2)
    with left:
        st.markdown("**Cities active**")
        render_table(
            labelled_counts_frame(profile.cities_active, label="City"),
            key=f"{key}_cities",
            file_name=f"{profile.id}-cities.csv",
        )
    with right:
        st.markdown("**Segment mix**")
        segments = labelled_counts_frame(profile.segment_mix, label="Segment")
        shares = "Share or count" in segments and segments["Share or count"].between(0, 1).all()
        render_table(
            segments.rename(columns={"Share or count": "Share" if shares else "Deals"}),
            key=f"{key}_segments",
            file_name=f"{profile.id}-segments.csv",
            column_config={"Share": st.column_config.NumberColumn("Share", format="percent")},
        )
