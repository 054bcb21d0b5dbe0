"""Who an investor is: display name, kinds with confidence, scale and flags, registry history."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from components.tables import escape_markdown, render_details, render_table
from components.words import buyer_status_words, code_label, scale_words

# data-api.md, Investor profile: classification flags, in words a reader knows.
FLAG_WORDS = {
    "institutional": "institutional",
    "is_public": "publicly traded",
    "is_ibuyer": "iBuyer",
    "is_production_builder": "production builder",
    "is_sfr_bulk_holder": "single-family rental bulk holder",
    "is_entity": "registered entity",
    "buys_wholesale": "buys from wholesalers",
    "uses_hard_money": "uses hard money",
}


def kinds_frame(profile: Mapping) -> pd.DataFrame:
    """One row per kind: deals of that kind and the classifier's confidence."""
    by_kind = profile.get("confidence_by_kind") or {}
    rows = [
        {"Kind": code_label(kind), "Deals": (value or {}).get("n"), "Confidence": code_label((value or {}).get("confidence"))}
        for kind, value in by_kind.items()
    ]
    for kind in profile.get("kinds") or []:
        if kind not in by_kind:
            rows.append({"Kind": code_label(kind), "Deals": None, "Confidence": "—"})
    return pd.DataFrame(rows, columns=["Kind", "Deals", "Confidence"])


def deals_bar_column(deals: pd.Series) -> st.column_config.ProgressColumn:
    """Deals as a bar filling its cell in proportion to the most of any row, its number beside it."""
    most = pd.to_numeric(deals, errors="coerce").max()
    return st.column_config.ProgressColumn("Deals", format="localized", min_value=0,
                                           max_value=float(most) if pd.notna(most) and most > 0 else 1.0)


def render_investor_identity(profile: Mapping, *, key: str) -> None:
    """Header, flags and kinds of one investor profile."""
    display_name = profile.get("display_name") or profile.get("name") or profile.get("id")
    st.subheader(escape_markdown(display_name))
    facts = [f"market {profile.get('market') or 'not given'}", f"state {profile.get('state') or 'not given'}"]
    if profile.get("name") and profile.get("name") != display_name:
        facts.append(f"deed spelling: {profile['name']}")
    st.caption(escape_markdown(" · ".join(str(fact) for fact in facts)))
    render_details({"Investor id": profile.get("id")})

    columns = st.columns(4)
    columns[0].metric("Kind", code_label(profile.get("kind")))
    columns[1].metric("Confidence", code_label(profile.get("confidence")))
    columns[2].metric("Size", scale_words(profile.get("scale")))
    columns[3].metric("Buying", buyer_status_words(profile.get("buyer_status")))

    kinds = kinds_frame(profile)
    left, right = st.columns([3, 2])
    with left:
        st.markdown("**Kinds, with the classifier's confidence**")
        # Each kind's deals drawn as a bar in its cell: a bar chart beside the table repeated its
        # numbers (one bar, for most investors) and took the profile's opening 0.1 to 0.2 s (issue 29).
        render_table(kinds, key=f"{key}_kinds", file_name=f"{profile.get('id')}-kinds.csv",
                     column_config={"Deals": deals_bar_column(kinds["Deals"])})
    with right:
        flags = [words for field, words in FLAG_WORDS.items() if profile.get(field) is True]
        st.markdown("**Flags:** " + (", ".join(flags) if flags else "none of institutional, iBuyer, builder or bulk holder"))

    history = [entry for entry in profile.get("id_history") or [] if isinstance(entry, Mapping)]
    if history:
        with st.expander("Registry history of this id"):
            render_table(
                pd.DataFrame(
                    [{"Registry run": entry.get("registry_run"), "Assigned by": entry.get("assign_method"),
                      "Overlap (Jaccard)": pd.to_numeric(entry.get("jaccard"), errors="coerce"),
                      "Id in that run": entry.get("prev_group_id")}
                     for entry in history]
                ),
                key=f"{key}_history",
                file_name=f"{profile.get('id')}-id-history.csv",
            )

    reasons = profile.get("classification_reasons") or []
    if reasons:
        with st.expander("Why it is classified so"):
            # One list, not an element per reason: each element is a share of the page's opening.
            st.markdown("\n".join("- " + escape_markdown(reason if isinstance(reason, str) else str(reason))
                                   for reason in reasons))
