"""The buyer's offers: one row per offer, and the chain of rounds of one offer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
import streamlit as st

from components.form_fields import FieldNotes
from components.marketplace_tables import blank_text, readable_code, reason_words, timestamps
from components.tables import datetime_column, money_column, render_table
from services.contract import FINANCING_CHOICES, OFFER_LIMITS, form_problems
from services.marketplace_api.models import MarketplaceEvent, MarketplaceOffer

MONEY_COLUMNS = {"Amount": money_column("Amount"), "EMD": money_column("EMD")}
TEXT_COLUMNS = ("Offer", "Deal", "Status", "Sent by", "Financing", "Note", "Reason", "Event")


def offer_label(offer: MarketplaceOffer, deal_titles: Mapping[str, str] | None = None) -> str:
    deal = (deal_titles or {}).get(offer.deal_id or "", offer.deal_id or "")
    return f"{deal} · round {offer.round} by {offer.submitted_by} · {offer.status} · ${offer.offer_amount or 0:,.0f}"


def _deal_title(deal_id: Any, deal_titles: Mapping[str, str] | None) -> Any:
    return (deal_titles or {}).get(deal_id or "", deal_id)


def render_offer_list(offers: Sequence[MarketplaceOffer], *, key: str, deal_titles: Mapping[str, str] | None = None) -> None:
    """A table of offers (latest round each), with the deal's title where known."""
    frame = pd.DataFrame(
        {
            "Deal": [_deal_title(offer.deal_id, deal_titles) for offer in offers],
            "Status": [offer.status for offer in offers],
            "Round": [offer.round for offer in offers],
            "Sent by": [offer.submitted_by for offer in offers],
            "Amount": [offer.offer_amount for offer in offers],
            "EMD": [offer.emd_amount for offer in offers],
            "Financing": [readable_code(offer.financing) for offer in offers],
            "Updated (UTC)": timestamps(offer.updated_at for offer in offers),
            # The id last: for support and the CSV; the deal's title is what a buyer reads first.
            "Offer": [offer.id for offer in offers],
        }
    )
    render_table(
        blank_text(frame, TEXT_COLUMNS),
        key=key,
        column_config={**MONEY_COLUMNS, "Updated (UTC)": datetime_column("Updated (UTC)")},
        file_name="marketplace-offers.csv",
    )


def render_offer_chain(chain: Sequence[MarketplaceOffer], *, key: str) -> None:
    """Every round of one offer, oldest first: who sent it, amounts, EMD, financing, note."""
    rows = sorted(chain, key=lambda offer: offer.round or 0)
    frame = pd.DataFrame(
        {
            "Round": [row.round for row in rows],
            "Sent by": [row.submitted_by for row in rows],
            "Status": [row.status for row in rows],
            "Amount": [row.offer_amount for row in rows],
            "EMD": [row.emd_amount for row in rows],
            "Financing": [readable_code(row.financing) for row in rows],
            "Note": [row.note for row in rows],
            "Reason": [reason_words(row.decline_reason) for row in rows],
            "Sent (UTC)": timestamps(row.created_at for row in rows),
        }
    )
    render_table(
        blank_text(frame, TEXT_COLUMNS),
        key=key,
        column_config={**MONEY_COLUMNS, "Sent (UTC)": datetime_column("Sent (UTC)")},
        file_name="marketplace-offer-rounds.csv",
    )


def event_label(event_type: Any) -> str:
    """`offer.withdrawn` -> `Offer withdrawn`."""
    return readable_code(str(event_type or "").replace(".", " ")).capitalize()


def render_events(events: Sequence[MarketplaceEvent], *, key: str, deal_titles: Mapping[str, str] | None = None) -> None:
    """The buyer side's event feed, newest first: what happened to which offer."""
    frame = pd.DataFrame(
        {
            "When (UTC)": timestamps(event.created_at for event in events),
            "Event": [event_label(event.type) for event in events],
            "Offer": [event.offer_id for event in events],
            "Status": [event.offer_status for event in events],
            "Deal": [_deal_title(event.deal_id, deal_titles) for event in events],
        }
    )
    render_table(
        blank_text(frame, TEXT_COLUMNS),
        key=key,
        column_config={"When (UTC)": datetime_column("When (UTC)")},
        file_name="marketplace-events.csv",
    )


def terms_problems(amount: float | None, emd: float | None, *, min_emd: float | None = None) -> dict[str, str]:
    """What the offer's limits (`OFFER_LIMITS`) do not say: a deposit over the offer, or under the
    deal's minimum, in dollars, by field (issue 26: a 300-digit amount came back as
    "offer_amount: Input should be less than or equal to 100000000")."""
    if amount is None or emd is None or form_problems(OFFER_LIMITS, {"offer_amount": amount, "emd_amount": emd}):
        return {}
    if emd > amount:
        return {"emd_amount": f"More than the offer (${amount:,.0f}); this is ${emd:,.0f}."}
    if min_emd and emd < min_emd:
        return {"emd_amount": f"At least ${min_emd:,.0f}, this deal's minimum; this is ${emd:,.0f}."}
    return {}


OFFER_WIDGETS = ("amount", "emd", "financing", "note")


def render_offer_form(key: str, *, amount: float, emd: float, financing: str, subject: str, notes: FieldNotes,
                      min_emd: float | None = None, reader: str = "seller") -> dict[str, Any] | None:
    """Amount, EMD, financing and a note to `reader` in a form keyed `{key}_form`, for `subject`
    (the round or deal the terms answer: another one starts the form from its own terms); each
    limit said under its field. The deposit starts at least at the deal's minimum (`min_emd`), so
    the form's own terms are ones the deal takes. Returns the terms once sent and within every
    limit, else None (what is wrong said under its field; the form keeps what was typed).

    The boxes take any number and any length: a bounded box keeps its last value under a small
    "!", and a browser drops a paste longer than `max_chars` whole (the note kept the last one)."""
    if st.session_state.get(f"{key}_subject") != subject:
        for name in OFFER_WIDGETS:
            st.session_state.pop(f"{key}_{name}", None)
        st.session_state[f"{key}_subject"] = subject
        notes.forget()
    notes.start(f"{key}_{name}" for name in OFFER_WIDGETS)
    deposit = max(float(emd or 0), float(min_emd or 0))
    with st.form(f"{key}_form"):
        amount_value = st.number_input("Offer amount ($)", value=float(amount), step=500.0, format="%.0f", key=f"{key}_amount")
        notes.under("offer_amount")
        emd_value = st.number_input("Earnest money deposit ($)", value=deposit, step=100.0, format="%.0f", key=f"{key}_emd")
        notes.under("emd_amount", said=f"At least ${min_emd:,.0f}, this deal's minimum." if min_emd else None)
        options = list(FINANCING_CHOICES)
        if financing and financing not in options:
            options.insert(0, financing)
        financing_value = st.selectbox(
            "Financing", options, index=options.index(financing) if financing in options else 0,
            key=f"{key}_financing", accept_new_options=True, format_func=readable_code,
        )
        note = st.text_input(f"Note to the {reader} (optional)", key=f"{key}_note")
        notes.under("note")
        if not st.form_submit_button("Send"):
            return None
    terms = {"offer_amount": amount_value, "emd_amount": emd_value, "financing": financing_value, "note": note or None}
    if not notes.check({**terms, "note": note}, extra=terms_problems(amount_value, emd_value, min_emd=min_emd)):
        return None
    return terms
