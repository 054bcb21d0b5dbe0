"""Marketplace: a buyer logs in (OAuth 2.1 + PKCE) and sees and acts on offers.

The login sends this tab (not a new one) to the issuer's pages and comes back to
`/marketplace?code=…&state=…` in a new Streamlit session; `adapter.marketplace.marketplace_complete_login` exchanges the code and
the URL is cleared at once. Tokens stay in this session's state only.

Each action keeps its `Idempotency-Key` in `mkt_idempotency_keys` from the click until the
server gives a definite answer, so pressing the button again after a lost answer or a
server error replays the same request instead of acting twice (marketplace-api.md, Endpoints).
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import streamlit as st

import adapter.marketplace
import adapter.routing
from components.marketplace_deals import deal_label, render_deal_list
from components.marketplace_login import render_login_link
from components.marketplace_offers import offer_label, render_events, render_offer_chain, render_offer_list
from components.marketplace_preview import render_preview, render_terms_change
from components.marketplace_problem import render_marketplace_problem
from components.marketplace_profile import render_marketplace_profile
from components.marketplace_tables import readable_code, utc_text
from components.tables import escape_markdown
from services.errors import ApiError
from services.marketplace_api import DECLINE_REASONS, FINANCING_CHOICES, OFFER_STATUSES, IdempotencyKeys
from services.oauth import LoginError

PAGE = "marketplace"
KEY_LOGIN_LINK = "mkt_login_link"  # (url, made at): one pending login per session, renewed before its 10 minutes end
KEY_NOTICE = "mkt_notice"
KEY_PROBLEM = "mkt_problem"
KEY_IDEMPOTENCY = "mkt_idempotency_keys"
KEY_PREVIEWS = "mkt_previews"  # open round id -> preview
KEY_CHANGED = "mkt_changed_terms"  # open round id -> (terms seen, terms now)
KEY_CURSORS = "mkt_offer_cursors"  # cursors of the pages before the current one
KEY_OFFERS_QUERY = "mkt_offers_query"
KEY_PROOF = "mkt_proof_of_funds"
KEY_SAVED_STATUS = "mkt_saved_status"  # outlives the widget, and a login: it rides in the pending login's return_to
LOGIN_LINK_RENEW_S = 8 * 60
ALL_STATUSES = "all"
EVENTS_SHOWN = 10


def main() -> None:
    st.title("Marketplace")
    st.caption("Make, counter, accept and withdraw offers on wholesale deals as a buyer.")
    complete_login_from_redirect()
    show_notice()
    if adapter.marketplace.marketplace_tokens() is None:
        render_login(reason=None)
        return
    api = adapter.marketplace.marketplace()
    render_account_bar()
    try:
        me = api.me()
    except LoginError as error:
        session_ended(error)
        return
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_me_problem", title="Your marketplace profile could not be read")
        me = {}
    if me:
        render_marketplace_profile(me, key="mkt_profile")
    caps = list(me.get("caps") or [])
    offers_tab, deals_tab, proof_tab = st.tabs(["Offers", "Deals", "Proof of funds"])
    try:
        with offers_tab:
            offers_panel(api, caps)
        with deals_tab:
            deals_panel(api, caps)
        with proof_tab:
            proof_panel(api, me)
    except LoginError as error:
        session_ended(error)


# --- login ------------------------------------------------------------------------------------


def complete_login_from_redirect() -> None:
    """The issuer sent the browser back with `code` and `state` (or `error`): finish, then clear the URL."""
    params = st.query_params
    code, state, error, issuer = params.get("code"), params.get("state"), params.get("error"), params.get("iss")
    if not state or not (code or error):
        return
    st.query_params.clear()
    if error:
        description = params.get("error_description") or "The login did not finish."
        st.warning(f"Login not completed ({error}): {description} Log in again when you are ready.", icon="🔒")
        return
    try:
        return_to = adapter.marketplace.marketplace_complete_login(code, state, issuer)
    except LoginError as failed:
        render_marketplace_problem(failed, key="mkt_login_problem", title="Login failed")
        return
    except ApiError as failed:
        render_marketplace_problem(failed, key="mkt_login_problem", title="Login failed")
        return
    st.session_state.pop(KEY_LOGIN_LINK, None)
    restore_choices(return_to)
    st.session_state[KEY_NOTICE] = "You are logged in to the marketplace."


def return_to() -> str:
    """This page and the choices made on it, so the session after the login opens where this one was."""
    status = st.session_state.get(KEY_SAVED_STATUS)
    return PAGE + (f"?{urlencode({'status': status})}" if status and status != ALL_STATUSES else "")


def restore_choices(page_and_choices: str) -> None:
    status = parse_qs(urlsplit(page_and_choices).query).get("status", [None])[0]
    if status in OFFER_STATUSES:
        st.session_state[KEY_SAVED_STATUS] = status


def login_link() -> str:
    """One authorization URL per session and page state; renewed before its pending login expires."""
    target = return_to()
    held = st.session_state.get(KEY_LOGIN_LINK)
    if held and held[2] == target and time.time() - held[1] < LOGIN_LINK_RENEW_S:
        return held[0]
    url = adapter.marketplace.marketplace_begin_login(target)
    st.session_state[KEY_LOGIN_LINK] = (url, time.time(), target)
    return url


def render_login(reason: str | None) -> None:
    if reason:
        st.warning(reason, icon="🔒")
    else:
        st.info(
            "Log in with your marketplace account to see your offers. You sign in on the marketplace's own "
            "page, then come straight back here; this app never sees your password.",
            icon="🔑",
        )
    try:
        url = login_link()
    except (ApiError, LoginError) as error:
        render_marketplace_problem(error, key="mkt_login_link_problem", title="The marketplace login is unavailable")
        return
    except Exception as error:  # noqa: BLE001 - discovery or registration could not reach the issuer
        st.error(f"The marketplace login service could not be reached ({type(error).__name__}). Try again in a moment.", icon="⚠️")
        return
    render_login_link(url, key="mkt_login_link")


def session_ended(error: LoginError) -> None:
    """A refused refresh or a second 401: ask for a new login; filters and choices stay in the session."""
    adapter.marketplace.marketplace_forget_login()
    render_login(reason=f"{error.detail} {error.recovery}")


def render_account_bar() -> None:
    left, right = st.columns([4, 1])
    with left:
        st.caption("Logged in to the marketplace.")
    with right:
        if st.button("Log out", key="mkt_log_out"):
            try:
                adapter.marketplace.marketplace_log_out()
                st.session_state[KEY_NOTICE] = "You are logged out; your marketplace session was revoked."
            except LoginError as error:
                st.session_state[KEY_NOTICE] = f"You are logged out here, but {error.detail} {error.recovery}"
            for key in (KEY_PREVIEWS, KEY_CHANGED, KEY_IDEMPOTENCY, KEY_PROOF):
                st.session_state.pop(key, None)
            st.rerun()


def show_notice() -> None:
    notice = st.session_state.pop(KEY_NOTICE, None)
    if notice:
        st.success(notice, icon="✅")


# --- actions ----------------------------------------------------------------------------------


def run_action(action: str, body: dict[str, Any], call: Callable[[str], Any]) -> Any:
    """Run one write with the key this action and body hold in the session until a definite answer."""
    return IdempotencyKeys(st.session_state.setdefault(KEY_IDEMPOTENCY, {})).run(action, body, call)


def offer_form(prefix: str, *, amount: float, emd: float, financing: str) -> dict[str, Any] | None:
    """Amount, EMD, financing and note; returns the terms when submitted."""
    with st.form(f"{prefix}_form"):
        amount_value = st.number_input(
            "Offer amount ($)", min_value=1.0, value=float(amount), step=500.0, format="%.0f", key=f"{prefix}_amount"
        )
        emd_value = st.number_input(
            "Earnest money deposit ($)", min_value=0.0, value=float(emd), step=100.0, format="%.0f", key=f"{prefix}_emd"
        )
        options = list(FINANCING_CHOICES)
        if financing and financing not in options:
            options.insert(0, financing)
        financing_value = st.selectbox(
            "Financing", options, index=options.index(financing) if financing in options else 0,
            key=f"{prefix}_financing", accept_new_options=True, format_func=readable_code,
        )
        note = st.text_input("Note to the seller (optional)", key=f"{prefix}_note", max_chars=1000)
        if not st.form_submit_button("Send"):
            return None
    return {"offer_amount": amount_value, "emd_amount": emd_value, "financing": financing_value, "note": note or None}


# --- offers -----------------------------------------------------------------------------------


def offers_panel(api, caps: list[dict]) -> None:
    options = [ALL_STATUSES, *OFFER_STATUSES]
    saved = st.session_state.get(KEY_SAVED_STATUS, ALL_STATUSES)
    status = st.selectbox("Status", options, index=options.index(saved) if saved in options else 0, key="mkt_status")
    st.session_state[KEY_SAVED_STATUS] = status
    query = {"status": None if status == ALL_STATUSES else status}
    # A changed query starts again at page 1: cursors belong to the query that made them.
    if st.session_state.get(KEY_OFFERS_QUERY) != query:
        st.session_state[KEY_OFFERS_QUERY] = query
        st.session_state[KEY_CURSORS] = [None]
    cursors: list[str | None] = st.session_state.setdefault(KEY_CURSORS, [None])
    try:
        page = api.offers.list(status=query["status"], cursor=cursors[-1])
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_offers_problem", title="Your offers could not be read", caps=caps)
        if error.code == "invalid_parameter":
            st.session_state[KEY_CURSORS] = [None]
        return
    deal_titles = deal_title_lookup(api)
    render_offer_list(page.items, key="mkt_offers", deal_titles=deal_titles)
    previous_column, page_column, next_column = st.columns([1, 2, 1])
    with previous_column:
        if st.button("Previous page", key="mkt_offers_previous", disabled=len(cursors) <= 1):
            cursors.pop()
            st.rerun()
    with page_column:
        st.caption(f"Page {len(cursors)} · {len(page.items)} offers")
    with next_column:
        if st.button("Next page", key="mkt_offers_next", disabled=not page.has_next_page()):
            cursors.append(page.next_cursor)
            st.rerun()
    recent_activity(api, deal_titles)
    if not page.items:
        return
    by_id = {offer["id"]: offer for offer in page.items}
    selected = st.selectbox(
        "Offer", list(by_id), key="mkt_offer_selected", format_func=lambda offer_id: offer_label(by_id[offer_id], deal_titles)
    )
    if selected:
        offer_detail(api, selected, caps)


def recent_activity(api, deal_titles: dict[str, str]) -> None:
    with st.expander("Recent activity"):
        try:
            events = api.events.list(limit=EVENTS_SHOWN).items
        except ApiError as error:
            render_marketplace_problem(error, key="mkt_events_problem", title="The event feed could not be read")
            return
        render_events(events, key="mkt_events", deal_titles=deal_titles)


def deal_title_lookup(api) -> dict[str, str]:
    try:
        return {deal["id"]: deal.get("title") or deal["id"] for deal in api.deals.list(limit=100).items}
    except ApiError:
        return {}


def offer_detail(api, offer_id: str, caps: list[dict]) -> None:
    try:
        offer = api.offers.retrieve(offer_id)
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_offer_problem", title="This offer could not be read", caps=caps)
        return
    chain = offer.get("chain") or [offer]
    st.subheader("Rounds", anchor=False)
    render_offer_chain(chain, key="mkt_chain")
    open_round = next((item for item in chain if item.get("status") == "new"), None)
    if open_round is None:
        st.caption(f"This offer is {offer.get('status')}: no action is open.")
        return
    if open_round.get("submitted_by") == "buyer":
        withdraw_section(api, open_round, caps)
    else:
        accept_section(api, open_round, caps)
        st.markdown("**Counter the seller's round**")
        terms = offer_form("mkt_counter", amount=open_round["offer_amount"], emd=open_round["emd_amount"], financing=open_round.get("financing") or "cash")
        if terms:
            act(
                "counter", open_round["id"], terms,
                lambda key: api.offers.counter(open_round["id"], **terms, idempotency_key=key),
                caps, success="Your counter was sent to the seller.",
            )


def act(action: str, offer_id: str, body: dict[str, Any], call: Callable[[str], Any], caps: list[dict], *, success: str) -> Any:
    try:
        result = run_action(action, {"offer": offer_id, **body}, call)
    except ApiError as error:
        render_marketplace_problem(error, key=f"mkt_{action}_problem", title=f"The {action} was not done", caps=caps)
        return None
    st.session_state[KEY_NOTICE] = success
    st.rerun()
    return result


def withdraw_section(api, open_round: dict, caps: list[dict]) -> None:
    st.markdown("**Your round is open.** You may withdraw it; the chain is then freed for a new offer.")
    reason = st.selectbox(
        "Reason (optional)", ["(none)", *DECLINE_REASONS], key="mkt_withdraw_reason",
        format_func=lambda code: code if code == "(none)" else readable_code(code).capitalize(),
    )
    if st.button("Withdraw my offer", key="mkt_withdraw"):
        chosen = None if reason == "(none)" else reason
        act(
            "withdraw", open_round["id"], {"decline_reason": chosen},
            lambda key: api.offers.withdraw(open_round["id"], decline_reason=chosen, idempotency_key=key),
            caps, success="Your offer was withdrawn.",
        )


def accept_section(api, open_round: dict, caps: list[dict]) -> None:
    """Preview the seller's round, show its terms and time left, accept with the preview's token."""
    round_id = open_round["id"]
    previews: dict[str, dict] = st.session_state.setdefault(KEY_PREVIEWS, {})
    changed: dict[str, tuple] = st.session_state.setdefault(KEY_CHANGED, {})
    st.markdown(f"**The seller's round is open** (${open_round['offer_amount']:,.0f}). Review its terms to accept it.")
    if round_id in changed:
        st.warning("The deal's terms changed after your preview. Compare them before you accept.", icon="🔁")
        render_terms_change(*changed[round_id], key="mkt_terms_change")
    preview = previews.get(round_id)
    if preview is None:
        if st.button("Review the seller's terms", key="mkt_preview"):
            fetch_preview(api, round_id, caps)
            st.rerun()
        return
    render_preview(preview, key="mkt_preview_view")
    if st.button("Accept the seller's offer", key="mkt_accept", type="primary"):
        accept(api, round_id, preview, caps)


def fetch_preview(api, round_id: str, caps: list[dict]) -> dict | None:
    try:
        preview = api.offers.preview(round_id)
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_preview_problem", title="The preview could not be made", caps=caps)
        return None
    st.session_state.setdefault(KEY_PREVIEWS, {})[round_id] = preview
    return preview


def accept(api, round_id: str, preview: dict, caps: list[dict]) -> None:
    token = preview["preview_token"]
    try:
        run_action("accept", {"offer": round_id, "preview_token": token},
                   lambda key: api.offers.accept(round_id, preview_token=token, idempotency_key=key))
    except ApiError as error:
        if error.code == "preview_expired":
            # marketplace-api.md, States: older than five minutes; a new preview, then ask again.
            if fetch_preview(api, round_id, caps):
                st.warning("The preview had expired, so a new one was fetched. Check the terms and accept again.", icon="⏳")
                render_preview(st.session_state[KEY_PREVIEWS][round_id], key="mkt_preview_renewed")
            return
        if error.code == "deal_changed":
            seen = (preview.get("terms") or {}).get("deal") or preview.get("terms") or {}
            now = error.problem.get("terms") or {}
            st.session_state.setdefault(KEY_CHANGED, {})[round_id] = (seen, now)
            st.session_state[KEY_PREVIEWS].pop(round_id, None)
            fetch_preview(api, round_id, caps)
            st.rerun()
        render_marketplace_problem(error, key="mkt_accept_problem", title="The offer was not accepted", caps=caps)
        return
    st.session_state[KEY_PREVIEWS].pop(round_id, None)
    st.session_state.setdefault(KEY_CHANGED, {}).pop(round_id, None)
    st.session_state[KEY_NOTICE] = "You accepted the seller's offer: the deal is now pending."
    st.rerun()


# --- deals ------------------------------------------------------------------------------------


def deals_panel(api, caps: list[dict]) -> None:
    try:
        deals = api.deals.list(limit=100).items
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_deals_problem", title="Deals could not be read", caps=caps)
        return
    render_deal_list(deals, key="mkt_deals")
    open_deals = {deal["id"]: deal for deal in deals if deal.get("status") in (None, "active")}
    if not open_deals:
        st.caption("No deal takes offers right now.")
        return
    st.markdown("**Make an offer**")
    deal_id = st.selectbox("Deal", list(open_deals), key="mkt_offer_deal", format_func=lambda value: deal_label(open_deals[value]))
    terms_of_deal = open_deals[deal_id].get("terms") or {}
    terms = offer_form(
        "mkt_new_offer",
        amount=terms_of_deal.get("asking_price") or 100000,
        emd=terms_of_deal.get("min_emd") or 0,
        financing="cash",
    )
    if terms:
        act("make_offer", deal_id, terms,
            lambda key: api.deals.make_offer(deal_id, **terms, idempotency_key=key),
            caps, success="Your offer was sent to the seller.")


# --- proof of funds ---------------------------------------------------------------------------


def proof_panel(api, me: dict) -> None:
    try:
        proof = st.session_state.get(KEY_PROOF) or api.proof_of_funds.retrieve()
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_proof_read_problem", title="Your proof of funds could not be read")
        proof = None
    facts = {fact.get("fact"): fact.get("value") for fact in (me.get("trust") or {}).get("facts") or []}
    if proof and proof.get("on_file"):
        state = "expired" if proof.get("is_expired") else "on file"
        lender = escape_markdown(proof.get("lender_name") or "lender not named")
        st.markdown(f"Proof of funds **{state}** · {lender} · valid until {utc_text(proof.get('expires_at'))}")
    elif proof is not None or "proof_of_funds_on_file" in facts:
        on_file = facts.get("proof_of_funds_on_file")
        st.markdown("Proof of funds **on file**." if on_file else "No current proof of funds on file: offers need one.")
    with st.form("mkt_proof_form"):
        document = st.file_uploader("Proof-of-funds letter (PDF)", type=["pdf"], key="mkt_proof_file")
        lender = st.text_input("Lender or bank", key="mkt_proof_lender")
        expires = st.date_input("Letter valid until", value=dt.date.today() + dt.timedelta(days=90), key="mkt_proof_expires")
        submitted = st.form_submit_button("Upload proof of funds")
    if not submitted:
        return
    if document is None:
        st.error("Choose a PDF letter to upload.", icon="⚠️")
        return
    try:
        result = api.proof_of_funds.upload(
            filename=document.name, content=document.getvalue(), lender_name=lender,
            expires_at=f"{expires.isoformat()}T23:59:59Z",
        )
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_proof_problem", title="The proof of funds was not saved")
        return
    st.session_state[KEY_PROOF] = result
    st.session_state[KEY_NOTICE] = "Your proof of funds is on file."
    st.rerun()


adapter.routing.ensure_app_router()
main()
