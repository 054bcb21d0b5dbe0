"""The buyer's tools on the Marketplace page: buy boxes (at most five) with the deals each matches
and its alerts, and the questions and address requests sent on deals. Render only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import streamlit as st

from components.form_fields import FieldNotes
from components.marketplace_tables import money_text, readable_code, utc_text
from components.seller_drafts import PROPERTY_TYPES
from components.tables import show_table
from services.contract import MAX_BUY_BOXES
from services.marketplace_api.desk_models import AddressAgreement, BuyBox, BuyBoxAlert, BuyBoxCriteria, Inquiry
from services.marketplace_api.models import MarketplaceDeal


def criteria_text(criteria: BuyBoxCriteria | None) -> str:
    criteria = criteria or BuyBoxCriteria()
    parts = []
    if criteria.cities:
        parts.append("in " + ", ".join(criteria.cities))
    if criteria.zips:
        parts.append("ZIP " + ", ".join(criteria.zips))
    if criteria.property_types:
        parts.append(", ".join(readable_code(kind) for kind in criteria.property_types))
    if criteria.max_price:
        parts.append(f"up to {money_text(criteria.max_price)}")
    if criteria.min_bedrooms:
        parts.append(f"{criteria.min_bedrooms}+ bedrooms")
    return "; ".join(parts) or "any deal"


def box_label(box: BuyBox) -> str:
    alerts = box.n_alerts or 0
    return f"{box.name or 'A buy box'} ({criteria_text(box.criteria)}) · {alerts} alert{'s' if alerts != 1 else ''}"


BOX_WIDGETS = ("name", "cities", "zips", "types", "price", "beds")


class NewBuyBox(NamedTuple):
    """A new box as sent: its name and criteria (those given), and the fields as typed (`values`),
    for a refusal said under the field it names."""

    name: str
    criteria: dict[str, Any]
    values: dict[str, Any]


def render_buy_box_form(*, key: str, count: int, notes: FieldNotes) -> NewBuyBox | None:
    """A new box's name and criteria, each limit said under its field (`notes`); None until a
    submit whose fields all hold (what is wrong said under each, everything typed kept). Says the
    limit of boxes when it is reached."""
    if count >= MAX_BUY_BOXES:
        st.info(f"You keep {MAX_BUY_BOXES} buy boxes, the most the marketplace allows: delete one to add another.",
                icon=":material/inventory_2:")
        return None
    notes.start(f"{key}_{name}" for name in BOX_WIDGETS)
    with st.form(key):
        st.markdown(f"**New buy box** ({count} of {MAX_BUY_BOXES})")
        name = st.text_input("Name", key=f"{key}_name")
        notes.under("name")
        cities = st.text_input("Cities (comma-separated)", key=f"{key}_cities")
        notes.under("cities")
        zips = st.text_input("ZIPs (comma-separated)", key=f"{key}_zips")
        notes.under("zips")
        kinds = st.multiselect("Property types", PROPERTY_TYPES, format_func=readable_code, key=f"{key}_types")
        price_column, beds_column = st.columns(2)
        max_price = price_column.number_input("Highest asking price ($, 0 for any)", value=0, step=10000,
                                              key=f"{key}_price")
        notes.under("max_price", price_column, said="Empty or 0 for any; at most $100,000,000.")
        min_beds = beds_column.number_input("Fewest bedrooms", value=0, step=1, key=f"{key}_beds")
        notes.under("min_bedrooms", beds_column)
        if not st.form_submit_button("Save the buy box"):
            return None
    criteria = {"cities": comma_list(cities), "zips": comma_list(zips), "max_price": max_price or None,
                "min_bedrooms": min_beds or None}
    values = {"name": name.strip(), **criteria}
    if not notes.check(values):
        return None
    criteria = {**criteria, "property_types": list(kinds)}
    return NewBuyBox(name.strip(), {k: v for k, v in criteria.items() if v}, values)


def comma_list(text: str) -> list[str]:
    """"Schertz, Cibolo" -> ["Schertz", "Cibolo"] (empty parts dropped)."""
    return [part.strip() for part in (text or "").replace(";", ",").split(",") if part.strip()]


def render_box_deals(deals: Sequence[MarketplaceDeal], *, key: str) -> None:
    if not deals:
        st.caption("No deal on the market matches this box now.")
        return
    rows = [{"Deal": d.title or "Untitled deal", "City": d.place.city or "",
             "Asking price": money_text(d.deal_terms.asking_price), "Seller": (d.seller.name if d.seller else None) or ""}
            for d in deals]
    show_table(rows, key=key)


def render_alerts(alerts: Sequence[BuyBoxAlert], *, key: str) -> None:
    if not alerts:
        st.caption("No alert yet: a deal published that matches this box will show here.")
        return
    for alert in alerts:
        when = utc_text(alert.created_at)
        st.markdown(f"🔔 **{alert.title or 'A deal'}** was published" + (f" ({when})." if when else "."))


def render_sent(requests: Sequence[Inquiry], *, key: str, deal_titles: Mapping[str, str]) -> None:
    if not requests:
        st.caption("Nothing sent yet.")
        return
    rows = [{"Deal": deal_titles.get(r.deal_id or "", "A deal"), "Message": r.message or "",
             "Status": readable_code(r.status), "Address": r.address or "",
             "Sent": utc_text(r.created_at)} for r in requests]
    show_table(rows, key=key)


def render_agreement(agreement: AddressAgreement, *, key: str) -> bool:
    """The address agreement to read, and its acceptance (a checkbox): ticking it is the person's
    answer, so the page sends the request on the tick (`just_ticked`), with no second press."""
    st.warning("Before the seller can release the address, you accept the address agreement: you will not contact "
               "the owner, tenants or listing agent, nor buy the property around the seller.", icon=":material/description:")
    if agreement.url:
        st.markdown(f"[Read the agreement]({agreement.url})")
    return st.checkbox("I accept the address agreement, and ask for the address", key=key, on_change=_ticked, args=(key,))


def _ticked(key: str) -> None:
    st.session_state[f"{key}_ticked"] = st.session_state.get(key, False)


def just_ticked(key: str) -> bool:
    """The agreement's box was ticked since the last run (once: a refused send is not sent again
    by the next rerun)."""
    return bool(st.session_state.pop(f"{key}_ticked", False))
