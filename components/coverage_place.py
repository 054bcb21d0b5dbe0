"""The answer to "Is my place covered?" and the markets' boxes on a map."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from components.charts import Frame, render_boxes_map
from components.coverage_matrix import STATUS_MARKS, text_of
from components.tables import escape_markdown
from mapspec.small_map import Canvas
from services.contract import dataset_words
from services.data_api.models import Coverage, CoverageMarket, CoveragePlace


def place_words(place: CoveragePlace) -> str:
    """The place as the service understood it, in the words of its members."""
    named = (("ZIP", place.zip), ("county", place.county), ("county FIPS", place.fips), ("name", place.name),
             ("latitude", place.lat), ("longitude", place.lng), ("market", place.market))
    return ", ".join(f"{label} {value}" for label, value in named if value not in (None, "")) or "this place"


def market_words(market: CoverageMarket) -> str:
    """What one covering market serves, and what it does not, in the matrix's words."""
    # Dataset keys read as the matrix says them: "owner profile", not owner_profile.
    served = [dataset_words(name) for name, row in market.datasets.items() if row.status == "served"]
    missing = [f"{dataset_words(name)} ({STATUS_MARKS.get(row.status, row.status)})"
               for name, row in market.datasets.items() if row.status != "served"]
    return (f"**{escape_markdown(market.market)}**: data through {escape_markdown(text_of(market.data_end))}; "
            f"serves {escape_markdown(', '.join(served) or 'nothing yet')}"
            + (f"; not served: {escape_markdown(', '.join(missing))}" if missing else ""))


def render_place_answer(answer: Coverage, *, asked: str, key: str) -> None:
    """Covered: name the markets and what they serve. Outside: say so, and what to do."""
    place, markets = answer.place, answer.markets
    understood = escape_markdown(place_words(place) if place else asked)
    # decisions.md, /v1/coverage: a place nothing covers answers markets [] and place.status "outside".
    if (place is not None and place.status == "outside") or not markets:
        st.warning(
            f"Not covered: no served market includes {understood}. "
            "Try a ZIP, county or point inside one of the markets in the matrix above.",
            icon=":material/wrong_location:",
        )
        return
    names = ", ".join(f"{market.market} ({market.name or market.state})" for market in markets)
    st.success(f"Covered: {understood} is in {escape_markdown(names)}.", icon=":material/where_to_vote:")
    for market in markets:
        st.markdown(market_words(market))


def render_market_boxes(markets: Sequence[CoverageMarket], *, key: str, canvas: Canvas) -> None:
    """The markets' boxes, over the states' borders (mapspec.small_map) so they are seen in their place."""
    render_boxes_map(
        [Frame(f"{market.market} · {market.name or ''}", market.bbox) for market in markets],
        key=key,
        canvas=canvas,
    )
