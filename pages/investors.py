"""Investors: find one by name or by place, then read its profile and its deals.

The URL holds the selection so a link reopens it: `?investor=inv_...` a profile, `?q=...`
a name search, `?find=place&zip=...|city=...|market=...&sort=...&kind=...` a leaderboard.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

import adapter.data
import adapter.routing
import adapter.settings
from components.feedback import render_error
from components.investor_activity import render_investor_counters, render_investor_places, render_investor_prices
from components.investor_deals import deals_frame, render_investor_deals
from components.investor_identity import render_investor_identity, render_resolved_from
from components.investor_relations import render_agent_links, render_buyer_signal, render_investor_financing
from components.investor_search import render_investor_hits, render_leaderboard
from components.tables import escape_markdown
from components.name_search import render_name_search
from services.contract import DEAL_KINDS, ID_EXAMPLES, ID_PATTERNS, INVESTOR_SORTS
from services.errors import ApiError, GoneError, NotFoundError

# Session-state keys carry the page's prefix (STYLE.md).
CONFIRMED = "inv_confirmed_ids"
PROFILES = "inv_profiles"
DEALS = "inv_deals"
# A walk of an investor's deals stops here; the table says when it did.
MAX_DEALS = 5_000
LEADERBOARD_SIZES = (10, 25, 50, 100)
SORT_WORDS = {
    "events_desc": "most deed events",
    "parcels_desc": "most parcels",
    "volume_desc": "largest volume",
    "last_bought_desc": "bought most recently",
    "last_deal_desc": "latest deal",
    "flips_desc": "most flips",
    "holds_desc": "most holds",
}


def plain(value: Any) -> Any:
    """A service model as the plain dict components take."""
    return value.model_dump(mode="json") if hasattr(value, "model_dump") else value


def malformed_investor_id(investor_id: str) -> bool:
    # data-api.md, Errors: `invalid_id` would be the answer; refuse before spending a request.
    return ID_PATTERNS["investor"].fullmatch(investor_id) is None


def set_selected_investor(investor_id: str | None) -> None:
    if investor_id:
        st.query_params["investor"] = investor_id
    else:
        st.query_params.pop("investor", None)


# --- finding investors ------------------------------------------------------------------------


def name_search(api) -> None:
    query = render_name_search(
        "Investor name", key="inv_query", placeholder="e.g. Acme Homes",
        help="A free search: at most 50 hits, best match first.",
    )
    if query is None:
        return
    try:
        result = api.investors.search(query)
    except ApiError as error:
        render_error(error, title="Search failed")
        return
    hits = [plain(hit) for hit in result.items]
    render_investor_hits(hits, capped=bool(result.capped), key="inv_hits")
    if hits:
        labels = {hit["id"]: f"{hit.get('display_name') or hit.get('name') or hit['id']} · {hit.get('market') or ''} · {hit['id']}" for hit in hits}
        st.selectbox(
            "Open a profile", options=list(labels), index=None, format_func=labels.get, key="inv_pick",
            placeholder="Choose an investor from the hits", on_change=open_picked_investor,
        )


def open_picked_investor() -> None:
    """A hit chosen from the list opens its profile; a callback, so only a new choice acts."""
    if st.session_state.get("inv_pick"):
        set_selected_investor(st.session_state["inv_pick"])


def place_of(choice: str, markets: list[dict]) -> tuple[dict, str] | None:
    """The place parameters of the leaderboard (data-api.md, Conventions: place inputs), and words for it."""
    if choice == "ZIP list":
        zips = [part.strip() for part in st.query_params.get("zip", "").replace(";", ",").split(",") if part.strip()]
        bad = [zip_code for zip_code in zips if not (zip_code.isdigit() and len(zip_code) == 5)]
        if bad:
            st.error(f"Not a 5-digit ZIP: {escape_markdown(', '.join(bad))}. Enter ZIPs like 75201, 75202.")
            return None
        return ({"zip": zips}, "ZIPs " + ", ".join(zips)) if zips else None
    if choice == "City":
        city = st.query_params.get("city", "").strip()
        return ({"city": city}, f"city {city}") if city else None
    code = st.query_params.get("market", "")
    market = next((item for item in markets if item.get("market") == code), None)
    if market and market.get("bbox"):
        return {"bbox": ",".join(str(value) for value in market["bbox"])}, f"market {code} (its bounding box)"
    return None


def leaderboard(api) -> None:
    try:
        markets = adapter.data.coverage_markets()
    except ApiError as error:
        render_error(error, title="Markets could not be read")
        markets = []
    choices = ["ZIP list", "City", "Market"]
    current = "City" if st.query_params.get("city") else "Market" if st.query_params.get("market") else "ZIP list"
    with st.form("inv_place_form"):
        choice = st.radio("Place", choices, index=choices.index(current), horizontal=True, key="inv_place_kind")
        zip_text = st.text_input("ZIPs (comma-separated)", value=st.query_params.get("zip", ""), key="inv_place_zip")
        city = st.text_input("Postal city", value=st.query_params.get("city", ""), key="inv_place_city")
        codes = [market.get("market") for market in markets]
        market_index = codes.index(st.query_params["market"]) if st.query_params.get("market") in codes else None
        market_code = st.selectbox("Market", codes, index=market_index, key="inv_place_market", placeholder="Choose a market")
        sorts = sorted(INVESTOR_SORTS, key=lambda sort: list(SORT_WORDS).index(sort) if sort in SORT_WORDS else 99)
        current_sort = st.query_params.get("sort", "events_desc")
        sort = st.selectbox("Order", sorts, index=sorts.index(current_sort) if current_sort in sorts else 0,
                            format_func=lambda value: SORT_WORDS.get(value, value), key="inv_sort")
        kinds = st.multiselect("Deal kinds", sorted(DEAL_KINDS), default=[k for k in st.query_params.get_all("kind") if k in DEAL_KINDS], key="inv_kinds")
        size = st.selectbox("Investors", LEADERBOARD_SIZES, index=1, key="inv_size")
        estimate = api.estimate_cost("investor", count=size)
        submitted = st.form_submit_button(f"Show leaderboard (up to {estimate} credits for investors new to you)")
    if submitted:
        for name in ("zip", "city", "market"):
            st.query_params.pop(name, None)
        value = {"ZIP list": ("zip", zip_text), "City": ("city", city), "Market": ("market", market_code or "")}[choice]
        if value[1]:
            st.query_params[value[0]] = value[1].strip()
        st.query_params["sort"] = sort
        if kinds:
            st.query_params["kind"] = kinds
        else:
            st.query_params.pop("kind", None)
        st.session_state["inv_show_leaderboard"] = True
    if not st.session_state.get("inv_show_leaderboard") and not st.query_params.get("sort"):
        return
    place = place_of(choice, markets)
    if place is None:
        st.info("Enter ZIPs, a postal city or a market, then show the leaderboard.")
        return
    parameters, words = place
    filters = {"sort": sort, "limit": size}
    if kinds:
        filters["kind"] = kinds
    try:
        page = api.investors.list(**parameters, **filters)
    except ApiError as error:
        render_error(error, title="Leaderboard failed")
        return
    st.caption(escape_markdown(f"Investors of {words}, by {SORT_WORDS.get(sort, sort)}" + (f", kinds {', '.join(kinds)}" if kinds else "")))
    render_leaderboard([plain(row) for row in page.items], key="inv_leaderboard")


# --- one investor -------------------------------------------------------------------------------


def open_by_id() -> None:
    with st.form("inv_open_form", border=False):
        typed = st.text_input("Open by id", key="inv_id_input", placeholder="inv_0123456789ab")
        if st.form_submit_button("Open") and typed.strip():
            set_selected_investor(typed.strip())


def retrieve_profile(api, investor_id: str) -> tuple[dict, list[str]] | None:
    """The profile, asking first when it costs a credit (data-api.md, Limits 3); None when not opened."""
    profiles = st.session_state.setdefault(PROFILES, {})
    if investor_id in profiles:
        return profiles[investor_id]
    confirmed = st.session_state.setdefault(CONFIRMED, set())
    cost = api.estimate_cost("investor", ids=[investor_id])
    if cost and investor_id not in confirmed:
        question = st.empty()
        with question.container():
            st.info(
                f"Opening this profile costs {cost} credit: a profile new to your account costs 1 credit the first time; "
                "after that it is free.",
                icon=":material/toll:",
            )
            agreed = st.button(f"Open profile ({cost} credit)", key="inv_confirm", type="primary")
        if not agreed:
            return None
        # Answered: the question goes, the profile takes its place.
        question.empty()
        confirmed.add(investor_id)
    try:
        retrieved = api.investors.retrieve(investor_id)
    except GoneError:
        st.warning(
            f"Investor {investor_id} is retired: the registry no longer keeps this organization, and no current record "
            "replaces it. Search by name to find the organization as it is registered now.",
            icon=":material/inventory_2:",
        )
        return None
    except NotFoundError:
        st.error(f"No investor has the id {investor_id}. Check the id, or search by name.", icon=":material/error:")
        return None
    except ApiError as error:
        render_error(error, title="The profile could not be opened")
        return None
    profiles[investor_id] = (plain(retrieved.data), list(retrieved.resolved_from or []))
    return profiles[investor_id]


def deals_section(api, profile: dict) -> None:
    investor_id = profile["id"]
    loaded = st.session_state.setdefault(DEALS, {})
    if investor_id not in loaded:
        expected = profile.get("n_deals") or 0
        cost = api.estimate_cost("deal", count=expected)
        question = st.empty()
        with question.container():
            st.caption(f"{expected:,} deals on record. Each deal new to your account costs 1 credit (data-api.md, Limits 3).")
            agreed = st.button(f"Load deals (up to {cost:,} credits)", key="inv_load_deals")
        if not agreed:
            return
        question.empty()
        bar = st.progress(0.0, text="Reading deals…")

        def progress(pages: int, rows: int) -> None:
            share = min(rows / expected, 1.0) if expected else 1.0
            bar.progress(share, text=f"{rows:,} deals read, page {pages}")

        try:
            rows = api.investors.deals(investor_id).walk(progress=progress, max_rows=MAX_DEALS)
        except ApiError as error:
            bar.empty()
            render_error(error, title="Deals could not be read")
            return
        bar.progress(1.0, text=f"{len(rows):,} deals read.")
        loaded[investor_id] = (deals_frame([plain(row) for row in rows]), len(rows) < MAX_DEALS)
    frame, complete = loaded[investor_id]
    render_investor_deals(frame, complete=complete, key="inv_deals", basemap=adapter.settings.basemap_enabled(), file_stem=investor_id)


def profile_section(api, investor_id: str) -> None:
    if malformed_investor_id(investor_id):
        st.error(
            f"“{escape_markdown(investor_id)}” is not an investor id: expected {ID_EXAMPLES['investor']}, "
            "like inv_0123456789ab. Search by name to find one.",
            icon=":material/error:",
        )
        return
    opened = retrieve_profile(api, investor_id)
    if opened is None:
        return
    profile, resolved_from = opened
    render_resolved_from(resolved_from, profile["id"])
    render_investor_identity(profile, key="inv_identity")
    # Tabs keep their state (and the URL names the open one), so "Load deals" stays on the Deals tab.
    overview, financing, links, deals = st.tabs(
        ["Activity", "Financing", "Agents and buyer signal", "Deals"], key="section", bind="query-params"
    )
    with overview:
        render_investor_counters(profile, key="inv_counters")
        render_investor_prices(profile, key="inv_prices")
        render_investor_places(profile, key="inv_places")
    with financing:
        render_investor_financing(profile, key="inv_financing")
    with links:
        render_agent_links(profile, key="inv_agent_links")
        st.markdown("**Buyer signal**")
        render_buyer_signal(profile, key="inv_signal")
    with deals:
        deals_section(api, profile)


def main() -> None:
    st.title("Investors")
    api = adapter.data.data_api()
    finder = st.radio(
        "Find investors", ["By name", "By place"], horizontal=True, key="inv_finder",
        index=1 if st.query_params.get("find") == "place" else 0,
    )
    if finder == "By place":
        st.query_params["find"] = "place"
        leaderboard(api)
    else:
        st.query_params.pop("find", None)
        name_search(api)
    open_by_id()
    investor_id = st.query_params.get("investor", "").strip()
    st.divider()
    if investor_id:
        profile_section(api, investor_id)
    else:
        st.caption("Choose an investor above to read its profile.")


adapter.routing.ensure_app_router()
main()
