"""A listing agent's profile: identity basis in words, licence candidates, brokerages, counters, links."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from components.charts import render_bar_chart
from components.tables import escape_markdown, link_column, page_href, render_details, render_page_link, render_table
from components.words import code_label, plural

# data-api.md, Listing agent profile: how the agent record was keyed, said in words.
IDENTITY_BASIS_WORDS = {
    "CONTACT_CLUSTER": "Keyed on the listing feed alone: listings sharing contact details were grouped as one agent.",
    "NAME_BROKERAGE": "Keyed on the listing feed alone: the same name at the same brokerage was taken as one agent.",
    "NAME_ONLY": "Keyed on the listing feed alone, by name only: two agents with one name may be merged here.",
}
LICENCE_BASIS_WORDS = "Keyed on the state's licence records ({detail}): the strongest identity the service has."

CONFIDENCE_ORDER = {"HIGH": 0, "MEDIUM": 1}
LISTING_COUNTERS = [
    ("n_total", "Listings"),
    ("n_active", "Active"),
    ("n_pending", "Pending"),
    ("n_sold", "Sold"),
    ("n_off_market", "Off market"),
    ("n_listed_12m", "Listed, 12 months"),
    ("n_sold_12m", "Sold, 12 months"),
]


def identity_basis_words(basis: str | None) -> str:
    if not basis:
        return "The service does not say how this agent was identified."
    if basis.startswith("LICENSE_"):
        return LICENCE_BASIS_WORDS.format(detail=code_label(basis).removeprefix("State licence, ").lower())
    return IDENTITY_BASIS_WORDS.get(basis, f"Identified by {basis}.")


def identity_basis_label(basis: str | None) -> str:
    """The basis in a table's few words (the glossary's): "State licence, exact match", "Name and brokerage"."""
    return code_label(basis)


def licence_words(candidates: int | None) -> str:
    """data-api.md: licences are redacted; 2+ candidates means several licensees share the name."""
    if candidates is None or candidates == 0:
        return "No licence is shown: the service never serves a licence, and none on the roll matched this agent."
    if candidates == 1:
        return "No licence is shown: the service never serves a licence number, though one licensee on the roll matches."
    return (
        f"No licence is shown: {candidates} licensees on the roll share this name, "
        "so the service cannot tell which one this is (and never serves licence numbers)."
    )


def by_year_frame(listings: Mapping) -> pd.DataFrame:
    rows = [
        {"Year": str(row.get("year")), "Listed": row.get("n_listed"), "Sold": row.get("n_sold"), "Self-listed": row.get("n_self")}
        for row in listings.get("by_year") or []
    ]
    return pd.DataFrame(rows, columns=["Year", "Listed", "Sold", "Self-listed"])


def investor_links_frame(links: Sequence[Mapping]) -> pd.DataFrame:
    ordered = sorted(links, key=lambda link: CONFIDENCE_ORDER.get(str(link.get("confidence")), 9))
    rows = [
        {
            "Investor": link.get("investor_display_name") or link.get("investor_name") or link.get("investor_id"),
            "Kind": code_label(link.get("kind")),
            "Confidence": code_label(link.get("confidence")),
            "Basis": code_label(link.get("link_basis")),
            "Self-listings": link.get("n_self_listings"),
            "Profile": page_href("investors", {"investor": link.get("investor_id") or ""}),
        }
        for link in ordered
    ]
    return pd.DataFrame(rows, columns=["Investor", "Kind", "Confidence", "Basis", "Self-listings", "Profile"])


def agent_label(agent: Mapping) -> str:
    """An agent named by what is served: the name is redacted (data-api.md, agents), so its
    brokerage, markets and listings count ("Agent at Keller Realty · DFW · 214 listings"), never
    the bare id. Takes a search hit (`n_listings`, `markets` once merged) or a profile."""
    current = agent.get("current_brokerage")
    brokerage = current.get("name") if isinstance(current, Mapping) else current
    markets = agent.get("markets") or ([agent["market"]] if agent.get("market") else [])
    listings = agent.get("listings")
    count = listings.get("n_total") if isinstance(listings, Mapping) else agent.get("n_listings")
    parts = [f"Agent at {brokerage}" if brokerage else "Agent with no brokerage on record"]
    if markets:
        parts.append(", ".join(str(market) for market in markets))
    if count is not None:
        parts.append(plural(int(count), "listing"))
    return " · ".join(parts)


def agent_labels(agents: Mapping[str, Mapping]) -> dict[str, str]:
    """Each agent of `{id: profile}` named by `agent_label`."""
    return {agent_id: agent_label(agent) for agent_id, agent in agents.items()}


def render_agent_profile(agent: Mapping, *, key: str) -> None:
    st.subheader(escape_markdown(agent_label(agent)))
    st.caption(escape_markdown(f"{code_label(agent.get('kind'))} · "
                               f"{plural(int(agent.get('n_name_variants') or 0), 'spelling')} of the name in the listings · "
                               "the service does not give the agent's full name"))
    render_details({"Agent id": agent.get("id")})
    st.markdown("**Identity:** " + escape_markdown(identity_basis_words(agent.get("identity_basis"))))
    st.markdown("**Licence:** " + escape_markdown(licence_words(agent.get("license_candidates"))))

    brokerages = agent.get("brokerages") or []
    current = agent.get("current_brokerage")
    current_name = current.get("name") if isinstance(current, Mapping) else current
    st.markdown("**Current brokerage:** " + escape_markdown(current_name or "unknown"))
    if brokerages:
        names = [item.get("name") if isinstance(item, Mapping) else str(item) for item in brokerages]
        st.markdown("**Brokerages:** " + escape_markdown(", ".join(name for name in names if name)))

    listings = agent.get("listings") or {}
    present = [(field, label) for field, label in LISTING_COUNTERS if listings.get(field) is not None]
    columns = st.columns(max(len(present), 1))
    for column, (field, label) in zip(columns, present):
        column.metric(label, f"{listings[field]:,}")
    prices = []
    for field, label in (("median_list_price", "Median list price"), ("median_sold_price", "Median sold price")):
        if listings.get(field) is not None:
            prices.append(f"{label}: ${listings[field]:,.0f}")
    span = f"Listed from {listings.get('first_listed_on') or '—'} to {listings.get('last_listed_on') or '—'}"
    st.caption(" · ".join([span, *prices]) + ". Counts are a lower bound: listings the data did not record are not counted.")
    render_bar_chart(
        by_year_frame(listings), x="Year", y=["Listed", "Sold", "Self-listed"], key=f"{key}_years",
        title="Listings by year", stack=False,
    )


def render_agent_investor_links(agent: Mapping, *, key: str) -> None:
    links = [link for link in agent.get("investor_links") or [] if isinstance(link, Mapping)]
    if not links:
        st.info("No investor is linked to this agent.")
        return
    for link in sorted(links, key=lambda link: CONFIDENCE_ORDER.get(str(link.get("confidence")), 9)):
        if link.get("investor_id"):
            name = link.get("investor_display_name") or link.get("investor_name") or link["investor_id"]
            render_page_link(
                "pages/investors.py", "investors",
                label=f"{name} ({code_label(link.get('confidence')) if link.get('confidence') else 'Unrated'} confidence)",
                query_params={"investor": link["investor_id"]},
            )
    render_table(
        investor_links_frame(links), key=f"{key}_links",
        column_config={"Profile": link_column("Profile", display_text="open")},
        file_name=f"{agent.get('id')}-investors.csv",
    )


def merged_hits(hits: Sequence[Mapping]) -> list[dict]:
    """One hit per agent id, in the order found: an id served in several markets (the
    same agent id in DFW and HOU) is one hit naming its `markets`."""
    merged: dict[str, dict] = {}
    for hit in hits:
        agent_id = str(hit.get("id") or "")
        market = hit.get("market") or ""
        if agent_id in merged:
            if market and market not in merged[agent_id]["markets"]:
                merged[agent_id]["markets"].append(market)
            continue
        merged[agent_id] = {**hit, "markets": [market] if market else []}
    return list(merged.values())


def render_agent_hits(hits: Sequence[Mapping], *, key: str) -> None:
    if not hits:
        st.info("No agent matches this search. Try other words (at least 2 characters), or search a brokerage.")
        return
    rows = []
    for hit in merged_hits(hits):
        current = hit.get("current_brokerage")
        markets = hit["markets"]
        rows.append(
            {
                "Agent": agent_label(hit),
                "Market": ", ".join(markets),
                "Brokerage": current.get("name") if isinstance(current, Mapping) else current,
                "Listings": (hit.get("listings") or {}).get("n_total") if isinstance(hit.get("listings"), Mapping) else hit.get("n_listings"),
                "Identity": identity_basis_label(hit.get("identity_basis")),
                # An agent of several markets opens on the question of which (market_required).
                "Open": page_href("agents", {"agent": hit.get("id") or "", "market": markets[0] if len(markets) == 1 else ""}),
                "Agent id": hit.get("id"),
            }
        )
    render_table(
        pd.DataFrame(rows), key=key,
        column_config={"Open": link_column("Open", display_text="agent page")},
        file_name="agent-search.csv",
    )