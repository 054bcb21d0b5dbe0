"""Agents: find a listing agent, read its profile and listing history, open a listing's deed reading.

The URL holds the selection so a link reopens it: `?agent=agt_...&market=DFW` an agent,
`?person=person:...` one person's lean listing history, `?listing=<32 hex>` a marketplace listing.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

import streamlit as st

import adapter.agents
import adapter.coverage
import adapter.data
import adapter.investors
import adapter.kept
import adapter.routing
import links.agents
from components.agent_listings import listing_labels, listings_frame, render_listing_history, render_marketplace_listing
from components.agent_profile import (
    agent_label,
    merged_hits,
    render_agent_hits,
    render_agent_investor_links,
    render_agent_profile,
)
from components.date_field import date_field
from components.feedback import read_or_say, render_error
from components.tables import escape_markdown, render_page_link, render_resolved_from
from components.name_search import render_pick, search_by_name
from components.progress import read_pages
from components.words import distinct_labels, glimpse
from services.contract import ID_EXAMPLES, ID_PATTERNS
from services.errors import ApiError, ApiStatusError, GoneError, InvalidInputError, NotFoundError

LISTINGS = "agt_listings"
# Coverage's dataset of the agent registry: where an agent id may be asked for.
AGENTS_DATASET = "agents"
# data-api.md, Listing row: the documented statuses; a build may add others.
LISTING_STATUSES = ("ACTIVE", "PENDING", "SOLD", "OFF_MARKET")
# A walk of one listing history stops here; the page says when it did.
MAX_LISTINGS = 5_000


LINK = adapter.routing.PageLink(links.agents)  # this page's URL (links/agents.py)

def select(**params: str | None) -> None:
    """Point the URL at a new selection; other selections are dropped so the link means one thing."""
    LINK.write(replace(LINK.read(), **{name: value or "" for name, value in params.items()}))


# --- finding agents ----------------------------------------------------------------------------


def agent_search() -> None:
    hits = search_by_name(
        "Search agents", key="agt_query", placeholder="a brokerage or an agent's name",
        help="A free search: it costs no credits.", search=adapter.agents.search,
    )
    if hits is None:
        return
    render_agent_hits(hits, key="agt_hits")
    if hits:
        # One choice per agent; one of several markets opens on the question of which.
        labels = {merged.choice: agent_label(merged.hit, merged.markets) for merged in merged_hits(hits)}
        # Two agents of one brokerage, market and count read alike: those two are numbered, not named by id.
        labels = distinct_labels(labels)
        render_pick("Open an agent", labels, key="agt_pick", placeholder="Choose an agent from the hits",
                    on_pick=open_agent)


def open_agent(choice: str) -> None:
    """`agent_id|market` chosen from the hits (the market only when the agent lists in one)."""
    agent_id, market = choice.split("|")
    select(agent=agent_id, market=market, person=None, listing=None)


def open_by_id() -> None:
    """An id typed here opens once it reads as an agent, person or listing id; anything else is
    said in one short line beside the box and never goes into the URL (issue 26)."""
    with st.form("agt_open_form", border=False):
        typed = st.text_input("Open by id", key="agt_id_input",
                              placeholder="an agent, person or listing id from a CSV export or a link").strip()
        opened = st.form_submit_button("Open")
    if not (opened and typed):
        return
    if any(ID_PATTERNS[kind].fullmatch(typed) for kind in ("agent", "person", "listing")):
        LINK.write(links.agents.opened_by_id(LINK.read(), typed))
    else:
        st.error(f"{glimpse(typed)} is not an agent, person or listing id: an agent id is {ID_EXAMPLES['agent']}, "
                 "like agt_0123456789ab.", icon=":material/error:")


# --- one agent ---------------------------------------------------------------------------------


def markets_of(agent_id: str, error: ApiStatusError) -> list[str]:
    """The markets to offer: the problem's `markets` when sent, else the agent-serving markets where the id answers.

    Agent reads cost 0 credits (data-api.md, Limits 3), so trying each market is free.
    """
    if error.markets:
        return list(error.markets)
    try:
        candidates = [market.market for market in adapter.data.markets()
                      if (agents := market.datasets.get(AGENTS_DATASET)) and agents.status in ("served", "partial")]
    except ApiError:
        return []
    return adapter.agents.markets_holding(agent_id, candidates) or candidates


def ask_market(agent_id: str, error: ApiStatusError) -> None:
    """data-api.md, agents: the id lives in several markets; ask which (`400 market_required`)."""
    offered = markets_of(agent_id, error)
    st.warning("This agent lists in several markets: choose the market to read.", icon=":material/explore:")
    render_pick("Market", {market: market for market in offered}, key="agt_market_choice",
                placeholder="Choose a market", on_pick=lambda market: select(market=market))


def unserved_market(market: str) -> str | None:
    """The link's market when no served market has that code (said once, before any read)."""
    try:
        codes = [market.market for market in adapter.data.markets()]
    except ApiError:
        return None  # coverage did not load: the read itself will say what is wrong
    if not codes or market in codes:
        return None
    return f"The link's market “{escape_markdown(market[:16])}” is not served: choose one of {', '.join(codes)}."


def agent_section(agent_id: str) -> None:
    market = LINK.read().market or None
    problem = unserved_market(market) if market else None
    if problem:
        st.error(problem, icon=":material/error:")
        return
    try:
        agent, resolved_from = adapter.agents.agent(agent_id, market=market)
    except InvalidInputError:
        st.error(
            f"The link's {glimpse(agent_id)} is not an agent id: expected {ID_EXAMPLES['agent']}, like agt_0123456789ab "
            f"(or a person id, {ID_EXAMPLES['person']}). Search to find one.",
            icon=":material/error:",
        )
        return
    except GoneError:
        st.warning(f"Agent {agent_id} is retired from the registry and no current record replaces it. Search again.", icon=":material/inventory_2:")
        return
    except NotFoundError:
        st.error(f"No agent has the id {agent_id}" + (f" in market {market}" if market else "") + ". Check it, or search.", icon=":material/error:")
        return
    except ApiStatusError as error:
        if error.code == "market_required":
            ask_market(agent_id, error)
        else:
            render_error(error, title="The agent could not be opened")
        return
    except ApiError as error:
        render_error(error, title="The agent could not be opened")
        return
    if resolved_from:
        render_resolved_from(resolved_from, agent.id, noun="agent")
    render_agent_profile(agent, key="agt_profile")
    st.markdown("**Investors linked to this agent**")
    render_agent_investor_links(agent, key="agt_links")
    st.markdown("**Listing history**")
    walk_listings(
        ("agent", agent.id, agent.market or market),
        lambda progress: adapter.agents.agent_listings(agent.id, agent.market or market, progress=progress,
                                                       max_rows=MAX_LISTINGS),
        file_stem=agent.id,
    )


def person_filters() -> dict:
    """decisions.md, Data API: the lean filters `status`, `listed_from`, `all_versions`, `self_listing`, `flagged_purchase`."""
    columns = st.columns([2, 1])
    statuses = columns[0].multiselect("Status", LISTING_STATUSES, key="agt_f_status")
    with columns[1]:
        listed_from = date_field("Listed on or after", key="agt_f_from", min_value=date(2000, 1, 1), max_value=date(2100, 1, 1))
    toggles = st.columns(3)
    filters: dict[str, Any] = {}
    if statuses:
        filters["status"] = statuses
    if listed_from:
        filters["listed_from"] = listed_from.isoformat()
    if toggles[0].toggle("All versions", key="agt_f_versions", help="Every weekly version, one row per mention"):
        filters["all_versions"] = True
    if toggles[1].toggle("Self-listings only", key="agt_f_self"):
        filters["self_listing"] = True
    if toggles[2].toggle("Flagged purchase only", key="agt_f_flagged", help="The deed after the sale was a flagged purchase"):
        filters["flagged_purchase"] = True
    return filters


def person_section(person_id: str) -> None:
    st.subheader(f"Listings of {person_id}")
    st.caption("The lean listing history of one person: newest first, undated last.")
    filters = person_filters()
    walk_listings(
        ("person", person_id, tuple(sorted((name, str(value)) for name, value in filters.items()))),
        lambda progress: adapter.agents.person_listings(person_id, filters, progress=progress, max_rows=MAX_LISTINGS),
        file_stem=person_id.replace(":", "-"),
    )


def walk_listings(cache_key: tuple, read_all, *, file_stem: str) -> None:
    """Every page of a listing history with a progress bar, kept for this session per query."""
    loaded = adapter.kept.kept(LISTINGS)
    if cache_key not in loaded:
        rows = read_or_say(lambda: read_pages(read_all, noun="listings"), title="The listing history could not be read")
        if rows is None:
            return
        loaded[cache_key] = listings_frame(rows, county_names=adapter.coverage.county_names())
    frame = loaded[cache_key]
    if len(frame) >= MAX_LISTINGS:
        st.caption(f"The first {MAX_LISTINGS:,} listings; narrow the filters to see the rest.")
    render_listing_history(frame, key="agt_listings", file_stem=file_stem)
    labels = listing_labels(frame)
    if labels:
        render_pick("Open a listing", labels, key="agt_listing_pick", placeholder="Choose a listing to read its deeds",
                    on_pick=lambda listing: select(listing=listing))


# --- one marketplace listing -----------------------------------------------------------------


def listing_section(listing_id: str) -> None:
    st.subheader("Marketplace listing")
    try:
        listing = adapter.agents.marketplace_listing(listing_id)
    except InvalidInputError:
        st.error(f"“{escape_markdown(listing_id)}” is not a listing id: expected {ID_EXAMPLES['listing']}.", icon=":material/error:")
        return
    except NotFoundError:
        st.info(f"Listing {listing_id} was never offered on a marketplace the service reads, so it has no deed reading.")
        return
    except ApiError as error:
        render_error(error, title="The listing could not be read")
        return
    render_marketplace_listing(listing, key="agt_listing", county_names=adapter.coverage.county_names())
    buyer = listing.closing.buyer if listing.closing and listing.closing.buyer else None
    for hit in adapter.investors.profiles_of_organization(buyer.org_id, buyer.org_name) if buyer else []:
        render_page_link(
            "pages/investors.py", "investors",
            label=f"Buyer's investor profile: {hit.display_name or hit.name} ({hit.market})",
            query_params={"investor": hit.id},
        )
    st.button("Close the listing", key="agt_close_listing", on_click=close_listing)


def close_listing() -> None:
    select(listing=None)
    # Forget the pick too, so choosing the same listing again opens it again.
    st.session_state["agt_listing_pick"] = None


def main() -> None:
    st.title("Agents")
    agent_search()
    open_by_id()
    st.divider()
    link = LINK.read()
    if link.listing:
        listing_section(link.listing)
        st.divider()
    if link.person:
        try:
            person = adapter.agents.person_id(link.person)
        except InvalidInputError:
            st.error(f"“{escape_markdown(link.person)}” is not a person id: expected {ID_EXAMPLES['person']}.", icon=":material/error:")
        else:
            person_section(person)
    elif link.agent:
        agent_section(link.agent)
    elif not link.listing:
        st.caption("Search an agent, or open an agent, person or listing by id.")


adapter.routing.ensure_app_router()
main()
