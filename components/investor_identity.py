"""Who an investor is: display name, kinds with confidence, scale and flags, registry history."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from components.tables import escape_markdown, render_details, render_table
from components.words import buyer_status_words, code_label, scale_words
from services.data_api.models import InvestorProfile


def flags(profile: InvestorProfile) -> list[str]:
    """data-api.md, Investor profile: the classification flags it raises, in words a reader knows."""
    raised = (
        (profile.institutional, "institutional"), (profile.is_public, "publicly traded"), (profile.is_ibuyer, "iBuyer"),
        (profile.is_production_builder, "production builder"),
        (profile.is_sfr_bulk_holder, "single-family rental bulk holder"), (profile.is_entity, "registered entity"),
        (profile.buys_wholesale, "buys from wholesalers"), (profile.uses_hard_money, "uses hard money"),
    )
    return [words for value, words in raised if value is True]


def kinds_frame(profile: InvestorProfile) -> pd.DataFrame:
    """One row per kind: deals of that kind and the classifier's confidence."""
    by_kind = profile.confidence_by_kind
    rows = [{"Kind": code_label(kind), "Deals": value.n, "Confidence": code_label(value.confidence)}
            for kind, value in by_kind.items()]
    rows += [{"Kind": code_label(kind), "Deals": None, "Confidence": "—"} for kind in profile.kinds if kind not in by_kind]
    return pd.DataFrame(rows, columns=["Kind", "Deals", "Confidence"])


def deals_bar_column(deals: pd.Series) -> st.column_config.ProgressColumn:
    """Deals as a bar filling its cell in proportion to the most of any row, its number beside it."""
    most = pd.to_numeric(deals, errors="coerce").max()
    return st.column_config.ProgressColumn("Deals", format="localized", min_value=0,
                                           max_value=float(most) if pd.notna(most) and most > 0 else 1.0)


def render_investor_identity(profile: InvestorProfile, *, key: str) -> None:
    """Header, flags and kinds of one investor profile."""
    display_name = profile.display_name or profile.name or profile.id
    st.subheader(escape_markdown(display_name))
    facts = [f"market {profile.market or 'not given'}", f"state {profile.state or 'not given'}"]
    if profile.name and profile.name != display_name:
        facts.append(f"deed spelling: {profile.name}")
    st.caption(escape_markdown(" · ".join(facts)))
    render_details({"Investor id": profile.id})

    columns = st.columns(4)
    columns[0].metric("Kind", code_label(profile.kind))
    columns[1].metric("Confidence", code_label(profile.confidence))
    columns[2].metric("Size", scale_words(profile.scale))
    columns[3].metric("Buying", buyer_status_words(profile.buyer_status))

    kinds = kinds_frame(profile)
    left, right = st.columns([3, 2])
    with left:
        st.markdown("**Kinds, with the classifier's confidence**")
        # Each kind's deals drawn as a bar in its cell: a bar chart beside the table repeated its
        # numbers (one bar, for most investors) and took the profile's opening 0.1 to 0.2 s (issue 29).
        render_table(kinds, key=f"{key}_kinds", file_name=f"{profile.id}-kinds.csv",
                     column_config={"Deals": deals_bar_column(kinds["Deals"])})
    with right:
        raised = flags(profile)
        st.markdown("**Flags:** " + (", ".join(raised) if raised else "none of institutional, iBuyer, builder or bulk holder"))
    render_registry_history(profile, key=key)
    if profile.classification_reasons:
        with st.expander("Why it is classified so"):
            # One list, not an element per reason: each element is a share of the page's opening.
            st.markdown("\n".join("- " + escape_markdown(reason if isinstance(reason, str) else str(reason))
                                   for reason in profile.classification_reasons))


def render_registry_history(profile: InvestorProfile, *, key: str) -> None:
    if not profile.id_history:
        return
    with st.expander("Registry history of this id"):
        render_table(
            pd.DataFrame(
                [{"Registry run": entry.registry_run, "Assigned by": entry.assign_method,
                  "Overlap (Jaccard)": pd.to_numeric(entry.jaccard, errors="coerce"),
                  "Id in that run": entry.prev_group_id}
                 for entry in profile.id_history]
            ),
            key=f"{key}_history",
            file_name=f"{profile.id}-id-history.csv",
        )
