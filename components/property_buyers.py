"""Who would buy it: the ranked investors of the buyers match, why each, linked, exportable as CSV."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from components.tables import csv_text, link_column, money_column, page_href, show_table
from components.words import code_label, party_name, plural


def _why(row: Mapping) -> str:
    why = row.get("why") or {}
    # Any member may arrive null (the object's fields are not shown by data-api.md): never "None".
    bought, nearest = why.get("n_bought_nearby"), why.get("nearest_miles")
    parts = [(plural(int(bought), "buy", "buys") + " nearby" if bought is not None else "Buys nearby")
             + (f", the nearest {nearest} mi away" if nearest is not None else ", distance not given")]
    if why.get("last_bought_nearby_on"):
        parts.append(f"last on {why['last_bought_nearby_on']}")
    band = why.get("price_band") or {}
    if band:
        fit = {True: "in its price band", False: "outside its price band"}.get(why.get("in_price_band"), "")
        parts.append(f"buys ${band.get('p25') or 0:,}–${band.get('p75') or 0:,}" + (f" ({fit})" if fit else ""))
    if why.get("kinds_nearby"):
        parts.append("kinds: " + ", ".join(why["kinds_nearby"]))
    return "; ".join(parts)


def matches_frame(rows: Sequence[Mapping]) -> pd.DataFrame:
    records = []
    for row in rows:
        investor = row.get("investor") or {}
        records.append({
            "Rank": row.get("rank"),
            "Investor": party_name(dict(investor)),
            "Profile": page_href("investors", {"investor": investor.get("investor_id") or ""}),
            "Kind": code_label(investor.get("kind")),
            "Score": row.get("score"),
            "Why": _why(row),
            "Median price nearby": (row.get("why") or {}).get("median_price_nearby"),
            "Investor id": investor.get("investor_id"),
        })
    return pd.DataFrame(records, columns=["Rank", "Investor", "Profile", "Kind", "Score", "Why",
                                          "Median price nearby", "Investor id"])


def buyers_csv(rows: Sequence[Mapping]) -> str:
    """The buyers list as CSV: the table as the page shows it, in its labels ("iBuyer", not `IBUYER`)."""
    return csv_text(matches_frame(rows), ["Profile"]).decode("utf-8")


def render_buyer_matches(rows: Sequence[Mapping], *, key: str) -> None:
    """The ranked buyers; the CSV is the table as shown (its labels, "iBuyer" not `IBUYER`)."""
    if not rows:
        st.info("No investor bought near this parcel in the window: nobody to suggest.")
        return
    frame = matches_frame(rows)
    show_table(frame, key=f"{key}_table", column_config={"Profile": link_column("Profile", display_text="Open"),
                                                         "Median price nearby": money_column("Median price nearby")})
    st.download_button("Download the buyers list (CSV)", buyers_csv(rows).encode("utf-8"),
                       file_name="buyers-match.csv", mime="text/csv", key=f"{key}_csv")
