"""Whom an investor works with: lenders (hard money marked), listing agents, and its buyer signal."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd
import streamlit as st

from components.tables import date_column, link_column, page_href, render_page_link, render_table
from components.words import code_label

# data-api.md, States: link confidence values; HIGH sorts first.
CONFIDENCE_ORDER = {"HIGH": 0, "MEDIUM": 1}


# The lenders linked under the table, most loans first.
LENDER_LINKS = 10


def lenders_frame(financing: Mapping) -> pd.DataFrame:
    rows = [
        {
            "Lender": lender.get("name"),
            "Class": code_label(lender.get("lender_class")),
            "Hard money": "⚠ hard money" if lender.get("is_hard_money") else "",
            "Loans": lender.get("n"),
            "Loans, 24 months": lender.get("n_24m"),
            "Last loan": lender.get("last_loan_on"),
            "Id": lender.get("id"),
        }
        for lender in financing.get("lenders_used") or []
    ]
    frame = pd.DataFrame(rows, columns=["Lender", "Class", "Hard money", "Loans", "Loans, 24 months", "Last loan", "Id"])
    frame["Last loan"] = pd.to_datetime(frame["Last loan"], errors="coerce")
    return frame


def agent_links_of(profile: Mapping) -> list[Mapping]:
    """The agent links, HIGH confidence first (data-api.md, Listing agent profile: `confidence` HIGH first)."""
    links = [link for link in profile.get("agent_links") or [] if isinstance(link, Mapping)]
    return sorted(links, key=lambda link: CONFIDENCE_ORDER.get(str(link.get("confidence")), 9))


def agent_link_id(link: Mapping) -> str | None:
    return link.get("agent_id") or link.get("id")


def render_investor_financing(profile: Mapping, *, key: str) -> None:
    financing = profile.get("financing") or {}
    if not financing:
        st.info("No financing data for this investor's market.")
        return
    share = financing.get("share_deals_financed_24m")
    columns = st.columns(4)
    columns[0].metric("Loans", f"{financing.get('n_loans') or 0:,}")
    columns[1].metric("Lenders", f"{financing.get('n_lenders') or 0:,}")
    columns[2].metric("Deals financed, 24 months", "—" if share is None else f"{share:.0%}")
    columns[3].metric("Uses hard money", "yes" if financing.get("uses_hard_money") else "no")
    if financing.get("as_of"):
        st.caption(f"Financing as of {financing['as_of']}.")
    render_table(
        lenders_frame(financing),
        key=f"{key}_lenders",
        column_config={"Last loan": date_column("Last loan")},
        file_name=f"{profile.get('id')}-lenders.csv",
    )
    # Each lender's page: its loans, borrowers and rankings (issue 20).
    for lender in (financing.get("lenders_used") or [])[:LENDER_LINKS]:
        if lender.get("id"):
            render_page_link("pages/lenders.py", "lenders", label=f"Lender {lender.get('name') or lender['id']}",
                             query_params={"lender": lender["id"]})


def agent_link_label(link: Mapping, names: Mapping[str, str]) -> str:
    """The agent as the Agents page names it (brokerage, market, listings: `names`, read by the
    page), else by what the link itself says; never the bare id."""
    agent_id = agent_link_id(link) or ""
    return names.get(agent_id) or f"Agent in {link.get('market') or 'an unnamed market'}"


def render_agent_links(profile: Mapping, *, key: str, names: Mapping[str, str] | None = None) -> None:
    """Listing agents linked to this investor, each a link to the agent's page, named by `names`
    (agent id -> "Agent at Keller Realty · DFW · 214 listings")."""
    names = names or {}
    links = agent_links_of(profile)
    if not links:
        st.info("No listing agent is linked to this investor.")
        return
    rows = []
    for link in links:
        agent_id = agent_link_id(link)
        rows.append(
            {
                "Agent": agent_link_label(link, names),
                "Market": link.get("market"),
                "Confidence": code_label(link.get("confidence")),
                "Basis": code_label(link.get("link_basis")),
                "Self-listings": link.get("n_self_listings"),
                "Open": page_href("agents", {"agent": agent_id or "", "market": link.get("market") or ""}),
                "Agent id": agent_id,
            }
        )
    for link in links:
        agent_id = agent_link_id(link)
        if agent_id:
            render_page_link(
                "pages/agents.py",
                "agents",
                label=f"{agent_link_label(link, names)} ({code_label(link.get('confidence')).lower() if link.get('confidence') else 'unrated'} confidence)",
                query_params={"agent": agent_id, "market": link.get("market") or ""},
            )
    render_table(
        pd.DataFrame(rows),
        key=f"{key}_agents",
        column_config={"Open": link_column("Open", display_text="agent page")},
        file_name=f"{profile.get('id')}-agents.csv",
    )


def render_buyer_signal(profile: Mapping, *, key: str) -> None:
    signal = profile.get("buyer_signal") or {}
    if not signal:
        st.info("No buyer signal for this investor.")
        return
    columns = st.columns(4)
    for column, (field, label) in zip(
        columns,
        (("activity_p_180", "Buys in next 180 days"), ("activity_p_365", "Buys in next 365 days"),
         ("cycle_state", "Cycle state"), ("open_inventory", "Open inventory")),
    ):
        value = signal.get(field)
        if isinstance(value, float) and field.startswith("activity_p"):
            column.metric(label, f"{value:.0%}")
        else:
            column.metric(label, "—" if value is None else str(value))
    others = {name: value for name, value in signal.items() if name not in {"activity_p_180", "activity_p_365", "cycle_state", "open_inventory"}}
    if others:
        with st.expander("More of the buyer signal"):
            st.json(others, expanded=False)
