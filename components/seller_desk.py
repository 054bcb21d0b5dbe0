"""The Seller's desk's other panels: leads with their history, reviews and responses, address
requests and inquiries, webhook endpoints, and the words for the strike window and role
refusals. Render only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from components.marketplace_tables import readable_code, utc_text
from components.tables import show_table
from services.marketplace_api.desk_models import Inquiry, Lead, Review, Webhook

STRIKE_WINDOW_TEXT = ("A strike can be filed only within 90 days of the buyer's last act on one of your deals, "
                      "and only once per buyer for your organization. It cannot be withdrawn.")


def role_refusal_text(role: str | None, required_roles: Sequence[str]) -> str:
    """`insufficient_role` in words: who may, and who you are."""
    may = " or ".join(f"an {r}" if r[:1] in "aeiou" else f"a {r}" for r in required_roles) or "an owner or admin"
    you = f"You are {'an' if (role or '')[:1] in 'aeiou' else 'a'} {role} of your organization" if role else \
        "You have no role in your organization"
    return f"Only {may} of the organization may manage webhook addresses. {you}: ask an owner or admin to do it."


def role_text(role: str | None) -> str | None:
    """What a member may do, said once above the desk's tabs (marketplace-api.md, Roles and
    refusals: every write scope acts for any member; webhook endpoints and buyers' contacts are for
    an owner or an admin); None for an owner or an admin, who may do everything here."""
    if role != "member":
        return None
    return ("As a member you may draft and publish deals, answer offers, buyers' questions and address requests, work "
            "your leads, file strikes and answer reviews. Managing webhook addresses and seeing buyers' e-mail and "
            "phone are for an owner or an admin of the organization: ask one of them.")


def render_leads(leads: Sequence[Lead], *, key: str) -> None:
    if not leads:
        st.caption("No lead yet.")
        return
    for lead in leads:
        history = " → ".join(f"{readable_code(step.status)} ({utc_text(step.at)})" for step in lead.history)
        st.markdown(f"**{lead.name or 'A lead without a name'}** · {readable_code(lead.status)}  \n{history}")


def render_reviews(reviews: Sequence[Review], *, key: str) -> None:
    if not reviews:
        st.caption("No review yet.")
        return
    for review in reviews:
        reviewer = (review.reviewer.name if review.reviewer else None) or "A buyer"
        st.markdown(f"{'★' * int(review.rating or 0)} **{reviewer}**: {review.body or '(no words)'}")
        response = review.response
        if response:
            st.caption(f"Your response ({utc_text(response.created_at)}): {response.body or ''}")


def render_requests(requests: Sequence[Inquiry], *, key: str, deal_titles: Mapping[str, str]) -> None:
    if not requests:
        st.caption("Nothing here yet.")
        return
    rows = [{"Buyer": r.buyer_name or "A buyer", "Deal": deal_titles.get(r.deal_id or "", "A deal"),
             "Message": r.message or "", "Status": readable_code(r.status),
             "Sent": utc_text(r.created_at)} for r in requests]
    show_table(rows, key=key)


def render_webhooks(hooks: Sequence[Webhook], *, key: str) -> None:
    if not hooks:
        st.caption("No webhook address yet.")
        return
    rows = [{"Address": h.url or "", "Events": len(h.events), "On": "yes" if h.enabled else "no",
             "Created": utc_text(h.created_at)} for h in hooks]
    show_table(rows, key=key)
