"""Seller's desk: a wholesaler (an owner or member of a seller organization) drafts and publishes
deals, answers offers, questions and address requests, works its leads, answers reviews and
keeps webhook endpoints (marketplace-api.md, the `/sell` side), with the deed records beside
each buyer and each parcel.

The login is the Marketplace page's (one login session per browser): its link here asks for the
seller side's scopes and comes back to this page; an account whose sides need scopes the login
was not granted is offered a second login that asks for them (`GET /me` `sides`).
"""

from __future__ import annotations

import streamlit as st

import adapter.marketplace
import adapter.marketplace_seller as seller
import adapter.routing
from adapter.marketplace import LoginError
from adapter.marketplace_actions import titles_of
from components.marketplace_login import render_login_link
from components.marketplace_problem import render_marketplace_problem
from components.seller_desk import role_text
from pages.desk import drafts, inbox, records
from pages.desk.common import KEY_NOTICE, render_log_out, show_notice
from services.errors import ApiError
from services.marketplace_api.models import Account, AccountOrganization

LOGGED_IN_PARAM = "logged_in"
TABS = ["Drafts", "My deals", "Offers", "Questions", "Leads", "Reviews", "Webhooks", "Activity"]


def main() -> None:
    st.title("Seller's desk")
    st.caption("Draft and publish deals, answer offers and buyers' questions, and check each buyer against "
               "the deed records.")
    if st.query_params.get(LOGGED_IN_PARAM):
        st.query_params.clear()
        st.success("You are logged in to the marketplace.", icon=":material/check_circle:")
    show_notice()
    if adapter.marketplace.marketplace_tokens() is None:
        login_panel("Log in with your seller account: you sign in on the marketplace's own page and come back here.",
                    sides=["sell"])
        return
    try:
        me = seller.me()
    except LoginError as error:
        adapter.marketplace.marketplace_forget_login()
        login_panel(f"{error.detail} {error.recovery}", sides=["sell"])
        return
    except ApiError as error:
        render_marketplace_problem(error, key="desk_me_problem", title="Your marketplace profile could not be read")
        return
    if "sell" not in me.sides:
        st.info("This account does not sell: the Seller's desk is for members of a seller organization. "
                "Your buyer's tools are on the Marketplace page.", icon=":material/sell:")
        return
    account_bar(me)
    missing = seller.scopes_missing(me)
    if missing:
        login_panel("Your login does not yet allow everything your account's sides can do "
                    f"({len(missing)} permission{'s' if len(missing) != 1 else ''} missing, such as "
                    f"{missing[0]}). Log in again to allow them.", sides=me.sides or ["sell"])
    try:
        desk(me)
    except LoginError as error:
        adapter.marketplace.marketplace_forget_login()
        login_panel(f"{error.detail} {error.recovery}", sides=["sell"])


def account_bar(me: Account) -> None:
    """Who is logged in and for which organization, Log out beside it, and what a member may do."""
    organization = me.organization or AccountOrganization()
    role = organization.role
    left, right = st.columns([4, 1])
    left.caption(f"{organization.name or 'Your organization'} · " + (f"you are its {role}" if role else
                                                                            "you hold no role in it"))
    with right:
        render_log_out("desk_log_out", notice_key=KEY_NOTICE)
    if words := role_text(role):
        st.info(words, icon=":material/badge:")


def desk(me: Account) -> None:
    deal_titles = own_deal_titles()
    # Keyed, so a write's rerun (its notice drawn above) stays on the tab the person was on.
    tabs = dict(zip(TABS, st.tabs(TABS, key="desk_tab", on_change="rerun")))
    with tabs["Drafts"]:
        drafts.drafts_panel()
    with tabs["My deals"]:
        drafts.deals_panel()
    with tabs["Offers"]:
        inbox.offers_panel(deal_titles)
    with tabs["Questions"]:
        records.questions_panel(deal_titles)
    with tabs["Leads"]:
        records.leads_panel()
    with tabs["Reviews"]:
        records.reviews_panel()
    with tabs["Webhooks"]:
        records.webhooks_panel()
    with tabs["Activity"]:
        records.feed_panel(deal_titles)


def own_deal_titles() -> dict[str, str]:
    try:
        return titles_of(seller.deals().rows)
    except ApiError:
        return {}


def login_panel(reason: str, *, sides: list[str]) -> None:
    st.info(reason, icon=":material/key:")
    try:
        url = adapter.marketplace.marketplace_login_link(adapter.marketplace.SELLER_PAGE, sides=sides)
    except (ApiError, LoginError) as error:
        render_marketplace_problem(error, key="desk_login_problem", title="The marketplace login is unavailable")
        return
    render_login_link(url, key="desk_login_link")


adapter.routing.ensure_app_router()
main()
