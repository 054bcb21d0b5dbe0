"""The Marketplace page's proof-of-funds panel: the letter on file and its upload (marketplace-api.md,
proof of funds: an upload slot, then the letter's terms)."""

from __future__ import annotations

import datetime as dt

import streamlit as st

import adapter.marketplace_actions as actions
from components.date_field import date_field, said_beside
from components.form_fields import FieldNotes
from components.marketplace_problem import render_marketplace_problem
from components.marketplace_profile import render_proof_of_funds
from pages.desk.common import MARKED_TEXT, desk_read
from services.contract import PROOF_LIMITS
from services.errors import ApiError
from services.marketplace_api.models import Account

KEY_PROOF = "mkt_proof_of_funds"  # the letter just saved, until the next read shows it


def proof_panel(me: Account | None, *, notice_key: str) -> None:
    """The buyer's proof of funds on file, and the form that uploads a new letter; once saved the
    page says so through its notice (`notice_key`) and reruns."""
    proof = desk_read(lambda: st.session_state.get(KEY_PROOF) or actions.proof_of_funds(),
        key="mkt_proof_read_problem", title="Your proof of funds could not be read")
    render_proof_of_funds(proof, me, key="mkt_proof")
    notes = FieldNotes("mkt_proof_form", PROOF_LIMITS)
    notes.start(["mkt_proof_file", "mkt_proof_lender", "mkt_proof_expires"])
    st.session_state.setdefault("mkt_proof_expires", dt.date.today() + dt.timedelta(days=90))
    with st.form("mkt_proof_form"):
        document = st.file_uploader("Proof-of-funds letter (PDF)", type=["pdf"], key="mkt_proof_file")
        notes.under("file")
        lender = st.text_input("Lender or bank", key="mkt_proof_lender")
        notes.under("lender_name")
        expires = date_field("Letter valid until", key="mkt_proof_expires", min_value=dt.date.today(),
                             help="Today or later: the day the letter's funds are no longer promised.")
        notes.under("expires_at")
        submitted = st.form_submit_button("Upload proof of funds")
    if not submitted:
        return
    # A refused date is said by the date field itself; an emptied one under it.
    date_refused = said_beside("mkt_proof_expires")
    extra = {name: words for name, words, missing in (
        ("file", "Choose a PDF letter to upload.", document is None),
        ("expires_at", "Give the day the letter is valid until.", expires is None and not date_refused)) if missing}
    if notes.check({"lender_name": lender}, extra=extra) and not date_refused:
        upload(notes, document, lender, expires, notice_key=notice_key)


def upload(notes: FieldNotes, document, lender: str, expires: dt.date, *, notice_key: str) -> None:
    values = {"lender_name": lender}
    try:
        result = actions.upload_proof(
            filename=document.name, content=document.getvalue(), lender_name=lender,
            expires_at=f"{expires.isoformat()}T23:59:59Z",
        )
    except ApiError as error:
        marked = notes.refused(error, values)
        render_marketplace_problem(error, key="mkt_proof_problem", title="The proof of funds was not saved",
                                   text=MARKED_TEXT if marked else None)
        return
    notes.sent()
    st.session_state[KEY_PROOF] = result
    st.session_state[notice_key] = "Your proof of funds is on file."
    st.rerun()
