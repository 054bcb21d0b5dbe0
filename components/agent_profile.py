"""A listing agent's profile: identity basis in words, licence candidates, brokerages, counters, links."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from components.charts import render_bar_chart
from components.tables import escape_markdown, link_column, page_href, render_details, render_page_link, render_table
from components.words import code_label, plural
from services.data_api.models import AgentHit, AgentListingsSummary, AgentProfile, InvestorLink
from services.data_api.models.people import Brokerage, BrokerageRef

# data-api.md, Listing agent profile: how the agent record was keyed, said in words.
IDENTITY_BASIS_WORDS = {
    "CONTACT_CLUSTER": "Keyed on the listing feed alone: listings sharing contact details were grouped as one agent.",
    "NAME_BROKERAGE": "Keyed on the listing feed alone: the same name at the same brokerage was taken as one agent.",
    "NAME_ONLY": "Keyed on the listing feed alone, by name only: two agents with one name may be merged here.",
}
LICENCE_BASIS_WORDS = "Keyed on the state's licence records ({detail}): the strongest identity the service has."

CONFIDENCE_ORDER = {"HIGH": 0, "MEDIUM": 1}
@dataclass(frozen=True)
class MergedHit:
    """One agent of a search: its first hit and every market it was found in."""

    hit: AgentHit
    markets: tuple[str, ...]

    @property
    def choice(self) -> str:
        """`agent_id|market` of the page's picker; the market only when it is the one."""
        return f"{self.hit.id}|{self.markets[0] if len(self.markets) == 1 else ''}"


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


def brokerage_name(brokerage: Brokerage) -> str | None:
    """A brokerage as named: the documents do not show whether it is a name or an object with one."""
    if isinstance(brokerage, BrokerageRef):
        return brokerage.name
    return brokerage or None


def by_year_frame(listings: AgentListingsSummary) -> pd.DataFrame:
    rows = [{"Year": str(row.year), "Listed": row.n_listed, "Sold": row.n_sold, "Self-listed": row.n_self}
            for row in listings.by_year]
    return pd.DataFrame(rows, columns=["Year", "Listed", "Sold", "Self-listed"])


def by_confidence(links: Sequence[InvestorLink]) -> list[InvestorLink]:
    return sorted(links, key=lambda link: CONFIDENCE_ORDER.get(str(link.confidence), 9))


def investor_links_frame(links: Sequence[InvestorLink]) -> pd.DataFrame:
    rows = [
        {
            "Investor": link.investor_display_name or link.investor_name or link.investor_id,
            "Kind": code_label(link.kind),
            "Confidence": code_label(link.confidence),
            "Basis": code_label(link.link_basis),
            "Self-listings": link.n_self_listings,
            "Profile": page_href("investors", {"investor": link.investor_id or ""}),
        }
        for link in by_confidence(links)
    ]
    return pd.DataFrame(rows, columns=["Investor", "Kind", "Confidence", "Basis", "Self-listings", "Profile"])


def listings_count(agent: AgentHit | AgentProfile) -> int | None:
    """How many listings the agent has: its summary's total, else a hit's count."""
    if agent.listings is not None and agent.listings.n_total is not None:
        return agent.listings.n_total
    return getattr(agent, "n_listings", None)  # a profile carries the summary only


def agent_label(agent: AgentHit | AgentProfile, markets: Sequence[str] | None = None) -> str:
    """An agent named by what is served: the name is redacted (data-api.md, agents), so its
    brokerage, markets and listings count ("Agent at Keller Realty · DFW · 214 listings"), never
    the bare id. Takes a search hit (with the `markets` it was found in) or a profile."""
    brokerage = brokerage_name(agent.current_brokerage)
    markets = list(markets) if markets is not None else ([agent.market] if agent.market else [])
    count = listings_count(agent)
    parts = [f"Agent at {brokerage}" if brokerage else "Agent with no brokerage on record"]
    if markets:
        parts.append(", ".join(markets))
    if count is not None:
        parts.append(plural(int(count), "listing"))
    return " · ".join(parts)


def agent_labels(agents: Mapping[str, AgentProfile]) -> dict[str, str]:
    """Each agent of `{id: profile}` named by `agent_label`."""
    return {agent_id: agent_label(agent) for agent_id, agent in agents.items()}


def render_agent_profile(agent: AgentProfile, *, key: str) -> None:
    st.subheader(escape_markdown(agent_label(agent)))
    st.caption(escape_markdown(f"{code_label(agent.kind)} · "
                               f"{plural(int(agent.n_name_variants or 0), 'spelling')} of the name in the listings · "
                               "the service does not give the agent's full name"))
    render_details({"Agent id": agent.id})
    st.markdown("**Identity:** " + escape_markdown(identity_basis_words(agent.identity_basis)))
    st.markdown("**Licence:** " + escape_markdown(licence_words(agent.license_candidates)))
    st.markdown("**Current brokerage:** " + escape_markdown(brokerage_name(agent.current_brokerage) or "unknown"))
    names = [name for name in map(brokerage_name, agent.brokerages) if name]
    if names:
        st.markdown("**Brokerages:** " + escape_markdown(", ".join(names)))
    render_listing_counters(agent.listings or AgentListingsSummary(), key=key)


def render_listing_counters(listings: AgentListingsSummary, *, key: str) -> None:
    counters = (("Listings", listings.n_total), ("Active", listings.n_active), ("Pending", listings.n_pending),
                ("Sold", listings.n_sold), ("Off market", listings.n_off_market),
                ("Listed, 12 months", listings.n_listed_12m), ("Sold, 12 months", listings.n_sold_12m))
    present = [(label, value) for label, value in counters if value is not None]
    columns = st.columns(max(len(present), 1))
    for column, (label, value) in zip(columns, present):
        column.metric(label, f"{value:,}")
    prices = [f"{label}: ${value:,.0f}" for label, value in (("Median list price", listings.median_list_price),
                                                              ("Median sold price", listings.median_sold_price))
              if value is not None]
    span = f"Listed from {listings.first_listed_on or '—'} to {listings.last_listed_on or '—'}"
    st.caption(" · ".join([span, *prices]) + ". Counts are a lower bound: listings the data did not record are not counted.")
    render_bar_chart(
        by_year_frame(listings), x="Year", y=["Listed", "Sold", "Self-listed"], key=f"{key}_years",
        title="Listings by year", stack=False,
    )


def render_agent_investor_links(agent: AgentProfile, *, key: str) -> None:
    links = agent.investor_links
    if not links:
        st.info("No investor is linked to this agent.")
        return
    for link in by_confidence(links):
        if link.investor_id:
            name = link.investor_display_name or link.investor_name or link.investor_id
            render_page_link(
                "pages/investors.py", "investors",
                label=f"{name} ({code_label(link.confidence) if link.confidence else 'Unrated'} confidence)",
                query_params={"investor": link.investor_id},
            )
    render_table(
        investor_links_frame(links), key=f"{key}_links",
        column_config={"Profile": link_column("Profile", display_text="open")},
        file_name=f"{agent.id}-investors.csv",
    )


def merged_hits(hits: Sequence[AgentHit]) -> list[MergedHit]:
    """One hit per agent id, in the order found: an id served in several markets (the
    same agent id in DFW and HOU) is one hit naming its `markets`."""
    found: dict[str, tuple[AgentHit, list[str]]] = {}
    for hit in hits:
        _first, markets = found.setdefault(hit.id, (hit, []))
        if hit.market and hit.market not in markets:
            markets.append(hit.market)
    return [MergedHit(hit, tuple(markets)) for hit, markets in found.values()]


def render_agent_hits(hits: Sequence[AgentHit], *, key: str) -> None:
    if not hits:
        st.info("No agent matches this search. Try other words (at least 2 characters), or search a brokerage.")
        return
    rows = [
        {
            "Agent": agent_label(merged.hit, merged.markets),
            "Market": ", ".join(merged.markets),
            "Brokerage": brokerage_name(merged.hit.current_brokerage),
            "Listings": listings_count(merged.hit),
            "Identity": identity_basis_label(merged.hit.identity_basis),
            # An agent of several markets opens on the question of which (market_required).
            "Open": page_href("agents", {"agent": merged.hit.id,
                                         "market": merged.markets[0] if len(merged.markets) == 1 else ""}),
            "Agent id": merged.hit.id,
        }
        for merged in merged_hits(hits)
    ]
    render_table(
        pd.DataFrame(rows), key=key,
        column_config={"Open": link_column("Open", display_text="agent page")},
        file_name="agent-search.csv",
    )
