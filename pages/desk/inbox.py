"""The Seller's desk's offers inbox: filters (status, deal, changed since), each buyer's proof of
funds and, where allowed, contacts; the buyer's entity matched to deed-record investors by the
free name search, their recorded buys one confirm away; counter, accept, decline with a reason;
strike a buyer (the 90-day window said first)."""

from __future__ import annotations

import datetime as dt

import streamlit as st

import adapter.investors
import adapter.marketplace_seller as seller
from components.charged_read import confirm_charged_read
from components.date_field import date_field
from components.marketplace_offers import render_offer_chain, render_offer_form
from components.marketplace_problem import render_marketplace_problem
from components.form_fields import FieldNotes, text_form
from components.marketplace_tables import readable_code, reason_words, render_listed
from components.seller_desk import STRIKE_WINDOW_TEXT
from components.seller_offers import inbox_label, render_buyer, render_inbox, render_investor_hits, render_investor_record
from components.words import credits_text
from pages.desk.common import PLAN, act, desk_read
from services.contract import DECLINE_REASONS, OFFER_LIMITS, OFFER_STATUSES, STRIKE_LIMITS
from services.errors import ApiError
from services.marketplace_api.desk_models import SellerOffer
from services.marketplace_api.models import MarketplaceOffer

ALL = "all"


def offers_panel(deal_titles: dict[str, str]) -> None:
    status_column, deal_column, since_column = st.columns(3)
    status = status_column.selectbox("Status", [ALL, *OFFER_STATUSES], key="desk_inbox_status", format_func=readable_code)
    deal = deal_column.selectbox("Deal", [ALL, *deal_titles], key="desk_inbox_deal",
                                 format_func=lambda value: "All deals" if value == ALL else deal_titles[value])
    with since_column:
        since = date_field("Changed since", key="desk_inbox_since")
    changed_after = f"{since.isoformat()}T00:00:00Z" if isinstance(since, dt.date) else None
    try:
        listing = seller.offers(status=None if status == ALL else status, deal_id=None if deal == ALL else deal,
                                changed_after=changed_after)
    except ApiError as error:
        render_marketplace_problem(error, key="desk_inbox_problem", title="Your offers could not be read")
        return
    rows = listing.rows
    render_listed(rows, listing.more, lambda shown: render_inbox(shown, key="desk_inbox", deal_titles=deal_titles),
                  "offers (narrow the filters to see others)")
    if not rows:
        return
    by_id = {row.id: row for row in rows}
    chosen = st.selectbox("Offer", list(by_id), key="desk_inbox_offer",
                          format_func=lambda offer_id: inbox_label(by_id[offer_id], deal_titles))
    offer_section(by_id[chosen])


def offer_section(row: SellerOffer) -> None:
    render_buyer(row, key="desk_buyer")
    deed_record_match(row)
    if (offer := desk_read(lambda: seller.offer(row.id),
            key="desk_offer_problem", title="This offer could not be read")) is None:
        return
    chain = offer.chain or [offer]
    render_offer_chain(chain, key="desk_chain")
    open_round = next((r for r in chain if r.status == "new"), None)
    if open_round is None:
        st.caption(f"This offer is {readable_code(offer.status)}: no action is open.")
    elif open_round.submitted_by == "seller":
        st.caption("Your counter is open: the buyer answers next.")
    else:
        answer_section(open_round)
    strike_section(row.buyer.buyer_id if row.buyer else None)


def deed_record_match(row: SellerOffer) -> None:
    """Is this buyer real? Its entity by the deed records' free name search; a profile is charged."""
    entity = row.buyer.entity_name if row.buyer else None
    if not entity:
        return
    st.markdown("**In the deed records**")
    if (read := desk_read(lambda: adapter.investors.search(entity),
            key="desk_match_problem", title="The deed records could not be searched")) is None:
        return
    hits, _capped = read
    exact = [hit for hit in hits if entity.casefold() in {(hit.name or "").casefold(), (hit.display_name or "").casefold()}]
    render_investor_hits(exact or hits[:5], entity_name=entity, key=f"desk_hits_{row.id}")
    if not (exact or hits):
        return
    investor = (exact or hits)[0]
    profile = confirm_charged_read(
        f"desk_record_{row.id}", (investor.id,), ask_label=f"Show {investor.display_name}'s recorded buys",
        cost_text=credits_text(adapter.investors.profile_cost(investor.id), "This investor's record", plan=PLAN),
        load=lambda: adapter.investors.profile(investor.id)[0], error_title="The record could not be read")
    if profile is not None:
        render_investor_record(profile, key=f"desk_record_view_{row.id}")


def answer_section(open_round: MarketplaceOffer) -> None:
    st.markdown("**The buyer's round is open.** Counter it, accept it, or decline it with a reason.")
    notes = FieldNotes("desk_counter_form", OFFER_LIMITS)
    terms = render_offer_form("desk_counter", amount=open_round.offer_amount, emd=open_round.emd_amount,
                              financing=open_round.financing or "cash", subject=open_round.id, notes=notes,
                              min_emd=seller.deal_min_emd(open_round.deal_id), reader="buyer")
    if terms:
        act("counter", lambda: seller.counter(open_round.id, terms), success="Your counter was sent to the buyer.",
            form=notes, values=terms)
    accept_column, reason_column, decline_column = st.columns([1, 2, 1])
    if accept_column.button("Accept", key="desk_accept", type="primary"):
        act("accept", lambda: seller.accept(open_round.id), success="You accepted the offer: the deal is pending.")
    # No reason is chosen for the seller: the buyer reads the one the seller picks.
    reason = reason_column.selectbox("Reason to decline", DECLINE_REASONS, key="desk_decline_reason", index=None,
                                     placeholder="Choose a reason", format_func=reason_words)
    said = FieldNotes("desk_decline", {})
    said.under("decline_reason", reason_column)
    if reason is not None:
        said.say({})
    if decline_column.button("Decline", key="desk_decline"):
        if reason is None:
            said.say({"decline_reason": "Choose why you decline the offer."})
            return
        act("decline", lambda: seller.decline(open_round.id, reason), success="You declined the offer.")


def strike_section(buyer_id: str | None) -> None:
    if not buyer_id:
        return
    with st.expander("Strike this buyer"):
        st.warning(STRIKE_WINDOW_TEXT, icon=":material/gavel:")
        if filed := text_form(f"desk_strike_{buyer_id}", STRIKE_LIMITS, field="reason", long=True,
                              key=f"desk_strike_reason_{buyer_id}", label="Why (the marketplace reads it)",
                              submit="File the strike"):
            reason, notes = filed
            act("strike", lambda: seller.strike(buyer_id, reason), success="The strike was filed.", form=notes,
                values={"reason": reason})
