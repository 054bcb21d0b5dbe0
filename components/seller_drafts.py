"""The Seller's desk's drafts: the draft's fields as a form, its photos in order (the cover
first), what publishing costs, and the seller's deals. Render only; the page acts on what the
forms return."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import streamlit as st

from components.date_field import date_field, said_beside
from components.form_fields import FieldNotes
from components.marketplace_tables import count_of, money_text, readable_code, utc_text
from components.tables import show_table
from services.marketplace_api.desk_models import Credits, Draft, MediaItem, PublishResult
from services.marketplace_api.models import MarketplaceDeal

PROPERTY_TYPES = ("single_family", "duplex", "townhouse", "multi_family", "condo", "land")
MISSING_WORDS = {"media": "a photo", "street": "the street address", "zip": "the ZIP", "asking_price": "the asking price",
                 "min_emd": "the minimum earnest money", "closing_date": "the closing date",
                 "living_area_sqft": "the living area"}


def draft_label(draft: Draft) -> str:
    status = {"draft": "draft", "under_review": "under review", "published": "published"}.get(draft.status or "", "")
    return f"{draft.title or 'Untitled draft'} ({status})"


def missing_text(missing: Sequence[str]) -> str:
    """`deal_incomplete`'s missing fields as a person reads them."""
    return ", ".join(MISSING_WORDS.get(name, readable_code(name)) for name in missing)


DRAFT_WIDGETS = ("title", "street", "city", "state", "zip", "type", "beds", "baths", "area", "price", "emd", "closing",
                 "parcel")
CLOSING_WORDS = "Today or later."


def render_draft_form(draft: Draft | None, *, key: str, submit_label: str,
                      notes: FieldNotes) -> dict[str, Any] | None:
    """The draft's fields, each limit said under its field (`notes`); on a submit whose fields all
    hold, the fields a person filled in (blank ones left out), else None with what is wrong said
    under each field and everything typed kept. The closing date is a date that exists, today or
    later (components/date_field.py: a typed 2024-13-45 is refused, not rolled over)."""
    draft = draft or Draft(id="")
    notes.start(f"{key}_{name}" for name in DRAFT_WIDGETS)
    st.session_state.setdefault(f"{key}_closing", _closing_default(draft))
    with st.form(key):
        fields = {**_place_fields(draft, key, notes), **_size_fields(draft, key, notes), **_terms_fields(draft, key, notes)}
        if not st.form_submit_button(submit_label):
            return None
    refused_date = said_beside(f"{key}_closing")
    if not notes.check(fields, extra={"closing_date": refused_date} if refused_date else None):
        return None
    return {name: value for name, value in fields.items() if value not in ("", None)}


def _closing_default(draft: Draft) -> dt.date | str:
    return draft.closing_date or dt.date.today() + dt.timedelta(days=30)


def _place_fields(draft: Draft, key: str, notes: FieldNotes) -> dict[str, Any]:
    title = st.text_input("Title", value=draft.title or "", key=f"{key}_title")
    notes.under("title")
    street = st.text_input("Street address (released only to buyers you approve)", value=draft.street or "",
                           key=f"{key}_street")
    notes.under("street")
    city_column, state_column, zip_column = st.columns([3, 1, 2])
    city = city_column.text_input("City", value=draft.city or "", key=f"{key}_city")
    notes.under("city", city_column)
    state = state_column.text_input("State", value=draft.state or "TX", key=f"{key}_state")
    notes.under("state", state_column)
    zip_code = zip_column.text_input("ZIP", value=draft.zip or "", key=f"{key}_zip")
    notes.under("zip", zip_column)
    parcel = st.text_input("Parcel in the deed records (prop_…, optional: shows who would buy it)",
                           value=draft.property_id or "", key=f"{key}_parcel")
    notes.under("property_id")
    return {"title": title.strip(), "street": street.strip(), "city": city.strip(), "state": state.strip().upper(),
            "zip": zip_code.strip(), "property_id": parcel.strip()}


def _size_fields(draft: Draft, key: str, notes: FieldNotes) -> dict[str, Any]:
    """Kind and size. The boxes take any number (a bounded box keeps its last value under a small
    "!"): the range is said under each, and checked on a send."""
    kind = st.selectbox("Property type", PROPERTY_TYPES, key=f"{key}_type", format_func=readable_code,
                        index=PROPERTY_TYPES.index(draft.property_type) if draft.property_type in PROPERTY_TYPES else 0)
    beds, baths, area = st.columns(3)
    bedrooms = beds.number_input("Bedrooms", value=int(draft.bedrooms or 3), step=1, key=f"{key}_beds")
    notes.under("bedrooms", beds)
    bathrooms = baths.number_input("Bathrooms", step=0.5, value=float(draft.bathrooms or 2), key=f"{key}_baths")
    notes.under("bathrooms", baths)
    living = area.number_input("Living area (sq ft)", value=int(draft.living_area_sqft or 1200), step=50,
                               key=f"{key}_area")
    notes.under("living_area_sqft", area)
    return {"property_type": kind, "bedrooms": bedrooms, "bathrooms": bathrooms, "living_area_sqft": living}


def _terms_fields(draft: Draft, key: str, notes: FieldNotes) -> dict[str, Any]:
    price, emd, closing = st.columns(3)
    asking = price.number_input("Asking price ($)", value=int(draft.asking_price) if draft.asking_price else None, step=1000,
                                key=f"{key}_price", placeholder="Not set yet")
    notes.under("asking_price", price)
    min_emd = emd.number_input("Minimum earnest money ($)", value=int(draft.min_emd or 0), step=500,
                               key=f"{key}_emd")
    notes.under("min_emd", emd)
    with closing:
        closing_date = date_field("Closing date", key=f"{key}_closing", min_value=dt.date.today(), help=CLOSING_WORDS)
    return {"asking_price": asking, "min_emd": min_emd, "closing_date": closing_date.isoformat() if closing_date else None}


def render_photos(photos: Sequence[MediaItem], *, key: str) -> None:
    """The photos in their order (`Draft.photos`), the cover first."""
    if not photos:
        st.caption("No photo yet: a deal needs at least one. The first photo is the cover.")
        return
    columns = st.columns(min(4, len(photos)))
    for index, item in enumerate(photos):
        with columns[index % len(columns)]:
            caption = f"{index + 1}. {item.filename}" + (" · cover" if item.is_default else "")
            if item.url:
                st.image(item.url, caption=caption, width=160)
            else:
                st.caption(caption)


def render_photo_order(photos: Sequence[MediaItem], *, key: str) -> list[str] | None:
    """Positions for every photo (in their order, `Draft.photos`); on submit, the media ids in the
    new order (the first is the cover)."""
    if len(photos) < 2:
        return None
    with st.form(key):
        st.markdown("**Photo order** (1 is the cover)")
        positions = {item.id: st.number_input(item.filename or item.id, min_value=1, max_value=len(photos),
                                              value=index + 1, key=f"{key}_{item.id}")
                     for index, item in enumerate(photos)}
        if not st.form_submit_button("Save the order"):
            return None
    return [media_id for media_id, _ in sorted(positions.items(), key=lambda pair: (pair[1], list(positions).index(pair[0])))]


def cost_text(credits: Credits | None) -> str:
    """What publishing costs, from what is known: a number only when the host states one (the
    documents say only that publishing "draws on organization credits")."""
    cost, balance = _cost_and_balance(credits)
    if cost is None:
        return "Publishing uses your organization's publishing credits; the marketplace charges them when you publish."
    left = f" ({balance:,} left)" if balance is not None else ""
    return f"Publishing costs {cost:,} credits of your organization's balance{left}; it is charged once, when you publish."


def _cost_and_balance(credits: Credits | None) -> tuple[int | None, int | None]:
    return (count_of(credits.publish_cost), count_of(credits.balance)) if credits else (None, None)


def balance_short(credits: Credits | None) -> bool:
    """The host states a balance below the cost (else nothing is known to be short)."""
    cost, balance = _cost_and_balance(credits)
    return cost is not None and balance is not None and balance < cost


def balance_short_text(credits: Credits) -> str:
    cost, balance = _cost_and_balance(credits)
    return (f"Your organization has {balance:,} credits and publishing costs {cost:,}: add credits to the "
            "organization, then publish. Nothing is charged until then.")


def publish_text(answer: PublishResult, title: str | None) -> str:
    """What a publish did, said as the answer tells it: under review, live, or sent."""
    deal = f"Your deal “{title}”" if title else "Your deal"  # an untitled one is not "Your deal Your deal"
    outcome = answer.outcome
    if outcome == "under_review":
        ends = utc_text(answer.review_ends_at)
        when = f" (at {ends})" if ends else ""
        return (f"{deal} is under the marketplace's review: it goes live when the review ends{when}. "
                "The draft cannot be changed until then.")
    if outcome == "live":
        return f"{deal} is live; buyers see it now."
    return f"{deal} was sent for publishing: it shows under My deals once the marketplace publishes it."


def reviewing_text(drafts: Sequence[Draft]) -> str:
    """The drafts under review, each with when its review ends where the host says it."""
    parts = []
    for draft in drafts:
        ends = utc_text(draft.review_ends_at)
        parts.append(f"“{draft.title or 'Untitled draft'}”" + (f" (until {ends})" if ends else ""))
    return ("Under review, not open to changes until the review ends, then live: " + "; ".join(parts) + ".")


def render_deals(deals: Sequence[MarketplaceDeal], *, key: str) -> None:
    if not deals:
        st.caption("No deal published yet.")
        return
    rows = [{"Title": d.title or "Untitled deal", "Status": readable_code(d.status), "City": d.place.city or "",
             "Asking price": money_text(d.deal_terms.asking_price),
             "Published (UTC)": (d.published_at or "").replace("T", " ").rstrip("Z")} for d in deals]
    show_table(rows, key=key)
    pending = [d.title or "Untitled deal" for d in deals if d.status == "pending"]
    if pending:
        st.caption("Pending (an offer was accepted): " + "; ".join(str(title) for title in pending))
