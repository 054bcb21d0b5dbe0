"""The Seller's desk's drafts and deals: a draft's fields, its photos uploaded and ordered (the
cover first), publishing with its cost said from what is known (a number only where the host
states one; `402` explained), the drafts under review, who would buy it from the deed records,
and the deals with their status. Publish never waits on a read no document names."""

from __future__ import annotations

import streamlit as st

import adapter.marketplace_seller as seller
import adapter.properties
from components.charged_read import confirm_charged_read
from components.form_fields import FieldNotes
from components.marketplace_problem import render_marketplace_problem
from components.marketplace_tables import render_listed, render_more
from components.seller_drafts import (
    balance_short, balance_short_text, cost_text, draft_label, publish_text, render_deals, render_draft_form,
    render_photo_order, render_photos, reviewing_text,
)
from components.seller_offers import render_would_buy
from components.words import credits_text
from pages.desk.common import KEY_NOTICE, PLAN, act, desk_read
from services.contract import DRAFT_LIMITS
from services.errors import ApiError, InvalidInputError
from services.marketplace_api.desk_models import Draft

NEW_DRAFT = "new"
KEY_NEXT_DRAFT = "desk_draft_next"  # the draft to open on the next run (a widget's key is set before it is drawn)
WOULD_BUY_SIZE = 20


def drafts_panel() -> None:
    if (listing := desk_read(seller.drafts, key="desk_drafts_problem", title="Your drafts could not be read")) is None:
        return
    open_drafts = {d.id: d for d in listing.rows if d.status != "under_review"}
    reviewing = [d for d in listing.rows if d.status == "under_review"]
    if (opened := st.session_state.pop(KEY_NEXT_DRAFT, None)) in open_drafts:
        st.session_state["desk_draft"] = opened
    choice = st.selectbox("Draft", [NEW_DRAFT, *open_drafts], key="desk_draft",
                          format_func=lambda value: "New draft" if value == NEW_DRAFT else draft_label(open_drafts[value]))
    render_more(listing.more, len(listing.rows), "drafts")
    if reviewing:
        st.info(reviewing_text(reviewing), icon=":material/hourglass_top:")
    if choice == NEW_DRAFT:
        notes = FieldNotes("desk_new_draft", DRAFT_LIMITS)
        fields = render_draft_form(None, key="desk_new_draft", submit_label="Create the draft", notes=notes)
        if fields:
            create(fields, notes)
        return
    draft_section(open_drafts[choice])


def create(fields: dict, notes: FieldNotes) -> None:
    def made(draft: Draft) -> str:
        st.session_state[KEY_NEXT_DRAFT] = draft.id
        return "Your draft was created. Add photos, then publish it."

    act("draft", lambda: seller.create_draft(fields), success=made, title="The draft was not created", form=notes,
        values=fields)


def draft_section(draft: Draft) -> None:
    if draft.status == "published":
        st.info("This draft is published: it is one of your deals now.", icon=":material/campaign:")
        would_buy(draft)
        return
    with st.expander("The draft's details", expanded=not draft.media):
        notes = FieldNotes(f"desk_edit_{draft.id}", DRAFT_LIMITS)
        fields = render_draft_form(draft, key=f"desk_edit_{draft.id}", submit_label="Save the draft", notes=notes)
        if fields:
            save(draft.id, fields, notes)
    st.markdown("**Photos**")
    render_photos(draft.photos, key=f"desk_photos_{draft.id}")
    upload_photos(draft.id)
    order = render_photo_order(draft.photos, key=f"desk_order_{draft.id}")
    if order:
        act("photo order", lambda: seller.order_photos(draft.id, order),
            success=on_the_draft(draft.id, "The photos are in the new order."))
    publish_section(draft)
    would_buy(draft)


def save(draft_id: str, fields: dict, notes: FieldNotes) -> None:
    """A value the service would refuse is said under its field (nothing sent). Saved, the draft is
    chosen again: its label changed with its title, and a browser holding the old label would send
    that one back with the next press, which matches no draft and opened "New draft" in silence."""
    act("save", lambda: seller.update_draft(draft_id, fields), success=on_the_draft(draft_id, "The draft was saved."),
        form=notes, values=fields)


def on_the_draft(draft_id: str, words: str):
    """A write's notice that also keeps `draft_id` chosen on the next run, under its new label."""
    def said(_answer: object) -> str:
        st.session_state[KEY_NEXT_DRAFT] = draft_id
        return words
    return said


def upload_photos(draft_id: str) -> None:
    """The photos chosen stay chosen until they are all uploaded (a refused one is said, none lost)."""
    notes = FieldNotes(f"desk_upload_{draft_id}", {})
    notes.start([f"desk_files_{draft_id}"])
    with st.form(f"desk_upload_{draft_id}"):
        files = st.file_uploader("Add photos (JPEG or PNG)", type=["jpg", "jpeg", "png"], accept_multiple_files=True,
                                 key=f"desk_files_{draft_id}")
        sent = st.form_submit_button("Upload the photos")
    if not sent:
        return
    if not files:
        st.error("Choose one or more photos to upload.", icon=":material/error:")
        return
    try:
        for file in files:
            seller.upload_photo(draft_id, file.name, file.getvalue())
    except InvalidInputError as error:
        st.error(f"{(error.field_errors[0].message or '').capitalize()}.", icon=":material/error:")
        return
    except ApiError as error:
        render_marketplace_problem(error, key="desk_upload_problem", title="A photo was not uploaded")
        return
    notes.sent()
    st.session_state[KEY_NOTICE] = f"{len(files)} photo{'s' if len(files) != 1 else ''} added."
    st.rerun()


def publish_section(draft: Draft) -> None:
    """The cost said from what is known, then the button; the press publishes once (its key kept
    until an answer), and the notice says whether the deal is live or under review."""
    st.markdown("**Publish**")
    credits = seller.credits()  # None where the host does not say (never an error that hides Publish)
    st.info(cost_text(credits), icon=":material/credit_card:")
    if balance_short(credits):
        st.warning(balance_short_text(credits), icon=":material/credit_card:")
    if st.button("Publish this deal", key=f"desk_publish_{draft.id}", type="primary"):
        act("publish", lambda: seller.publish(draft.id), title="The deal was not published",
            success=lambda answer: publish_text(answer, draft.title))


def would_buy(draft: Draft) -> None:
    """Who would buy it, from the deed records' buyers match on its parcel (a charged read, asked first)."""
    parcel = draft.property_id
    st.markdown("**Who would buy it** (deed records)")
    if not parcel:
        st.caption("Name the parcel (prop_…) in the draft's details to see the investors who buy near it.")
        return
    rows = confirm_charged_read(
        f"desk_would_buy_{draft.id}", (parcel,), ask_label="Show who would buy it",
        cost_text=credits_text(adapter.properties.matches_cost(WOULD_BUY_SIZE), f"The {WOULD_BUY_SIZE} likeliest buyers",
                               plan=PLAN),
        load=lambda: adapter.properties.matches(parcel, limit=WOULD_BUY_SIZE).rows, error_title="The buyers could not be read")
    if rows is not None:
        render_would_buy(rows, marketplace_names=marketplace_buyer_names(), key=f"desk_would_buy_rows_{draft.id}")


def marketplace_buyer_names() -> set[str]:
    """Entity and person names of the buyers who made offers on our deals (to mark them)."""
    try:
        rows = seller.offers(status=None, deal_id=None, changed_after=None).rows
    except ApiError:
        return set()
    names = set()
    for row in rows:
        if row.buyer:
            names |= {name.casefold() for name in (row.buyer.entity_name, row.buyer.name) if name}
    return names


def deals_panel() -> None:
    if (listing := desk_read(seller.deals, key="desk_deals_problem", title="Your deals could not be read")) is None:
        return
    render_listed(listing.rows, listing.more, lambda rows: render_deals(rows, key="desk_deals"), "deals")
