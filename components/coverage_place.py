"""The answer to "Is my place covered?" and the markets' boxes on a map."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from components.charts import render_boxes_map
from components.coverage_matrix import STATUS_MARKS
from components.tables import escape_markdown
from mapspec.small_map import Canvas

# Place members worth echoing back, as the service understood the place.
PLACE_WORDS = (("zip", "ZIP"), ("county", "county"), ("fips", "county FIPS"), ("name", "name"),
               ("lat", "latitude"), ("lng", "longitude"), ("market", "market"))


def place_words(place: Mapping) -> str:
    parts = [f"{label} {place[field]}" for field, label in PLACE_WORDS if place.get(field) not in (None, "")]
    return ", ".join(parts) or "this place"


def render_place_answer(answer: Mapping, *, asked: str, key: str) -> None:
    """Covered: name the markets and what they serve. Outside: say so, and what to do."""
    place = answer.get("place") or {}
    markets = answer.get("markets") or []
    understood = escape_markdown(place_words(place) if place else asked)
    # decisions.md, /v1/coverage: a place nothing covers answers markets [] and place.status "outside".
    if place.get("status") == "outside" or not markets:
        st.warning(
            f"Not covered: no served market includes {understood}. "
            "Try a ZIP, county or point inside one of the markets in the matrix above.",
            icon=":material/wrong_location:",
        )
        return
    names = ", ".join(f"{market.get('market')} ({market.get('name') or market.get('state')})" for market in markets)
    st.success(f"Covered: {understood} is in {escape_markdown(names)}.", icon=":material/where_to_vote:")
    for market in markets:
        datasets = market.get("datasets") or {}
        # Dataset keys read as the matrix says them: "owner profile", not owner_profile.
        served = [name.replace("_", " ") for name, row in datasets.items() if (row or {}).get("status") == "served"]
        missing = [f"{name.replace('_', ' ')} ({STATUS_MARKS.get(row.get('status'), row.get('status'))})"
                   for name, row in datasets.items() if (row or {}).get("status") != "served"]
        st.markdown(
            f"**{escape_markdown(market.get('market'))}**: data through {escape_markdown(market.get('data_end') or '—')}; "
            f"serves {escape_markdown(', '.join(served) or 'nothing yet')}"
            + (f"; not served: {escape_markdown(', '.join(missing))}" if missing else "")
        )


def render_market_boxes(markets: Sequence[Mapping], *, key: str, canvas: Canvas) -> None:
    """The markets' boxes, over the states' borders (mapspec.small_map) so they are seen in their place."""
    render_boxes_map(
        [{"label": f"{market.get('market')} · {market.get('name') or ''}", "bbox": market.get("bbox")} for market in markets],
        key=key,
        canvas=canvas,
    )
