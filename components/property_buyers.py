"""Who would buy it: the ranked investors of the buyers match, why each, linked, exportable as CSV."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from components.tables import csv_text, link_column, money_column, page_href, show_table
from components.words import code_label, party_name, plural
from services.data_api.models import BuyerMatch, MatchReasons


def _why(why: MatchReasons) -> str:
    # Any member may arrive null (the object's fields are not shown by data-api.md): never "None".
    bought, nearest = why.n_bought_nearby, why.nearest_miles
    parts = [(plural(int(bought), "buy", "buys") + " nearby" if bought is not None else "Buys nearby")
             + (f", the nearest {nearest} mi away" if nearest is not None else ", distance not given")]
    if why.last_bought_nearby_on:
        parts.append(f"last on {why.last_bought_nearby_on}")
    band = why.price_band
    if band:
        fit = {True: "in its price band", False: "outside its price band"}.get(why.in_price_band, "")
        parts.append(f"buys ${band.p25 or 0:,}–${band.p75 or 0:,}" + (f" ({fit})" if fit else ""))
    if why.kinds_nearby:
        parts.append("kinds: " + ", ".join(why.kinds_nearby))
    return "; ".join(parts)


def matches_frame(rows: Sequence[BuyerMatch]) -> pd.DataFrame:
    records = []
    for row in rows:
        investor = row.investor
        records.append({
            "Rank": row.rank,
            "Investor": party_name(investor),
            "Profile": page_href("investors", {"investor": investor.investor_id or ""}),
            "Kind": code_label(investor.kind),
            "Score": row.score,
            "Why": _why(row.why),
            "Median price nearby": row.why.median_price_nearby,
            "Investor id": investor.investor_id,
        })
    return pd.DataFrame(records, columns=["Rank", "Investor", "Profile", "Kind", "Score", "Why",
                                          "Median price nearby", "Investor id"])


def buyers_csv(rows: Sequence[BuyerMatch]) -> str:
    """The buyers list as CSV: the table as the page shows it, in its labels ("iBuyer", not `IBUYER`)."""
    return csv_text(matches_frame(rows), ["Profile"]).decode("utf-8")


def render_buyer_matches(rows: Sequence[BuyerMatch], *, key: str) -> None:
    """The ranked buyers; the CSV is the table as shown (its labels, "iBuyer" not `IBUYER`)."""
    if not rows:
        st.info("No investor bought near this parcel in the window: nobody to suggest.")
        return
    frame = matches_frame(rows)
    show_table(frame, key=f"{key}_table", column_config={"Profile": link_column("Profile", display_text="Open"),
                                                         "Median price nearby": money_column("Median price nearby")},
               open_on_tap="Profile")
    st.download_button("Download the buyers list (CSV)", buyers_csv(rows).encode("utf-8"),
                       file_name="buyers-match.csv", mime="text/csv", key=f"{key}_csv")
