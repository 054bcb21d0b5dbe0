"""The buyer's offers: one row per offer, and the chain of rounds of one offer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
import streamlit as st

from components.marketplace_tables import blank_text, readable_code, timestamps
from components.tables import datetime_column, money_column, render_table
from services.contract import FINANCING_CHOICES

MONEY_COLUMNS = {"Amount": money_column("Amount"), "EMD": money_column("EMD")}
TEXT_COLUMNS = ("Offer", "Deal", "Status", "Sent by", "Financing", "Note", "Reason", "Event")
# The app's bounds on an offer (the documents give none, docs/contract.md): an amount past this
# is a slip of the keyboard, a note longer than this a paste gone wrong.
MAX_OFFER_DOLLARS = 100_000_000
MAX_NOTE_CHARS = 1_000


def offer_label(offer: Mapping[str, Any], deal_titles: Mapping[str, str] | None = None) -> str:
    deal = (deal_titles or {}).get(offer.get("deal_id", ""), offer.get("deal_id", ""))
    return f"{deal} · round {offer.get('round')} by {offer.get('submitted_by')} · {offer.get('status')} · ${offer.get('offer_amount', 0):,.0f}"


def _deal_title(deal_id: Any, deal_titles: Mapping[str, str] | None) -> Any:
    return (deal_titles or {}).get(deal_id or "", deal_id)


def render_offer_list(offers: Sequence[Mapping[str, Any]], *, key: str, deal_titles: Mapping[str, str] | None = None) -> None:
    """A table of offers (latest round each), with the deal's title where known."""
    frame = pd.DataFrame(
        {
            "Deal": [_deal_title(offer.get("deal_id"), deal_titles) for offer in offers],
            "Status": [offer.get("status") for offer in offers],
            "Round": [offer.get("round") for offer in offers],
            "Sent by": [offer.get("submitted_by") for offer in offers],
            "Amount": [offer.get("offer_amount") for offer in offers],
            "EMD": [offer.get("emd_amount") for offer in offers],
            "Financing": [readable_code(offer.get("financing")) for offer in offers],
            "Updated (UTC)": timestamps(offer.get("updated_at") for offer in offers),
            # The id last: for support and the CSV; the deal's title is what a buyer reads first.
            "Offer": [offer.get("id") for offer in offers],
        }
    )
    render_table(
        blank_text(frame, TEXT_COLUMNS),
        key=key,
        column_config={**MONEY_COLUMNS, "Updated (UTC)": datetime_column("Updated (UTC)")},
        file_name="marketplace-offers.csv",
    )


def render_offer_chain(chain: Sequence[Mapping[str, Any]], *, key: str) -> None:
    """Every round of one offer, oldest first: who sent it, amounts, EMD, financing, note."""
    rows = sorted(chain, key=lambda offer: offer.get("round") or 0)
    frame = pd.DataFrame(
        {
            "Round": [row.get("round") for row in rows],
            "Sent by": [row.get("submitted_by") for row in rows],
            "Status": [row.get("status") for row in rows],
            "Amount": [row.get("offer_amount") for row in rows],
            "EMD": [row.get("emd_amount") for row in rows],
            "Financing": [readable_code(row.get("financing")) for row in rows],
            "Note": [row.get("note") for row in rows],
            "Reason": [readable_code(row.get("decline_reason")) for row in rows],
            "Sent (UTC)": timestamps(row.get("created_at") for row in rows),
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


def render_events(events: Sequence[Mapping[str, Any]], *, key: str, deal_titles: Mapping[str, str] | None = None) -> None:
    """The buyer side's event feed, newest first: what happened to which offer."""

    def offer_of(event: Mapping[str, Any]) -> Mapping[str, Any]:
        return (event.get("data") or {}).get("offer") or {}

    def deal_of(event: Mapping[str, Any]) -> Any:
        return (event.get("data") or {}).get("deal_id") or offer_of(event).get("deal_id")

    frame = pd.DataFrame(
        {
            "When (UTC)": timestamps(event.get("created_at") for event in events),
            "Event": [event_label(event.get("type")) for event in events],
            "Offer": [offer_of(event).get("id") for event in events],
            "Status": [offer_of(event).get("status") for event in events],
            "Deal": [_deal_title(deal_of(event), deal_titles) for event in events],
        }
    )
    render_table(
        blank_text(frame, TEXT_COLUMNS),
        key=key,
        column_config={"When (UTC)": datetime_column("When (UTC)")},
        file_name="marketplace-events.csv",
    )


def offer_problem(amount: float | None, emd: float | None, note: str, *, min_emd: float | None = None) -> str | None:
    """What is wrong with the offer's terms, in a person's words and dollars, before it is sent
    (issue 26: a 300-digit amount came back as "offer_amount: Input should be less than or equal
    to 100000000"). The bounds are the app's (docs/contract.md): the documents give none."""
    if amount is None or not 0 < amount <= MAX_OFFER_DOLLARS:
        return f"The offer amount must be more than $0 and at most ${MAX_OFFER_DOLLARS:,}: check the number of digits."
    if emd is None or emd < 0:
        return "The earnest money deposit must be $0 or more."
    if emd > amount:
        return f"The earnest money deposit (${emd:,.0f}) is more than the offer (${amount:,.0f}): lower it."
    if min_emd and emd < min_emd:
        return f"This deal asks for an earnest money deposit of at least ${min_emd:,.0f}: raise it."
    if len(note) > MAX_NOTE_CHARS:
        return f"The note is {len(note):,} characters long: shorten it to {MAX_NOTE_CHARS:,} at most (your text is kept)."
    return None


def render_offer_form(key: str, *, amount: float, emd: float, financing: str, min_emd: float | None = None) -> dict[str, Any] | None:
    """Amount, EMD, financing and note in a form keyed `{key}_form`; the terms once sent and
    checked, else None (what is wrong is said under the form, and the form keeps what was typed).

    The boxes take any number and any length: a bounded box keeps its last value under a small
    "!", and a browser drops a paste longer than `max_chars` whole (the note kept the last one)."""
    with st.form(f"{key}_form"):
        amount_value = st.number_input("Offer amount ($)", value=float(amount), step=500.0, format="%.0f", key=f"{key}_amount")
        emd_value = st.number_input("Earnest money deposit ($)", value=float(emd), step=100.0, format="%.0f", key=f"{key}_emd")
        options = list(FINANCING_CHOICES)
        if financing and financing not in options:
            options.insert(0, financing)
        financing_value = st.selectbox(
            "Financing", options, index=options.index(financing) if financing in options else 0,
            key=f"{key}_financing", accept_new_options=True, format_func=readable_code,
        )
        note = st.text_input("Note to the seller (optional)", key=f"{key}_note")
        if not st.form_submit_button("Send"):
            return None
    problem = offer_problem(amount_value, emd_value, note, min_emd=min_emd)
    if problem:
        st.error(problem, icon=":material/error:")
        return None
    return {"offer_amount": amount_value, "emd_amount": emd_value, "financing": financing_value, "note": note or None}
