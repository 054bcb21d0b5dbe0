"""The buyer's tools on the Marketplace page: buy boxes (at most five) with the deals each matches
and its alerts, and the questions and address requests sent on deals. Render only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from components.marketplace_tables import money_text, readable_code, utc_text
from components.seller_drafts import PROPERTY_TYPES

MAX_BUY_BOXES = 5  # marketplace-api.md, Limits


def criteria_text(criteria: Mapping[str, Any]) -> str:
    parts = []
    if criteria.get("cities"):
        parts.append("in " + ", ".join(criteria["cities"]))
    if criteria.get("zips"):
        parts.append("ZIP " + ", ".join(criteria["zips"]))
    if criteria.get("property_types"):
        parts.append(", ".join(readable_code(t) for t in criteria["property_types"]))
    if criteria.get("max_price"):
        parts.append(f"up to {money_text(criteria['max_price'])}")
    if criteria.get("min_bedrooms"):
        parts.append(f"{criteria['min_bedrooms']}+ bedrooms")
    return "; ".join(parts) or "any deal"


def box_label(box: Mapping[str, Any]) -> str:
    alerts = box.get("n_alerts") or 0
    return (f"{box.get('name') or 'A buy box'} ({criteria_text(box.get('criteria') or {})}) · "
            f"{alerts} alert{'s' if alerts != 1 else ''}")


def render_buy_box_form(*, key: str, count: int) -> dict[str, Any] | None:
    """A new box's name and criteria; None until submitted. Says the limit when it is reached."""
    if count >= MAX_BUY_BOXES:
        st.info(f"You keep {MAX_BUY_BOXES} buy boxes, the most the marketplace allows: delete one to add another.",
                icon=":material/inventory_2:")
        return None
    with st.form(key, clear_on_submit=True):
        st.markdown(f"**New buy box** ({count} of {MAX_BUY_BOXES})")
        name = st.text_input("Name", key=f"{key}_name")
        cities = st.text_input("Cities (comma-separated)", key=f"{key}_cities")
        zips = st.text_input("ZIPs (comma-separated)", key=f"{key}_zips")
        kinds = st.multiselect("Property types", PROPERTY_TYPES, format_func=readable_code, key=f"{key}_types")
        price_column, beds_column = st.columns(2)
        max_price = price_column.number_input("Highest asking price ($, 0 for any)", min_value=0, step=10000,
                                              key=f"{key}_price")
        min_beds = beds_column.number_input("Fewest bedrooms", min_value=0, max_value=20, key=f"{key}_beds")
        if not st.form_submit_button("Save the buy box"):
            return None
    criteria: dict[str, Any] = {
        "cities": [c.strip() for c in cities.split(",") if c.strip()] or None,
        "zips": [z.strip() for z in zips.split(",") if z.strip()] or None,
        "property_types": list(kinds) or None,
        "max_price": int(max_price) or None,
        "min_bedrooms": int(min_beds) or None,
    }
    return {"name": name.strip(), "criteria": {k: v for k, v in criteria.items() if v is not None}}


def render_box_deals(deals: Sequence[Mapping[str, Any]], *, key: str) -> None:
    if not deals:
        st.caption("No deal on the market matches this box now.")
        return
    rows = [{"Deal": d.get("title") or "Untitled deal", "City": (d.get("property") or {}).get("city") or "",
             "Asking price": money_text((d.get("terms") or {}).get("asking_price")),
             "Seller": (d.get("seller") or {}).get("name") or ""} for d in deals]
    st.dataframe(rows, key=key, hide_index=True, width="stretch")


def render_alerts(alerts: Sequence[Mapping[str, Any]], *, key: str) -> None:
    if not alerts:
        st.caption("No alert yet: a deal published that matches this box will show here.")
        return
    for alert in alerts:
        when = utc_text(alert.get("created_at"))
        st.markdown(f"🔔 **{alert.get('title') or 'A deal'}** was published" + (f" ({when})." if when else "."))


def render_sent(requests: Sequence[Mapping[str, Any]], *, key: str, deal_titles: Mapping[str, str]) -> None:
    if not requests:
        st.caption("Nothing sent yet.")
        return
    rows = [{"Deal": deal_titles.get(r.get("deal_id"), "A deal"), "Message": r.get("message") or "",
             "Status": readable_code(r.get("status")), "Address": r.get("address") or "",
             "Sent": utc_text(r.get("created_at"))} for r in requests]
    st.dataframe(rows, key=key, hide_index=True, width="stretch")


def render_agreement(agreement: Mapping[str, Any], *, key: str) -> bool:
    """The address agreement to read, and its acceptance (a checkbox)."""
    st.warning("Before the seller can release the address, you accept the address agreement: you will not contact "
               "the owner, tenants or listing agent, nor buy the property around the seller.", icon=":material/description:")
    if agreement.get("url"):
        st.markdown(f"[Read the agreement]({agreement['url']})")
    return st.checkbox("I accept the address agreement", key=key)
