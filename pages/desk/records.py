"""The Seller's desk's leads (with history), reviews and responses, buyers' questions and address
requests (the seller answers), webhook endpoints (a member's refusal said with the roles that
may), and the feed."""

from __future__ import annotations

import streamlit as st

import adapter.marketplace_seller as seller
from components.form_fields import FieldNotes, text_form
from components.marketplace_problem import render_marketplace_problem
from components.marketplace_tables import render_listed
from components.seller_desk import render_leads, render_requests, render_reviews, render_webhooks, role_refusal_text
from pages.desk.common import act, desk_read, read_questions, render_event_feed
from services.contract import LEAD_LIMITS, RESPONSE_LIMITS, WEBHOOK_LIMITS
from services.errors import ApiError

LEAD_STATUSES = ("open", "contacted", "negotiating", "won", "lost")
EVENTS_SHOWN = 20


def leads_panel() -> None:
    if (listing := desk_read(seller.leads, key="desk_leads_problem", title="Your leads could not be read")) is None:
        return
    render_listed(listing.rows, listing.more, lambda rows: render_leads(rows, key="desk_leads"), "leads")
    open_leads = {lead.id: lead for lead in listing.rows if lead.status not in ("won", "lost")}
    if open_leads:
        with st.form("desk_lead_status"):
            lead_id = st.selectbox("Lead", list(open_leads),
                                   format_func=lambda value: open_leads[value].name or "A lead without a name")
            status = st.selectbox("New status", LEAD_STATUSES, key="desk_lead_new_status")
            changed = st.form_submit_button("Set the status")
        if changed:
            act("lead status", lambda: seller.set_lead_status(lead_id, status), success="The lead's status changed.")
    st.caption("A won or lost lead is closed and keeps its history as it is.")
    add_lead_form()


def add_lead_form() -> None:
    """A new lead: its name, and an e-mail checked as one before it is sent; kept as typed until added."""
    notes = FieldNotes("desk_add_lead", LEAD_LIMITS)
    notes.start(["desk_lead_name", "desk_lead_email"])
    with st.form("desk_add_lead"):
        name = st.text_input("Name", key="desk_lead_name")
        notes.under("name")
        email = st.text_input("E-mail (optional)", key="desk_lead_email")
        notes.under("email")
        added = st.form_submit_button("Add the lead")
    name, email = name.strip(), email.strip()
    values = {"name": name, "email": email}
    if added and notes.check(values):
        act("lead", lambda: seller.add_lead(name, email or None, None), success="The lead was added.", form=notes,
            values=values)


def reviews_panel() -> None:
    if (listing := desk_read(seller.reviews,
            key="desk_reviews_problem", title="Your reviews could not be read")) is None:
        return
    render_listed(listing.rows, listing.more, lambda rows: render_reviews(rows, key="desk_reviews"), "reviews")
    waiting = {r.id: r for r in listing.rows if not r.response}
    if not waiting:
        return
    notes = FieldNotes("desk_respond", RESPONSE_LIMITS)
    notes.start(["desk_response_body"])
    with st.form("desk_respond"):
        review_id = st.selectbox("Answer the review", list(waiting),
                                 format_func=lambda value: (waiting[value].body or "")[:60])
        body = st.text_area("Your response (one per review, public)", key="desk_response_body")
        notes.under("body")
        sent = st.form_submit_button("Publish the response")
    if sent and notes.check({"body": body}):
        act("response", lambda: seller.respond(review_id, body), success="Your response is published.", form=notes,
            values={"body": body})


def questions_panel(deal_titles: dict[str, str]) -> None:
    if (read := read_questions(seller, key="desk_questions_problem", title="Buyers' questions could not be read")) is None:
        return
    requests, questions = read
    render_listed(requests.rows, requests.more, lambda rows: render_requests(
        rows, key="desk_address_requests", deal_titles=deal_titles), "address requests", heading="Address requests")
    pending = {r.id: r for r in requests.rows if r.status == "pending"}
    if pending:
        request_id = st.selectbox("Answer a request", list(pending), key="desk_request",
                                  format_func=lambda value: f"{pending[value].buyer_name or 'A buyer'} · "
                                  f"{deal_titles.get(pending[value].deal_id or '', 'a deal')}")
        approve_column, decline_column = st.columns(2)
        if approve_column.button("Release the address", key="desk_approve"):
            act("answer", lambda: seller.answer_address_request(request_id, True), success="The buyer now has the address.")
        if decline_column.button("Decline", key="desk_decline_request"):
            act("answer", lambda: seller.answer_address_request(request_id, False), success="The request was declined.")
    render_listed(questions.rows, questions.more, lambda rows: render_requests(
        rows, key="desk_inquiries", deal_titles=deal_titles), "questions", heading="Questions")


def webhooks_panel() -> None:
    try:
        hooks = seller.webhooks()
    except ApiError as error:
        if error.code == "insufficient_role":
            st.warning(role_refusal_text(error.role, error.required_roles), icon=":material/lock_person:")
            return
        render_marketplace_problem(error, key="desk_webhooks_problem", title="Your webhook addresses could not be read")
        return
    render_listed(hooks.rows, hooks.more, lambda rows: render_webhooks(rows, key="desk_webhooks"), "webhook addresses")
    # marketplace-api.md, Events 3: a private address answers `422 webhook_url_refused`, said under the field.
    if added := text_form("desk_add_webhook", WEBHOOK_LIMITS, field="url", key="desk_webhook_url",
                          label="Webhook address (https, on a public host)", submit="Add the address", strip=True):
        url, notes = added
        act("webhook", lambda: seller.add_webhook(url), success="The webhook address was added.", form=notes,
            values={"url": url})


def feed_panel(deal_titles: dict[str, str]) -> None:
    render_event_feed(lambda: seller.events(EVENTS_SHOWN), key="desk_events", deal_titles=deal_titles)
