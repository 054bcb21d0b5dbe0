"""The Map's "Download a market brief" (issue 29): a PDF of the view, made when asked.

The brief lists the view's leading investors, a read the Data API charges for unless the
account holds them, so making it goes through the one cost confirmation under the session's
budget (components/charged_read.py); the PDF is kept for the view until the view changes.
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

import adapter.brief
import adapter.budget
from components.charged_read import confirm_charged_read
from components.words import code_label, party_name, plural
from mapspec.filters import DealFilters, filters_words
from mapspec.markets import Market
from mapspec.place import CITY, POINT, ZIP_CODES, PlaceChoice
from mapspec.view import View
from services.market_brief import InvestorLine

BRIEF_KEY = "map_brief"


def place_name(place: PlaceChoice, market: Market | None) -> str:
    """The place as a person names it: the market, and the ZIPs, city or circle within it."""
    name = str(place.market or "")
    if market:
        name = f"{market.name or place.market} ({place.market})" + (f", {market.state}" if market.state else "")
    if place.mode == ZIP_CODES and place.zips:
        name += f" · ZIPs {place.zips}"
    elif place.mode == CITY and place.city:
        name += f" · {place.city}"
    elif place.mode == POINT and place.latitude is not None:
        name += f" · {place.radius_miles} miles around {place.latitude:.4f}, {place.longitude:.4f}"
    return name


def render_brief(
    place: PlaceChoice, market: Market | None, filters: DealFilters, view: View, drawn_read: tuple[dict, int]
) -> None:
    """The button that makes the view's brief, then the one that downloads it."""
    request, resolution = drawn_read
    params = filters.params()
    cost = adapter.brief.leading_investors_cost(request, params)
    name = place_name(place, market)

    def make() -> bytes:
        # In words (issue 44, 7): names, kinds and the filters as the page says them; the map's own classes.
        investors = [InvestorLine(party_name(row), code_label(row.kind), row.n_deals)
                     for row in adapter.brief.leading_investors(request, params)]
        return adapter.brief.brief_pdf(
            place_name=name, filters_label=filters_words(filters), request=request, params=params, resolution=resolution,
            bbox=(view.west, view.south, view.east, view.north), investors=investors,
            link=adapter.brief.view_link(link_query()), classes=adapter.brief.deal_classes(market, params),
            trends=adapter.brief.place_trends(place, market, filters),
        )

    # The read the brief is made of, not the view's box to the last decimal: the map reports a
    # new box when its canvas is refitted (the controls coming above it, a window resized), often
    # just after a press, and a brief made a moment before was dropped with no download shown
    # (issue 42). A view that reads other cells (another place, part or resolution) asks anew.
    signature = (json.dumps([request, params], sort_keys=True, default=str), resolution)
    cost_text = ("The brief lists the view's leading investors: your account holds them, so it costs nothing." if cost == 0
                 else f"The brief lists the view's {adapter.brief.LEADING_INVESTORS} leading investors: reading them "
                 f"may cost up to {plural(cost, 'credit')} (1 per investor new to your account).")
    pdf = confirm_charged_read(
        BRIEF_KEY, signature, ask_label="Make a market brief (PDF)", cost_text=cost_text, load=make, cost=cost,
        confirm_label="Make the brief", error_title="The market brief could not be made", ask_when_free=True,
        **adapter.budget.rules(),
    )
    if pdf is not None:
        st.download_button(
            "Download a market brief", data=pdf, file_name=f"deedscope-brief-{place.market or 'view'}.pdf",
            mime="application/pdf", key=f"{BRIEF_KEY}_download", icon=":material/picture_as_pdf:", on_click="ignore",
        )


def link_query() -> dict[str, Any]:
    """The Map's link as the page wrote it, without presenter mode (the brief's reader is not presenting)."""
    return {name: st.query_params.get_all(name) for name in st.query_params if name != "present"}
