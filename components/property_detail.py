"""A property's page: identity and place, the chain of title as a timeline (parties linked to
investor pages), loans with their lenders, permits, listing history."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from components.tables import date_column, escape_markdown, known_frame, money_column, page_href, render_details, render_table
from components.words import PRIVATE_PERSON, code_label

PRIVATE = PRIVATE_PERSON
# A market may not publish one of a parcel's datasets yet (data-api.md, Errors 422): said in its place.
UNPUBLISHED_WORDS = {
    "parcels_unavailable": "This market does not publish its parcel records yet, so the parcel's address and "
                           "facts are not shown. Its other records below still are.",
    "addresses_unavailable": "This market does not publish its addresses yet, so the parcel's address is not shown.",
    "history_unavailable": "This market does not publish its chain of title yet, so the parcel's deeds are not shown.",
    "listings_unavailable": "This market publishes no listing feed, so the parcel's listings are not known.",
}


def _money(value) -> str:
    return "no price on the deed" if value is None else f"${value:,}"


def render_property_identity(parcel: Mapping | None, *, property_id: str, county_names: Mapping[str, str] | None = None,
                             note: str | None = None) -> None:
    """The parcel's address, ids and facts; `county_names` by FIPS code name its county; `note`
    the code of a dataset the market does not publish (the parcel is then None)."""
    if parcel is None:
        if note in UNPUBLISHED_WORDS:
            st.subheader(escape_markdown(property_id))
            st.info(UNPUBLISHED_WORDS[note])
            return
        st.warning(f"No parcel {escape_markdown(property_id)} was found.")
        return
    address = parcel.get("address") or {}
    line = " ".join(part for part in (address.get("line"), address.get("unit")) if part)
    st.subheader(f"{line}, {address.get('city') or ''} {address.get('zip') or ''}")
    fips = parcel.get("county_fips")
    county = f"{(county_names or {})[str(fips)]} ({fips})" if str(fips) in (county_names or {}) else f"county {fips or '—'}"
    st.caption(f"APN {parcel.get('apn') or '—'} · {county} · market {parcel.get('market') or '—'}")
    render_details({"Property id": property_id})
    facts = st.columns(5)
    facts[0].metric("Beds", parcel.get("bedrooms") or "—")
    facts[1].metric("Baths", parcel.get("bathrooms") or "—")
    facts[2].metric("Living area", f"{parcel['living_area_sqft']:,} sq ft" if parcel.get("living_area_sqft") else "—")
    facts[3].metric("Year built", parcel.get("year_built") or "—")
    sale = parcel.get("last_sale") or {}
    facts[4].metric("Last sale", _money(sale.get("price")) if sale else "—", sale.get("date"), delta_color="off")
    owner = parcel.get("owner")
    if owner:
        href = page_href("investors", {"investor": owner.get("investor_id") or ""})
        st.markdown(f"Owner: [{escape_markdown(owner.get('display_name') or owner.get('name'))}]({href})")
    else:
        st.markdown(f"Owner: {PRIVATE}")


def _party(party: Mapping | None) -> str:
    if not party:
        return PRIVATE
    name = escape_markdown(party.get("display_name") or party.get("name") or "")
    if party.get("investor_id"):
        return f"[{name}]({page_href('investors', {'investor': party['investor_id']})})"
    return name


def render_chain_of_title(deeds: Sequence[Mapping] | None, *, key: str, note: str | None = None) -> None:
    """Newest deed first: date, price, kind, buyer and seller (each linked to its investor page);
    None with `note`: the market does not publish the history."""
    if deeds is None:
        st.info(UNPUBLISHED_WORDS.get(note or "", "The chain of title could not be read."))
        return
    if not deeds:
        st.info("No deeds of this parcel are in the data.")
        return
    lines = [f"- **{escape_markdown(deed.get('recorded_on') or 'Recording date not given')}** · "
             f"{escape_markdown(_money(deed.get('price')))} · "
             f"{escape_markdown(deed.get('kind') or '')} — bought by {_party(deed.get('buyer'))} "
             f"from {_party(deed.get('seller'))}" for deed in deeds]
    st.markdown("\n".join(lines))


def render_loans(loans: Sequence[Mapping] | None, *, key: str, as_of: str | None = None) -> None:
    if loans is None:
        st.info("The parcel's loans could not be read.")
        return
    if not loans:
        st.info("No loans recorded on this parcel." + (f" Financing as of {as_of}." if as_of else ""))
        return
    frame = pd.DataFrame([{
        "Recorded": loan.get("recorded_on"),
        "Amount": loan.get("amount"),
        "Term (months)": loan.get("term_months"),
        "Lender": (loan.get("lender") or {}).get("name"),
        "Hard money": (loan.get("lender") or {}).get("is_hard_money"),
        "Lender id": (loan.get("lender") or {}).get("id"),
        "Lender page": page_href("lenders", {"lender": (loan.get("lender") or {}).get("id") or ""}),
        "Borrower": (loan.get("borrower") or {}).get("name") or PRIVATE,
        "Borrower page": page_href("investors", {"investor": (loan.get("borrower") or {}).get("investor_id") or ""})
        if (loan.get("borrower") or {}).get("investor_id") else None,
    } for loan in loans])
    frame["Recorded"] = pd.to_datetime(frame["Recorded"], errors="coerce")
    frame["Amount"] = frame["Amount"].astype("Int64")
    render_table(frame, key=key, file_name="loans.csv",
                 column_config={"Recorded": date_column("Recorded"), "Amount": money_column("Amount"),
                                "Lender page": st.column_config.LinkColumn("Lender page", display_text="Open lender"),
                                "Borrower page": st.column_config.LinkColumn("Borrower page", display_text="Open")})
    if as_of:
        st.caption(f"Financing as of {as_of}.")


def render_permits(permits: Sequence[Mapping] | None, *, key: str) -> None:
    if permits is None:
        st.info("The parcel's permits could not be read.")
        return
    if not permits:
        st.info("No building permits are recorded for this parcel.")
        return
    frame = known_frame(permits, {
        "permit_number": "Permit", "kind": "Kind", "status": "Status", "issued_on": "Issued",
        "finaled_on": "Finaled", "valuation": "Valuation", "contractor_name": "Contractor"})
    for column in ("Kind", "Status"):
        if column in frame.columns:
            frame[column] = frame[column].map(code_label)
    render_table(frame, key=key, file_name="permits.csv", column_config={"Valuation": money_column("Valuation")})


def render_listing_history(listings: Sequence[Mapping] | None, *, key: str, note: str | None = None) -> None:
    if listings is None:
        st.info(UNPUBLISHED_WORDS.get(note or "", "The listing history could not be read."))
        return
    if not listings:
        st.info("This parcel was never listed in the data.")
        return
    frame = known_frame(listings, {
        "listing_id": "Listing id", "listed_on": "Listed", "status": "Status", "sold_on": "Sold",
        "list_price": "List price", "sold_price": "Sold price", "n_versions": "Versions",
        "brokerage_name": "Brokerage", "self_listing": "Self-listing"})
    if "Status" in frame.columns:
        frame["Status"] = frame["Status"].map(code_label)
    render_table(frame, key=key, file_name="listings.csv",
                 column_config={"List price": money_column("List price"), "Sold price": money_column("Sold price")})
