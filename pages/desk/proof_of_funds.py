"""The Marketplace page's proof-of-funds panel: the letter on file and its upload (marketplace-api.md,
proof of funds: an upload slot, then the letter's terms)."""

from __future__ import annotations

import datetime as dt

import streamlit as st

import adapter.marketplace_actions as actions
from components.marketplace_problem import render_marketplace_problem
from components.marketplace_profile import render_proof_of_funds
from pages.desk.common import desk_read
from services.errors import ApiError

KEY_PROOF = "mkt_proof_of_funds"  # the letter just saved, until the next read shows it


def proof_panel(me: dict, *, notice_key: str) -> None:
    """The buyer's proof of funds on file, and the form that uploads a new letter; once saved the
    page says so through its notice (`notice_key`) and reruns."""
    proof = desk_read(lambda: st.session_state.get(KEY_PROOF) or actions.proof_of_funds(),
        key="mkt_proof_read_problem", title="Your proof of funds could not be read")
    render_proof_of_funds(proof, me, key="mkt_proof")
    with st.form("mkt_proof_form"):
        document = st.file_uploader("Proof-of-funds letter (PDF)", type=["pdf"], key="mkt_proof_file")
        lender = st.text_input("Lender or bank", key="mkt_proof_lender")
        expires = st.date_input("Letter valid until", value=dt.date.today() + dt.timedelta(days=90), key="mkt_proof_expires")
        submitted = st.form_submit_button("Upload proof of funds")
    if not submitted:
        return
    if document is None:
        st.error("Choose a PDF letter to upload.", icon=":material/error:")
        return
    try:
        result = actions.upload_proof(
            filename=document.name, content=document.getvalue(), lender_name=lender,
            expires_at=f"{expires.isoformat()}T23:59:59Z",
        )
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_proof_problem", title="The proof of funds was not saved")
        return
    st.session_state[KEY_PROOF] = result
    st.session_state[notice_key] = "Your proof of funds is on file."
    st.rerun()
