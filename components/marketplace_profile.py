"""Who is logged in to the marketplace: sides, trust tier and its next step, caps, terms (`GET /me`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from components.marketplace_tables import readable_code, utc_text
from components.tables import escape_markdown
from components.words import code_label
from services.marketplace_api.models import Account, AccountOrganization, AccountUser, ProofOfFundsLetter, SideTerms, TrustFact, UsageCap

SIDE_NAMES = {"buy": "buyer", "sell": "seller"}
CAP_NAMES = {"offers.create": "New offers", "offers.counter": "Counters"}


def render_marketplace_profile(me: Account, *, key: str) -> None:
    """Identity, trust and caps as bars (used of limit, when it resets), terms per side."""
    user = me.user or AccountUser()
    organization = me.organization or AccountOrganization()
    name = user.name or user.email or organization.name or "Marketplace account"
    sides = ", ".join(SIDE_NAMES.get(side, side) for side in me.sides) or "no side yet"
    st.markdown(f"**{escape_markdown(name)}** · {escape_markdown(user.email or '')} · acts as {sides}")
    if me.environment and me.environment != "production":
        st.caption(f"A {code_label(me.environment).lower()} marketplace: its deals and offers are for trying it out.")

    tier_column, caps_column = st.columns([1, 2])
    with tier_column:
        render_trust(me, key=f"{key}_trust")
    with caps_column:
        render_caps(me.caps, key=f"{key}_caps")

    render_terms(me.terms, key=f"{key}_terms")


def render_trust(me: Account, *, key: str) -> None:
    """The trust tier, its next step (a block the documents do not type: read as served) and its facts."""
    trust = me.trust
    st.metric("Trust tier", str((trust and trust.tier) or "—").title())
    step = trust.next_step if trust else None
    if step and (step.tier or step.action):
        tier = escape_markdown(str(step.tier or "the next tier").title())
        st.caption(f"Next step to {tier}: {escape_markdown(step.action or '')}")
    for fact in trust.facts if trust else []:
        st.caption(f"{escape_markdown(fact_text(fact))} (from {escape_markdown(readable_code(fact.source))})")


def fact_text(fact: TrustFact) -> str:
    """`email_verified: True` -> `Email verified: yes`."""
    value = fact.value
    shown = {True: "yes", False: "no", None: "—"}.get(value, value) if isinstance(value, (bool, type(None))) else value
    return f"{readable_code(fact.fact).capitalize()}: {shown}"


def cap_name(action: Any) -> str:
    """`offers.create` -> `New offers`; an action not named here reads as its words."""
    return CAP_NAMES.get(str(action), readable_code(str(action or "").replace(".", " ")).capitalize())


def render_caps(caps: Sequence[UsageCap], *, key: str) -> None:
    if not caps:
        st.caption("No caps apply to this account.")
        return
    for cap in caps:
        limit = int(cap.limit or 0)
        used = int(cap.used or 0)
        fraction = min(used / limit, 1.0) if limit else 1.0
        resets = utc_text(cap.resets_at) or "—"
        st.progress(fraction, text=f"{cap_name(cap.action)}: {used} of {limit} used · resets {resets}")


def render_terms(terms: Mapping[str, SideTerms], *, key: str) -> None:
    """Terms per side; a side not yet accepted says where to accept (the issuer's consent page)."""
    for side, state in terms.items():
        label = SIDE_NAMES.get(side, side)
        if state.accepted:
            st.caption(f"Marketplace API Terms accepted as {label}.")
        else:
            st.warning(
                f"You have not accepted the Marketplace API Terms as {label}. Log out, log in again and tick "
                "“I accept the Marketplace API Terms” on the consent page: until then every "
                f"{label} action is refused.",
                icon=":material/description:",
            )


def render_proof_of_funds(proof: ProofOfFundsLetter | None, me: Account | None, *, key: str) -> None:
    """The letter on file (state, lender, validity), else what the account's trust facts say."""
    facts = {fact.fact: fact.value for fact in me.trust.facts} if me and me.trust else {}
    if proof and proof.on_file:
        state = "expired" if proof.is_expired else "on file"
        lender = escape_markdown(proof.lender_name or "lender not named")
        st.markdown(f"Proof of funds **{state}** · {lender} · valid until {utc_text(proof.expires_at)}")
    elif proof is not None or "proof_of_funds_on_file" in facts:
        on_file = facts.get("proof_of_funds_on_file")
        st.markdown("Proof of funds **on file**." if on_file else "No current proof of funds on file: offers need one.")
