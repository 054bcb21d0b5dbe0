"""Marketplace: a buyer logs in (OAuth 2.1 + PKCE) and sees and acts on offers.

The login sends this tab (not a new one) through the app's login route to the issuer's pages;
the app's callback route finishes it (web/login_routes.py) and opens this page with
`logged_in=1` or `login_error=<code>`. A redirect that reaches the page itself (AppTest)
is finished by `adapter.marketplace.marketplace_complete_login`, with the browser's binding cookie.

Reads and writes go through `adapter.marketplace_actions`, which keeps each write's
`Idempotency-Key` until a definite answer (a second press replays, never acts twice).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

import adapter.marketplace
import adapter.person
import adapter.presenter
import adapter.marketplace_actions as actions
import adapter.routing
import adapter.settings
import links.marketplace
from adapter.marketplace import LoginError
from components.form_fields import FieldNotes
from components.marketplace_deals import deal_label, render_deal_list
from components.marketplace_login import render_login_link
from components.marketplace_offers import offer_label, render_offer_chain, render_offer_form, render_offer_list
from components.marketplace_preview import render_preview, render_terms_change
from components.marketplace_problem import render_marketplace_problem, render_still_working
from components.marketplace_profile import render_marketplace_profile
from components.marketplace_tables import reason_words, render_listed
from components.tables import render_page_link
from links.marketplace import MarketplaceLink
from pages.desk import buyer_tools
from pages.desk.common import render_event_feed, render_log_out, run_write
from pages.desk.proof_of_funds import KEY_PROOF, proof_panel
from services.contract import DECLINE_REASONS, OFFER_LIMITS, OFFER_STATUSES
from services.errors import ApiError, DealChangedError
from services.marketplace_api.models import Account, DealTerms, MarketplaceOffer, OfferPreview, PreviewTerms, UsageCap

KEY_NOTICE, LOGGED_IN = "mkt_notice", "You are logged in to the marketplace."
KEY_PROBLEM = "mkt_problem"
KEY_PREVIEWS = "mkt_previews"  # open round id -> preview
KEY_CHANGED = "mkt_changed_terms"  # open round id -> (terms seen, terms now)
KEY_CURSORS = "mkt_offer_cursors"  # cursors of the pages before the current one
KEY_OFFERS_QUERY = "mkt_offers_query"
KEY_SAVED_STATUS = "mkt_saved_status"  # outlives the widget, and a login: it rides in the pending login's return_to
ALL_STATUSES = "all"
EVENTS_SHOWN = 10


def main() -> None:
    st.title("Marketplace")
    st.caption("Make, counter, accept and withdraw offers on wholesale deals as a buyer.")
    problem = adapter.settings.marketplace_setup_problem()
    if problem:
        st.error(problem, icon=":material/settings:")
        return
    complete_login_from_redirect()
    notice = show_notice()
    if adapter.marketplace.marketplace_tokens() is None:
        render_login(reason=None)
        return
    render_account_bar(said=notice == LOGGED_IN)  # right after a login the notice said it
    try:
        me = actions.me()
    except LoginError as error:
        session_ended(error)
        return
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_me_problem", title="Your marketplace profile could not be read")
        me = None
    if me and "buy" not in me.sides:
        seller_entry(me)
        return
    caps = list(me.caps) if me else []
    buyer_tools.show_notice()
    tabs = ["Offers", "Deals", "Buy boxes", "Ask the seller", "Proof of funds", "Activity", "Account"]  # offers first
    # The person's tab, offer, status and deal come back after another page, a reload or a login (issue 42).
    with adapter.person.choice("mkt_tab", tabs):
        offers_tab, deals_tab, boxes_tab, ask_tab, proof_tab, activity_tab, account_tab = st.tabs(
            tabs, key="mkt_tab", on_change="rerun")  # keyed: a write's rerun stays on the person's tab
    try:
        with offers_tab:
            offers_panel(caps)
        with deals_tab:
            deals_panel(caps)
        buyer_tools.render_tabs(boxes_tab, ask_tab, activity_tab)
        with proof_tab:
            proof_panel(me, notice_key=KEY_NOTICE)
        with account_tab:
            if me:
                render_marketplace_profile(me, key="mkt_profile")
    except LoginError as error:
        session_ended(error)


def seller_entry(me: Account) -> None:
    """An account that sells and does not buy (`GET /me` `sides`): its page is the Seller's desk,
    said up front, never the buyer's refusals its tabs would each draw."""
    st.info("This account sells and does not buy: its drafts and deals, the offers buyers send, their questions "
            "and its leads are on the Seller's desk.", icon=":material/storefront:")
    render_page_link("pages/seller.py", "seller", label="Open the Seller's desk", query_params={})
    render_marketplace_profile(me, key="mkt_profile")


# --- login ------------------------------------------------------------------------------------


def complete_login_from_redirect() -> None:
    """The issuer sent the browser back with `code` and `state` (or `error`): finish, then clear the URL."""
    params = st.query_params
    code, state, error, issuer = adapter.marketplace.redirect_params(params)
    if not state or not (code or error):
        return
    st.query_params.clear()
    if error:
        if state == adapter.marketplace.ROUTE_FINISHED:  # the app's own route: its code, said in words
            st.warning(f"Login not completed: {adapter.marketplace.login_error_text(error)}", icon=":material/lock:")
            return
        description = params.get("error_description") or "The login did not finish."
        st.warning(f"Login not completed ({error}): {description} Log in again when you are ready.", icon=":material/lock:")
        return
    try:
        return_to = adapter.marketplace.marketplace_complete_login(code, state, issuer)
    except (LoginError, ApiError) as failed:
        render_marketplace_problem(failed, key="mkt_login_problem", title="Login failed")
        return
    restore_choices(return_to)
    st.session_state[KEY_NOTICE] = LOGGED_IN


def return_to() -> str:
    """This page and the choices made on it, so the session after the login opens where this one was."""
    return links.marketplace.write(
        MarketplaceLink(status=st.session_state.get(KEY_SAVED_STATUS), present=adapter.presenter.on()))


def restore_choices(page_and_choices: str) -> None:
    status = links.marketplace.parse(page_and_choices).status
    if status is not None:
        st.session_state[KEY_SAVED_STATUS] = status


def login_link() -> str:
    """The app's login route with this page's choices: following it begins a login bound to
    that browser (web/login_routes.py), so nothing is pending until someone presses it."""
    return adapter.marketplace.marketplace_login_link(return_to())


def render_login(reason: str | None) -> None:
    if reason:
        st.warning(reason, icon=":material/lock:")
    else:
        st.info(
            "Log in with your marketplace account to see your offers. You sign in on the marketplace's own "
            "page, then come straight back here; this app never sees your password.",
            icon=":material/key:",
        )
    try:
        url = login_link()
    except (ApiError, LoginError) as error:
        render_marketplace_problem(error, key="mkt_login_link_problem", title="The marketplace login is unavailable")
        return
    except Exception as error:  # noqa: BLE001 - discovery or registration could not reach the issuer
        st.error(f"The marketplace login service could not be reached ({type(error).__name__}). Try again in a moment.", icon=":material/error:")
        return
    render_login_link(url, key="mkt_login_link")


def session_ended(error: LoginError) -> None:
    """A refused refresh or a second 401: ask for a new login; filters and choices stay in the session."""
    adapter.marketplace.marketplace_forget_login()
    render_login(reason=f"{error.detail} {error.recovery}")


def render_account_bar(*, said: bool = False) -> None:
    left, right = st.columns([4, 1])
    with left:
        if not said:
            st.caption("Logged in to the marketplace.")
    with right:
        render_log_out("mkt_log_out", notice_key=KEY_NOTICE, forget=(KEY_PREVIEWS, KEY_CHANGED, KEY_PROOF))


def show_notice() -> str | None:
    if notice := st.session_state.pop(KEY_NOTICE, None):
        st.success(notice, icon=":material/check_circle:")
    return notice


# --- offers -----------------------------------------------------------------------------------


def offers_panel(caps: list[UsageCap]) -> None:
    options = [ALL_STATUSES, *OFFER_STATUSES]
    saved = st.session_state.get(KEY_SAVED_STATUS, ALL_STATUSES)
    with adapter.person.choice("mkt_status", options):
        status = st.selectbox("Status", options, index=options.index(saved) if saved in options else 0, key="mkt_status")
    st.session_state[KEY_SAVED_STATUS] = status
    query = {"status": None if status == ALL_STATUSES else status}
    # A changed query starts again at page 1: cursors belong to the query that made them.
    if st.session_state.get(KEY_OFFERS_QUERY) != query:
        st.session_state[KEY_OFFERS_QUERY] = query
        st.session_state[KEY_CURSORS] = [None]
    cursors: list[str | None] = st.session_state.setdefault(KEY_CURSORS, [None])
    try:
        page = actions.offers(query["status"], cursors[-1])
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_offers_problem", title="Your offers could not be read", caps=caps)
        if error.code == "invalid_parameter":
            st.session_state[KEY_CURSORS] = [None]
        return
    deal_titles = actions.deal_titles()
    render_offer_list(page.items, key="mkt_offers", deal_titles=deal_titles)
    previous_column, page_column, next_column = st.columns([1, 2, 1])
    with previous_column:
        if st.button("Previous page", key="mkt_offers_previous", disabled=len(cursors) <= 1):
            cursors.pop()
            st.rerun()
    with page_column:
        st.caption(f"Page {len(cursors)} · {len(page.items)} offers")
    with next_column:
        if st.button("Next page", key="mkt_offers_next", disabled=not page.has_next_page):
            cursors.append(page.next_cursor)
            st.rerun()
    recent_activity(deal_titles)
    if not page.items:
        return
    by_id = {offer.id: offer for offer in page.items}
    with adapter.person.choice("mkt_offer_selected", by_id):
        selected = st.selectbox("Offer", list(by_id), key="mkt_offer_selected",
                                format_func=lambda offer_id: offer_label(by_id[offer_id], deal_titles))
    if selected:
        offer_detail(selected, caps)


def recent_activity(deal_titles: dict[str, str]) -> None:
    with st.expander("Recent activity"):
        render_event_feed(lambda: actions.events(EVENTS_SHOWN), key="mkt_events", deal_titles=deal_titles)


def offer_detail(offer_id: str, caps: list[UsageCap]) -> None:
    try:
        offer = actions.offer(offer_id)
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_offer_problem", title="This offer could not be read", caps=caps)
        return
    chain = offer.chain or [offer]
    st.subheader("Rounds", anchor=False)
    render_offer_chain(chain, key="mkt_chain")
    open_round = actions.open_round(chain)
    if open_round is None:
        st.caption(f"This offer is {offer.status}: no action is open.")
        return
    if open_round.submitted_by == "buyer":
        withdraw_section(open_round, caps)
    else:
        accept_section(open_round, caps)
        st.markdown("**Counter the seller's round**")
        notes = FieldNotes("mkt_counter_form", OFFER_LIMITS)
        terms = render_offer_form("mkt_counter", amount=open_round.offer_amount, emd=open_round.emd_amount,
                                  financing=open_round.financing or "cash", subject=open_round.id, notes=notes,
                                  min_emd=actions.deal_min_emd(open_round.deal_id))
        if terms:
            act("counter", lambda: actions.counter(open_round.id, terms), caps, success="Your counter was sent to the seller.",
                form=notes, values=terms)


def act(action: str, write: Callable[[], Any], caps: list[UsageCap], *, success: str, form: FieldNotes | None = None,
        values: dict | None = None) -> Any:
    """Run one write (its idempotency key kept by the adapter); said when refused (under the field
    it names, in `form`), else a notice and a rerun."""
    return run_write(action, write, notice_key=KEY_NOTICE, success=success, title=f"The {action} was not done",
                     problem_key=f"mkt_{action}_problem", caps=caps, form=form, values=values)


def withdraw_section(open_round: MarketplaceOffer, caps: list[UsageCap]) -> None:
    st.markdown("**Your offer is open.** You may withdraw it; you can then make a new offer on this deal.")
    reason = st.selectbox(
        "Reason (optional)", ["(none)", *DECLINE_REASONS], key="mkt_withdraw_reason",
        format_func=lambda code: code if code == "(none)" else reason_words(code),
    )
    if st.button("Withdraw my offer", key="mkt_withdraw"):
        chosen = None if reason == "(none)" else reason
        act("withdraw", lambda: actions.withdraw(open_round.id, chosen), caps, success="Your offer was withdrawn.")


def accept_section(open_round: MarketplaceOffer, caps: list[UsageCap]) -> None:
    """Preview the seller's round, show its terms and time left, accept with the preview's token."""
    round_id = open_round.id
    previews: dict[str, OfferPreview] = st.session_state.setdefault(KEY_PREVIEWS, {})
    changed: dict[str, tuple] = st.session_state.setdefault(KEY_CHANGED, {})
    st.markdown(f"**The seller's round is open** (${open_round.offer_amount or 0:,.0f}). Review its terms to accept it.")
    if round_id in changed:
        st.warning("The deal's terms changed after your preview. Compare them before you accept.", icon=":material/sync_problem:")
        render_terms_change(*changed[round_id], key="mkt_terms_change")
    preview = previews.get(round_id)
    # The terms go above the button's place, the review's button and then the accept's: Streamlit
    # keeps an element of the run before until the new run ends, and the review's button, left
    # above the terms, took the accept button 56 px up under a pointer pressing it as it showed.
    terms = st.container()
    if preview is None:
        if st.button("Review the seller's terms", key="mkt_preview"):
            fetch_preview(round_id, caps)
            st.rerun()
        return
    with terms:
        render_preview(preview, key="mkt_preview_view")
    if st.button("Accept the seller's offer", key="mkt_accept", type="primary"):
        accept(round_id, preview, caps)


def fetch_preview(round_id: str, caps: list[UsageCap]) -> OfferPreview | None:
    try:
        preview = actions.preview(round_id)
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_preview_problem", title="The preview could not be made", caps=caps)
        return None
    st.session_state.setdefault(KEY_PREVIEWS, {})[round_id] = preview
    return preview


def accept(round_id: str, preview: OfferPreview, caps: list[UsageCap]) -> None:
    try:
        actions.accept(round_id, preview.preview_token)
    except ApiError as error:
        if error.code == "preview_expired":
            # marketplace-api.md, States: older than five minutes; a new preview, then ask again.
            if fetch_preview(round_id, caps):
                st.warning("The preview had expired, so a new one was fetched. Check the terms and accept again.", icon=":material/hourglass_top:")
                render_preview(st.session_state[KEY_PREVIEWS][round_id], key="mkt_preview_renewed")
            return
        if render_still_working(error, "accept"):
            return
        if error.code == "deal_changed":
            seen = (preview.terms or PreviewTerms()).deal_terms
            now = DealTerms.model_validate(error.terms) if isinstance(error, DealChangedError) else DealTerms()
            st.session_state.setdefault(KEY_CHANGED, {})[round_id] = (seen, now)
            st.session_state[KEY_PREVIEWS].pop(round_id, None)
            fetch_preview(round_id, caps)
            st.rerun()
        render_marketplace_problem(error, key="mkt_accept_problem", title="The offer was not accepted", caps=caps)
        return
    st.session_state[KEY_PREVIEWS].pop(round_id, None)
    st.session_state.setdefault(KEY_CHANGED, {}).pop(round_id, None)
    st.session_state[KEY_NOTICE] = "You accepted the seller's offer: the deal is now pending."
    st.rerun()


# --- deals ------------------------------------------------------------------------------------


def deals_panel(caps: list[UsageCap]) -> None:
    try:
        listing = actions.deals()
    except ApiError as error:
        render_marketplace_problem(error, key="mkt_deals_problem", title="Deals could not be read", caps=caps)
        return
    deals = listing.rows
    render_listed(deals, listing.more, lambda rows: render_deal_list(rows, key="mkt_deals"), "deals")
    open_deals = {deal.id: deal for deal in deals if actions.takes_offers(deal)}
    if not open_deals:
        st.caption("No deal takes offers right now.")
        return
    st.markdown("**Make an offer**")
    with adapter.person.choice("mkt_offer_deal", open_deals):
        deal_id = st.selectbox("Deal", list(open_deals), key="mkt_offer_deal",
                               format_func=lambda value: deal_label(open_deals[value]))
    terms_of_deal = open_deals[deal_id].deal_terms
    notes = FieldNotes("mkt_new_offer_form", OFFER_LIMITS)
    terms = render_offer_form(
        "mkt_new_offer",
        amount=terms_of_deal.asking_price or 100000,
        emd=terms_of_deal.min_emd or 0,
        financing="cash",
        subject=deal_id,
        notes=notes,
        min_emd=terms_of_deal.min_emd,
    )
    if terms:
        act("offer", lambda: actions.make_offer(deal_id, terms), caps, success="Your offer was sent to the seller.",
            form=notes, values=terms)


adapter.routing.ensure_app_router()
main()
