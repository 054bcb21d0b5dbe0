"""Whom an investor works with: lenders (hard money marked), listing agents, and its buyer signal."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd
import streamlit as st

from components.tables import date_column, link_column, page_href, render_page_link, render_table
from components.words import code_label
from services.data_api.models import AgentLink, BuyerSignal, Financing, InvestorProfile

# data-api.md, States: link confidence values; HIGH sorts first.
CONFIDENCE_ORDER = {"HIGH": 0, "MEDIUM": 1}


# The lenders linked under the table, most loans first.
LENDER_LINKS = 10


def lenders_frame(financing: Financing) -> pd.DataFrame:
    rows = [
        {
            "Lender": lender.name,
            "Class": code_label(lender.lender_class),
            "Hard money": "⚠ hard money" if lender.is_hard_money else "",
            "Loans": lender.n,
            "Loans, 24 months": lender.n_24m,
            "Last loan": lender.last_loan_on,
            "Id": lender.id,
        }
        for lender in financing.lenders_used
    ]
    frame = pd.DataFrame(rows, columns=["Lender", "Class", "Hard money", "Loans", "Loans, 24 months", "Last loan", "Id"])
    frame["Last loan"] = pd.to_datetime(frame["Last loan"], errors="coerce")
    return frame


def agent_links_of(profile: InvestorProfile) -> list[AgentLink]:
    """The agent links, HIGH confidence first (data-api.md, Listing agent profile: `confidence` HIGH first)."""
    return sorted(profile.agent_links, key=lambda link: CONFIDENCE_ORDER.get(str(link.confidence), 9))


def agent_link_id(link: AgentLink) -> str | None:
    return link.agent_id or link.id


def render_investor_financing(profile: InvestorProfile, *, key: str) -> None:
    financing = profile.financing
    if financing is None:
        st.info("No financing data for this investor's market.")
        return
    share = financing.share_deals_financed_24m
    columns = st.columns(4)
    columns[0].metric("Loans", f"{financing.n_loans or 0:,}")
    columns[1].metric("Lenders", f"{financing.n_lenders or 0:,}")
    columns[2].metric("Deals financed, 24 months", "—" if share is None else f"{share:.0%}")
    columns[3].metric("Uses hard money", "yes" if financing.uses_hard_money else "no")
    if financing.as_of:
        st.caption(f"Financing as of {financing.as_of}.")
    render_table(
        lenders_frame(financing),
        key=f"{key}_lenders",
        column_config={"Last loan": date_column("Last loan")},
        file_name=f"{profile.id}-lenders.csv",
    )
    # Each lender's page: its loans, borrowers and rankings (issue 20).
    for lender in financing.lenders_used[:LENDER_LINKS]:
        if lender.id:
            render_page_link("pages/lenders.py", "lenders", label=f"Lender {lender.name or lender.id}",
                             query_params={"lender": lender.id})


def agent_link_label(link: AgentLink, names: Mapping[str, str]) -> str:
    """The agent as the Agents page names it (brokerage, market, listings: `names`, read by the
    page), else by what the link itself says; never the bare id."""
    return names.get(agent_link_id(link) or "") or f"Agent in {link.market or 'an unnamed market'}"


def render_agent_links(profile: InvestorProfile, *, key: str, names: Mapping[str, str] | None = None) -> None:
    """Listing agents linked to this investor, each a link to the agent's page, named by `names`
    (agent id -> "Agent at Keller Realty · DFW · 214 listings")."""
    names = names or {}
    links = agent_links_of(profile)
    if not links:
        st.info("No listing agent is linked to this investor.")
        return
    rows = [
        {
            "Agent": agent_link_label(link, names),
            "Market": link.market,
            "Confidence": code_label(link.confidence),
            "Basis": code_label(link.link_basis),
            "Self-listings": link.n_self_listings,
            "Open": page_href("agents", {"agent": agent_link_id(link) or "", "market": link.market or ""}),
            "Agent id": agent_link_id(link),
        }
        for link in links
    ]
    for link in links:
        agent_id = agent_link_id(link)
        if agent_id:
            confidence = code_label(link.confidence).lower() if link.confidence else "unrated"
            render_page_link("pages/agents.py", "agents", label=f"{agent_link_label(link, names)} ({confidence} confidence)",
                             query_params={"agent": agent_id, "market": link.market or ""})
    render_table(
        pd.DataFrame(rows),
        key=f"{key}_agents",
        column_config={"Open": link_column("Open", display_text="agent page")},
        file_name=f"{profile.id}-agents.csv",
    )


def render_buyer_signal(profile: InvestorProfile, *, key: str) -> None:
    signal = profile.buyer_signal
    if signal is None:
        st.info("No buyer signal for this investor.")
        return
    columns = st.columns(4)
    shown = (("Buys in next 180 days", signal.activity_p_180, True), ("Buys in next 365 days", signal.activity_p_365, True),
             ("Cycle state", signal.cycle_state, False), ("Open inventory", signal.open_inventory, False))
    for column, (label, value, chance) in zip(columns, shown):
        column.metric(label, f"{value:.0%}" if chance and isinstance(value, float) else "—" if value is None else str(value))
    others = signal_rest(signal)
    if others:
        with st.expander("More of the buyer signal"):
            st.json(others, expanded=False)


def signal_rest(signal: BuyerSignal) -> dict:
    """The signal's members beyond the four shown (its operator, and what a host adds)."""
    shown = {"activity_p_180", "activity_p_365", "cycle_state", "open_inventory"}
    return {name: value for name, value in signal.model_dump(mode="json").items() if name not in shown}
