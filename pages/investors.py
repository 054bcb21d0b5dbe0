"""Investors: find one by name or by place, then read its profile and its deals.

The URL holds the selection so a link reopens it: `?investor=inv_...` a profile, `?q=...`
a name search, `?find=place&zip=...|city=...|market=...&sort=...&kind=...` a leaderboard.
"""

from __future__ import annotations

import json
from dataclasses import replace

import streamlit as st

import adapter.budget
import adapter.agents
import adapter.data
import adapter.investors
import adapter.kept
import adapter.routing
import adapter.settings
import adapter.wholesale
import adapter.watching
import links.investors
import adapter.map_files
from components.agent_profile import agent_labels
from components.charged_read import confirm_charged_read
from components.feedback import read_or_say, render_error, unpublished_or_error
from components.investor_activity import render_investor_counters, render_investor_places, render_investor_prices
from components.investor_deals import deals_frame, render_investor_deals
from components.investor_identity import render_investor_identity
from components.investor_relations import render_agent_links, render_buyer_signal, render_investor_financing
from components.investor_place_form import MAX_CITY_CHARS, PLACE_NAMES, SORT_WORDS, render_place_form
from components.investor_search import render_investor_hits, render_leaderboard
from components.tables import escape_markdown, render_page_link, render_resolved_from
from components.wholesale_views import render_purchases
from components.watch_button import render_watch_button
from components.name_search import render_pick, search_by_name
from components.progress import read_pages
from components.words import code_label, distinct_labels, glimpse, party_name
from links.investors import InvestorsLink
from services.contract import ID_EXAMPLES, ID_PATTERNS
from services.data_api.models import CoverageMarket, InvestorProfile, InvestorRow
from services.errors import ApiError, GoneError, InvalidInputError, NotFoundError

# Session-state keys carry the page's prefix (STYLE.md).
PROFILES = "inv_profiles"
DEALS = "inv_deals"
# A walk of an investor's deals stops here; the table says when it did.
MAX_DEALS = 5_000

LINK = adapter.routing.PageLink(links.investors)  # this page's URL (links/investors.py)

def set_selected_investor(investor_id: str | None) -> None:
    LINK.write(replace(LINK.read(), investor=investor_id or ""))


# --- finding investors ------------------------------------------------------------------------


def name_search() -> None:
    found = search_by_name(
        "Investor name", key="inv_query", placeholder="e.g. Acme Homes",
        help="A free search: at most 50 hits, best match first.", search=adapter.investors.search,
    )
    if found is None:
        return
    hits, capped = found
    render_investor_hits(hits, capped=capped, key="inv_hits")
    if hits:
        labels = distinct_labels({hit.id: f"{party_name(hit)} · {hit.market or 'market not given'}" for hit in hits})
        render_pick("Open a profile", labels, key="inv_pick", placeholder="Choose an investor from the hits",
                    on_pick=set_selected_investor)


def place_of(choice: str, link: InvestorsLink, markets: list[CoverageMarket]) -> tuple[dict, str] | None:
    """The place parameters of the leaderboard (data-api.md, Conventions: place inputs), and words for it."""
    typed = link.place if link.place_kind == PLACE_NAMES[choice] else ""
    if choice == "ZIP list":
        zips = links.investors.zip_codes(typed)
        bad = [zip_code for zip_code in zips if not (zip_code.isdigit() and len(zip_code) == 5)]
        if bad:
            return None
        return ({"zip": zips}, "ZIPs " + ", ".join(zips)) if zips else None
    if choice == "City":
        return ({"city": typed}, f"city {typed}") if typed else None
    code = typed
    market = next((item for item in markets if item.market == code), None)
    if market and market.bbox:
        return {"bbox": ",".join(str(value) for value in market.bbox)}, f"market {code} (its box)"
    return None


def link_place_problem(link: InvestorsLink, markets: list[CoverageMarket]) -> str | None:
    """What is wrong with the place a link names, said before any read (issue 16, bad input)."""
    shown = glimpse(link.place)
    if link.place_kind == "zip" and any(not (code.isdigit() and len(code) == 5) for code in links.investors.zip_codes(link.place)):
        return f"The link's ZIPs {shown} are not all 5-digit ZIPs: enter ZIPs like 75201, 75202."
    if link.place_kind == "city" and len(link.place) > MAX_CITY_CHARS:
        return f"The link's city is longer than any postal city ({MAX_CITY_CHARS} characters at most)."
    if link.place_kind == "market" and markets and link.place not in [market.market for market in markets]:
        served = ", ".join(market.market for market in markets)
        return f"The link's market {shown} is not served: choose one of {served}."
    return None


def leaderboard_form(link: InvestorsLink, markets: list[CoverageMarket]) -> tuple[str, str, int, list[str], str | None]:
    """The leaderboard's form; what it submits goes into the link once checked (unchecked input
    never goes into the URL: the form keeps it, the link its last good place).

    Returns the place choice, the sort, the size, the kinds and what is wrong with what was typed.
    """
    form = render_place_form(link, markets, cost_of=adapter.investors.leaderboard_cost, key="inv")
    if form.submitted and form.problem is None:
        LINK.write(replace(link, place_kind=PLACE_NAMES[form.choice] if form.place else "", place=form.place,
                         sort=form.sort, kinds=tuple(form.kinds)))
        st.session_state["inv_show_leaderboard"] = True
    return form.choice, form.sort, form.size, form.kinds, form.problem


def leaderboard() -> None:
    markets = read_or_say(adapter.data.markets, title="Markets could not be read") or []
    choice, sort, size, kinds, problem = leaderboard_form(LINK.read(), markets)
    link = LINK.read()
    problem = problem or link_place_problem(link, markets)
    if problem:
        st.error(problem, icon=":material/error:")
        return
    if not st.session_state.get("inv_show_leaderboard") and not link.sort:
        return
    place = place_of(choice, link, markets)
    if place is None:
        st.info("Enter ZIPs, a postal city or a market, then show the leaderboard.")
        return
    parameters, words = place
    filters = {"sort": sort, "limit": size}
    if kinds:
        filters["kind"] = kinds
    rows = read_leaderboard(parameters, filters, size)
    if rows is None:
        return
    st.caption(escape_markdown(f"Investors of {words}, by {SORT_WORDS.get(sort, sort)}" + (f", kinds {', '.join(map(code_label, kinds))}" if kinds else "")))
    render_leaderboard(rows, key="inv_leaderboard")
    # The profile counts every deal; this board the deals of its place (issue 26: 1,727 here, 1,748 there).
    if "bbox" in parameters:
        st.caption("Counts are the deals inside the market's box with these filters; deals recorded without a map "
                   "point are in no box, so a profile (every deal on record) may count a few more.")
    else:
        st.caption("Counts are the deals in this place with these filters; a profile counts every deal on record, "
                   "wherever it is.")


def read_leaderboard(parameters: dict, filters: dict, size: int) -> list[InvestorRow] | None:
    """The leaderboard once asked for: a link opening the page charges nothing before its button (issue 29)."""
    cost = adapter.investors.leaderboard_cost(size, parameters, filters)
    # A free read (the account holds its answer) needs no asking; the budget then lets it run.
    return confirm_charged_read(
        "inv_board", (json.dumps([parameters, filters], sort_keys=True, default=str),),
        ask_label=f"Show the leaderboard (up to {cost} credits)",
        asked=cost == 0 or bool(st.session_state.get("inv_show_leaderboard")),
        cost_text=f"The leaderboard may cost up to {cost} credits: 1 per investor new to your account.",
        confirm_label="Show the leaderboard", error_title="Leaderboard failed",
        load=lambda: adapter.investors.leaderboard(parameters, filters), cost=cost, **adapter.budget.rules(),
    )


# --- one investor -------------------------------------------------------------------------------


def open_by_id() -> None:
    """An id typed here opens its profile once it reads as an id; anything else is said in one
    short line beside the box and never goes into the URL."""
    with st.form("inv_open_form", border=False):
        typed = st.text_input("Open by id", key="inv_id_input", placeholder="the investor id from a CSV export or a link").strip()
        opened = st.form_submit_button("Open")
    if opened and typed:
        if ID_PATTERNS["investor"].fullmatch(typed):
            set_selected_investor(typed)
        else:
            st.error(f"{glimpse(typed)} is not an investor id: it is {ID_EXAMPLES['investor']}, like inv_0123456789ab.",
                     icon=":material/error:")


def read_profile(investor_id: str) -> tuple[InvestorProfile, list[str]] | str:
    """The profile and the old ids followed; for a retired or unknown id, "gone" or "not_found"
    (kept by the confirmation like a profile, so the page says it again on a rerun)."""
    try:
        return adapter.investors.profile(investor_id)
    except GoneError:
        return "gone"
    except NotFoundError:
        return "not_found"


def retrieve_profile(investor_id: str, cost: int) -> tuple[InvestorProfile, list[str]] | None:
    """The profile, asking first when it costs a credit (data-api.md, Limits 3); None when not opened."""
    profiles = adapter.kept.kept(PROFILES)
    if investor_id in profiles:
        return profiles[investor_id]
    # No free lookup decides whether the id exists (an early-access route may be closed to this key:
    # data-api.md, Versioning 5): the profile is read once the person confirms, and a failed read
    # charges nothing (Errors), so its own 404 / 410 says "not found" / "retired".
    opened = None
    if cost:
        # The person asked by opening the profile (a link, a hit, an id): the cost is stated at once.
        opened = confirm_charged_read(
            "inv_profile", (investor_id,), ask_label="Open profile", asked=True,
            cost_text=f"Opening this profile costs {cost} credit: a profile new to your account costs 1 credit the "
            "first time; after that it is free. This app knows which profiles your account holds only from "
            "those it has read for it since the data last changed, so one read elsewhere may still be free.",
            confirm_label=f"Open profile ({cost} credit)", error_title="The profile could not be opened",
            load=lambda: read_profile(investor_id), cost=cost, **adapter.budget.rules(),
        )
    elif not cost:
        st.caption("Free: already yours (your account has read this profile before).")
        try:
            opened = read_profile(investor_id)
        except ApiError as error:
            render_error(error, title="The profile could not be opened")
            return None
    if opened == "gone":
        st.warning(
            f"Investor {investor_id} is retired: the registry no longer keeps this organization, and no current record "
            "replaces it. Search by name to find the organization as it is registered now.",
            icon=":material/inventory_2:",
        )
    elif opened == "not_found":
        st.error(f"No investor has the id {investor_id}. Check the id, or search by name.", icon=":material/error:")
    elif opened is not None:
        profiles[investor_id] = opened
        return opened
    return None


def deals_section(profile: InvestorProfile) -> None:
    investor_id = profile.id
    loaded = adapter.kept.kept(DEALS)
    if investor_id not in loaded:
        expected = profile.n_deals or 0
        # The profile's count is no bound on what the list holds: read whole pages up to a
        # stated bound, never promising fewer credits than the read may charge.
        bound = adapter.investors.deals_read_bound(expected, MAX_DEALS)
        cost = adapter.investors.deals_cost(bound)

        def load() -> tuple:
            rows = read_pages(lambda progress: adapter.investors.deals(investor_id, progress=progress, max_rows=bound),
                              noun="deals", expected=expected)
            return deals_frame(rows), len(rows) < bound

        read = confirm_charged_read(
            "inv_load_deals", (investor_id,), ask_label="Load deals", asked=True,
            cost_text=(
                f"{expected:,} deals on record. Each deal new to your account costs 1 credit; "
                f"the list may hold more than the profile counts, so the read stops at {bound:,} deals."
            ),
            confirm_label=f"Load deals (up to {cost:,} credits)", error_title="Deals could not be read", load=load,
            cost=cost, **adapter.budget.rules(),
        )
        if read is None:
            return
        loaded[investor_id] = read
    frame, complete = loaded[investor_id]
    market = market_of(profile)
    render_investor_deals(frame, complete=complete, key="inv_deals", canvas=adapter.map_files.small_map_canvas(),
                          file_stem=investor_id, market=market)


def market_of(profile: InvestorProfile) -> CoverageMarket | None:
    """The investor's market (`market`, `bbox`) from the free coverage read, to frame its deals' map;
    None when it cannot be read (the map then fits the deals alone)."""
    try:
        markets = adapter.data.markets()
    except ApiError:
        return None
    return next((market for market in markets if market.market == profile.market), None)


def wholesale_section(profile: InvestorProfile) -> None:
    """Its purchases from wholesale listings (free: wholesale is early access, data-api.md Limits 3)."""
    title = "The wholesale purchases could not be read"
    rows = read_or_say(lambda: adapter.wholesale.purchases(profile.id, max_rows=MAX_DEALS), title=title, say=unpublished_or_error(
        "wholesale_unavailable", lambda: st.info(f"Market {profile.market} has no published wholesale dataset yet."),
        title=title))
    if rows is not None:
        render_purchases(rows, key="inv_wholesale", file_stem=profile.id)


def render_activity(profile: InvestorProfile) -> None:
    render_investor_counters(profile, key="inv_counters")
    render_investor_prices(profile, key="inv_prices")
    render_investor_places(profile, key="inv_places")


def render_links(profile: InvestorProfile) -> None:
    # Each named as the Agents page names it (its brokerage, markets, listings: agent reads are free).
    agents = adapter.agents.linked_agents(adapter.agents.agent_links_of(profile))
    render_agent_links(profile, key="inv_agent_links", names=agent_labels(agents))
    st.markdown("**Buyer signal**")
    render_buyer_signal(profile, key="inv_signal")


def profile_section(investor_id: str) -> None:
    try:
        cost = adapter.investors.profile_cost(investor_id)
    except InvalidInputError:
        st.error(
            f"The link's {glimpse(investor_id)} is not an investor id: expected {ID_EXAMPLES['investor']}, "
            "like inv_0123456789ab. Search by name to find one.",
            icon=":material/error:",
        )
        return
    opened = retrieve_profile(investor_id, cost)
    if opened is None:
        return
    profile, resolved_from = opened
    render_resolved_from(resolved_from, profile.id)
    render_investor_identity(profile, key="inv_identity")
    render_watch_button(**adapter.watching.button(adapter.watching.of_investor(profile)), key="inv_watch")
    # Tabs keep their state (and the URL names the open one), so "Load deals" stays on the Deals tab.
    # Only the open tab is drawn (issue 29: a profile opened in a tour drew every tab, the deals'
    # walk of up to 500 rows and its table and map among them, in 1.7 s of the page's run).
    tabs = st.tabs(
        ["Activity", "Financing", "Agents and buyer signal", "Deals", "Wholesale purchases"], key="section",
        bind="query-params",
    )
    sections = (
        lambda: render_activity(profile),
        lambda: render_investor_financing(profile, key="inv_financing"),
        lambda: render_links(profile),
        lambda: deals_section(profile),
        lambda: wholesale_section(profile),
    )
    for tab, draw in zip(tabs, sections, strict=True):
        # `open` is None where the tabs keep no state (every tab drawn, as before).
        if tab.open is not False:
            with tab:
                draw()
    render_page_link("pages/network.py", "network", label="Its network: lenders, agents, wholesalers",
                     query_params={"investor": profile.id})


# Set once the finder was drawn in the session: a profile picked in it keeps it unfolded.
FINDER_USED = "inv_finder_used"


def finder_section() -> None:
    st.session_state[FINDER_USED] = True
    finder = st.radio("Find investors", ["By name", "By place"], horizontal=True, key="inv_finder",
                      index=1 if LINK.read().by_place else 0)
    LINK.write(replace(LINK.read(), by_place=finder == "By place"))
    if finder == "By place":
        leaderboard()
    else:
        name_search()
    open_by_id()


def main() -> None:
    st.title("Investors")
    opened = LINK.read().investor
    if opened:
        # Opened by a link (a page, a tour): the finder folds away, undrawn until opened, so the
        # profile starts on the first screen and opens 0.15 to 0.25 s sooner (issue 29). It stays
        # open for a profile picked in it, and for a link whose id is no id.
        unfolded = bool(st.session_state.get(FINDER_USED)) or not ID_PATTERNS["investor"].fullmatch(opened)
        finding = st.expander("Find another investor", expanded=unfolded, key="inv_finder_open", on_change="rerun",
                              icon=":material/search:")
        if finding.open is not False:  # None where it keeps no state: drawn, as before
            with finding:
                finder_section()
    else:
        finder_section()
    investor_id = LINK.read().investor
    st.divider()
    if investor_id:
        profile_section(investor_id)
    else:
        st.caption("Choose an investor above to read its profile.")


adapter.routing.ensure_app_router()
main()
