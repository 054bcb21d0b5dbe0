"""The Investors leaderboard's form: the way of naming the place, then only that way's field, the
order, the kinds and the size; what was typed is checked here and said as typed (issue 26).

The way is chosen outside the form: a choice inside a form does not rerun, so ZIPs, city and
market showed together whatever was chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import streamlit as st

from components.words import code_label, glimpse
from services.data_api.models import CoverageMarket
from links.investors import InvestorsLink, zip_codes
from services.contract import DEAL_KINDS, INVESTOR_SORTS

LEADERBOARD_SIZES = (10, 25, 50, 100)
# The leaderboard's place choices and the link's name for each.
PLACE_NAMES = {"ZIP list": "zip", "City": "city", "Market": "market"}
# The longest postal city name is under 40 characters; the service takes at most 64.
MAX_CITY_CHARS = 64
# A ZIP list longer than this is a paste gone wrong: said in one line, never sent.
MAX_ZIPS_CHARS = 600
SORT_WORDS = {
    "events_desc": "most deed events",
    "parcels_desc": "most parcels",
    "volume_desc": "largest volume",
    "last_bought_desc": "bought most recently",
    "last_deal_desc": "latest deal",
    "flips_desc": "most flips",
    "holds_desc": "most holds",
}


@dataclass(frozen=True)
class PlaceForm:
    choice: str
    place: str
    sort: str
    kinds: list[str]
    size: int
    submitted: bool
    problem: str | None


def typed_place_problem(choice: str, typed: str) -> str | None:
    """What is wrong with the place just typed in the form, said as typed there (not "in the link")."""
    if choice == "ZIP list":
        if len(typed) > MAX_ZIPS_CHARS:
            return f"These ZIPs are {len(typed):,} characters long: type a few 5-digit ZIP codes, like 75201, 75202."
        bad = [code for code in zip_codes(typed) if not (code.isdigit() and len(code) == 5)]
        if bad:
            return f"{glimpse(bad[0])} is not a 5-digit ZIP: enter ZIPs like 75201, 75202."
    if choice == "City" and len(typed) > MAX_CITY_CHARS:
        return f"This city is {len(typed):,} characters long: a postal city has at most {MAX_CITY_CHARS}, like Dallas."
    return None


def render_place_form(link: InvestorsLink, markets: Sequence[CoverageMarket], *, cost_of: Callable[[int], int],
                      key: str) -> PlaceForm:
    """The form, starting from the link's place; widget keys `{key}_place_kind`, `{key}_place_zip`,
    `{key}_place_city`, `{key}_place_market`, `{key}_sort`, `{key}_kinds`, `{key}_size`."""
    choices = list(PLACE_NAMES)
    current = next(choice for choice, name in PLACE_NAMES.items() if name == link.place_kind) if link.place_kind else "ZIP list"
    typed = {name: link.place if link.place_kind == name else "" for name in PLACE_NAMES.values()}
    choice = st.radio("Place", choices, index=choices.index(current), horizontal=True, key=f"{key}_place_kind")
    with st.form(f"{key}_place_form"):
        if choice == "ZIP list":
            place = st.text_input("ZIPs (comma-separated)", value=typed["zip"], placeholder="75201, 75202", key=f"{key}_place_zip")
        elif choice == "City":
            place = st.text_input("Postal city", value=typed["city"], placeholder="Dallas", key=f"{key}_place_city")
        else:
            codes = [market.market for market in markets]
            market_index = codes.index(typed["market"]) if typed["market"] in codes else None
            place = st.selectbox("Market", codes, index=market_index, key=f"{key}_place_market",
                                 placeholder="Choose a market") or ""
        sorts = sorted(INVESTOR_SORTS, key=lambda sort: list(SORT_WORDS).index(sort) if sort in SORT_WORDS else 99)
        current_sort = link.sort or "events_desc"
        sort = st.selectbox("Order", sorts, index=sorts.index(current_sort) if current_sort in sorts else 0,
                            format_func=lambda value: SORT_WORDS.get(value, value), key=f"{key}_sort")
        kinds = st.multiselect("Deal kinds", sorted(DEAL_KINDS), default=[k for k in link.kinds if k in DEAL_KINDS],
                               format_func=code_label, key=f"{key}_kinds")
        size = st.selectbox("Investors", LEADERBOARD_SIZES, index=1, key=f"{key}_size")
        submitted = st.form_submit_button(f"Show leaderboard (up to {cost_of(size)} credits for investors new to you)")
    place = place.strip()
    problem = typed_place_problem(choice, place) if submitted else None
    return PlaceForm(choice, place, sort, list(kinds), size, submitted, problem)
