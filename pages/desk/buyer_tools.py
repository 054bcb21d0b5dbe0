"""The buyer's tools on the Marketplace page: buy boxes (at most five) with the deals each matches
and its alerts; questions and address requests on a deal, with the agreement step; the event feed."""

from __future__ import annotations

import streamlit as st

import adapter.marketplace_actions as actions
import adapter.person
import adapter.marketplace_buyer as buyer
from components.buyer_tools import (
    box_label, just_ticked, render_agreement, render_alerts, render_box_deals, render_buy_box_form, render_sent,
)
from components.form_fields import FieldNotes, text_form
from components.marketplace_problem import render_marketplace_problem
from components.marketplace_tables import render_listed
from pages.desk.common import KEY_NOTICE, act, desk_read, read_questions, render_event_feed, show_notice  # noqa: F401 - the page says the tools' notices
from services.contract import BUY_BOX_LIMITS, QUESTION_LIMITS
from services.errors import ApiError
from services.marketplace_api.desk_models import AddressAgreement

KEY_AGREEMENT = "mkt_address_agreement"  # deal id -> the agreement the service named
EVENTS_SHOWN = 20


def render_tabs(boxes_tab, ask_tab, activity_tab) -> None:
    """The tools' three tabs of the Marketplace page."""
    with boxes_tab:
        buy_boxes_panel()
    with ask_tab:
        questions_panel()
    with activity_tab:
        activity_panel()


def buy_boxes_panel() -> None:
    if (listing := desk_read(buyer.buy_boxes, key="mkt_boxes_problem", title="Your buy boxes could not be read")) is None:
        return
    boxes = listing.rows
    notes = FieldNotes("mkt_new_box", BUY_BOX_LIMITS)
    new_box = render_buy_box_form(key="mkt_new_box", count=len(boxes), notes=notes)
    if new_box:
        act("buy box", lambda: buyer.create_buy_box(new_box.name, new_box.criteria), form=notes, values=new_box.values,
            success=f"Your buy box “{new_box.name}” is saved: deals published that match it will alert you.")
    if not boxes:
        st.caption("No buy box yet.")
        return
    by_id = {box.id: box for box in boxes}
    chosen = st.selectbox("Buy box", list(by_id), key="mkt_box", format_func=lambda value: box_label(by_id[value]))
    if (read := desk_read(lambda: (buyer.box_alerts(chosen), buyer.box_matches(chosen)),
            key="mkt_box_problem", title="This buy box could not be read")) is None:
        return
    alerts, deals = read
    render_listed(alerts.rows, alerts.more, lambda rows: render_alerts(rows, key="mkt_box_alerts"), "alerts",
                  heading="Alerts")
    render_listed(deals.rows, deals.more, lambda rows: render_box_deals(rows, key="mkt_box_deals"), "matching deals",
                  heading="Deals it matches now")
    if st.button("Delete this buy box", key="mkt_box_delete"):
        act("delete", lambda: buyer.delete_buy_box(chosen), success="The buy box was deleted.")


def questions_panel() -> None:
    listing = desk_read(actions.deals, key="mkt_ask_deals_problem", title="Deals could not be read")
    deals = listing.rows if listing is not None else []
    titles = actions.titles_of(deals)
    if titles:
        with adapter.person.choice("mkt_ask_deal", titles):  # the person's deal after a reload or a login (issue 42)
            deal_id = st.selectbox("Deal", list(titles), key="mkt_ask_deal", format_func=titles.get)
        ask_section(deal_id)
        address_section(deal_id)
    if (read := read_questions(buyer, key="mkt_sent_problem", title="What you sent could not be read")) is None:
        return
    sent_requests, sent_questions = read
    render_listed(sent_requests.rows, sent_requests.more, lambda rows: render_sent(
        rows, key="mkt_sent_requests", deal_titles=titles), "address requests", heading="Your address requests")
    render_listed(sent_questions.rows, sent_questions.more, lambda rows: render_sent(
        rows, key="mkt_sent_questions", deal_titles=titles), "questions", heading="Your questions")


def ask_section(deal_id: str) -> None:
    """A question to the seller, its limit said under it; kept as typed until it is sent."""
    if sent := text_form("mkt_ask", QUESTION_LIMITS, field="message", key="mkt_ask_message", long=True,
                         label="Ask the seller (one question per deal a day)", submit="Send the question"):
        message, notes = sent
        act("question", lambda: buyer.send_inquiry(deal_id, message), success="Your question was sent to the seller.",
            form=notes, values={"message": message})


def address_section(deal_id: str) -> None:
    """First press: the service names the agreement, shown to read and accept; ticking its box
    sends the request with it (as does a press once it is ticked)."""
    agreements: dict[str, AddressAgreement] = st.session_state.setdefault(KEY_AGREEMENT, {})
    agreement = agreements.get(deal_id)
    pressed = st.button("Ask for the address", key="mkt_address")
    box = f"mkt_agreement_{deal_id}"
    accepted = render_agreement(agreement, key=box) if agreement else False
    if not (pressed or (accepted and just_ticked(box))):
        return
    if agreement and not accepted:
        st.error("Tick the agreement box to ask for the address.", icon=":material/error:")
        return
    try:
        buyer.request_address(deal_id, agreement.id if agreement else None, None)
    except ApiError as error:
        if error.code == "agreement_required" and error.agreement:
            agreements[deal_id] = AddressAgreement.model_validate(error.agreement)
            render_agreement(agreements[deal_id], key=f"mkt_agreement_{deal_id}")
            return
        render_marketplace_problem(error, key="mkt_address_problem", title="The address was not requested")
        return
    agreements.pop(deal_id, None)
    st.session_state[KEY_NOTICE] = "Your address request was sent: the seller answers it."
    st.rerun()


def activity_panel() -> None:
    deal_titles = actions.deal_titles()
    render_event_feed(lambda: buyer.events(EVENTS_SHOWN), key="mkt_feed", deal_titles=deal_titles)
