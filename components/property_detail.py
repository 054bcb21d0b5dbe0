"""A property's page: identity and place, the chain of title as a timeline (parties linked to
investor pages), loans with their lenders, permits, listing history."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

import pandas as pd
import streamlit as st

from components.tables import date_column, escape_markdown, known_frame, money_column, page_href, render_details, render_table
from components.words import PRIVATE_PERSON, code_label
from services.data_api.models import Deed, LoanLender, Owner, Parcel, ParcelAddress, ParcelListing
from services.data_api.models import ParcelLoan, Permit

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


def render_property_identity(parcel: Parcel | None, *, property_id: str, county_names: Mapping[str, str] | None = None,
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
    address = parcel.address or ParcelAddress()
    line = " ".join(part for part in (address.line, address.unit) if part)
    st.subheader(f"{line}, {address.city or ''} {address.zip or ''}")
    fips = parcel.county_fips
    county = f"{(county_names or {})[str(fips)]} ({fips})" if str(fips) in (county_names or {}) else f"county {fips or '—'}"
    st.caption(f"APN {parcel.apn or '—'} · {county} · market {parcel.market or '—'}")
    render_details({"Property id": property_id})
    facts = st.columns(5)
    facts[0].metric("Beds", parcel.bedrooms or "—")
    facts[1].metric("Baths", parcel.bathrooms or "—")
    facts[2].metric("Living area", f"{parcel.living_area_sqft:,} sq ft" if parcel.living_area_sqft else "—")
    facts[3].metric("Year built", parcel.year_built or "—")
    sale = parcel.last_sale
    facts[4].metric("Last sale", _money(sale.price) if sale else "—", sale.date if sale else None, delta_color="off")
    owner = parcel.owner
    if owner:
        href = page_href("investors", {"investor": owner.investor_id or ""})
        st.markdown(f"Owner: [{escape_markdown(owner.display_name or owner.name)}]({href})")
    else:
        st.markdown(f"Owner: {PRIVATE}")


def said_instead(rows: Sequence | None, *, unread: str, empty: str) -> bool:
    """Whether a part of the page is said in words instead of drawn: not read (None: the market does
    not publish it, or the read failed) or empty."""
    if rows is None or not rows:
        st.info(unread if rows is None else empty)
        return True
    return False


def _party(party: Owner | None) -> str:
    if not party:
        return PRIVATE
    name = escape_markdown(party.display_name or party.name or "")
    if party.investor_id:
        return f"[{name}]({page_href('investors', {'investor': party.investor_id})})"
    return name


def render_chain_of_title(deeds: Sequence[Deed] | None, *, key: str, note: str | None = None) -> None:
    """Newest deed first: date, price, kind, buyer and seller (each linked to its investor page);
    None with `note`: the market does not publish the history."""
    if said_instead(deeds, unread=UNPUBLISHED_WORDS.get(note or "", "The chain of title could not be read."),
                    empty="No deeds of this parcel are in the data."):
        return
    lines = [f"- **{escape_markdown(deed.recorded_on or 'Recording date not given')}** · "
             f"{escape_markdown(_money(deed.price))} · "
             f"{escape_markdown(deed.kind or '')} — bought by {_party(deed.buyer)} "
             f"from {_party(deed.seller)}" for deed in deeds]
    st.markdown("\n".join(lines))


def render_loans(loans: Sequence[ParcelLoan] | None, *, key: str, as_of: date | None = None) -> None:
    if said_instead(loans, unread="The parcel's loans could not be read.",
                    empty="No loans recorded on this parcel." + (f" Financing as of {as_of}." if as_of else "")):
        return
    frame = pd.DataFrame([loan_row(loan, loan.lender or LoanLender(), loan.borrower or Owner()) for loan in loans])
    frame["Recorded"] = pd.to_datetime(frame["Recorded"], errors="coerce")
    frame["Amount"] = frame["Amount"].astype("Int64")
    render_table(frame, key=key, file_name="loans.csv",
                 column_config={"Recorded": date_column("Recorded"), "Amount": money_column("Amount"),
                                "Lender page": st.column_config.LinkColumn("Lender page", display_text="Open lender"),
                                "Borrower page": st.column_config.LinkColumn("Borrower page", display_text="Open")})
    if as_of:
        st.caption(f"Financing as of {as_of}.")


def loan_row(loan: ParcelLoan, lender: LoanLender, borrower: Owner) -> dict:
    return {
        "Recorded": loan.recorded_on,
        "Amount": loan.amount,
        "Term (months)": loan.term_months,
        "Lender": lender.name,
        "Hard money": lender.is_hard_money,
        "Lender id": lender.id,
        "Lender page": page_href("lenders", {"lender": lender.id or ""}),
        "Borrower": borrower.name or PRIVATE,
        "Borrower page": page_href("investors", {"investor": borrower.investor_id}) if borrower.investor_id else None,
    }


def render_permits(permits: Sequence[Permit] | None, *, key: str) -> None:
    if said_instead(permits, unread="The parcel's permits could not be read.",
                    empty="No building permits are recorded for this parcel."):
        return
    columns = {"permit_number": "Permit", "kind": "Kind", "status": "Status", "issued_on": "Issued",
               "finaled_on": "Finaled", "valuation": "Valuation", "contractor_name": "Contractor"}
    render_table(coded_frame(permits, columns, coded=("Kind", "Status")), key=key, file_name="permits.csv",
                 column_config={"Valuation": money_column("Valuation")})


def render_listing_history(listings: Sequence[ParcelListing] | None, *, key: str, note: str | None = None) -> None:
    if said_instead(listings, unread=UNPUBLISHED_WORDS.get(note or "", "The listing history could not be read."),
                    empty="This parcel was never listed in the data."):
        return
    columns = {"listing_id": "Listing id", "listed_on": "Listed", "status": "Status", "sold_on": "Sold",
               "list_price": "List price", "sold_price": "Sold price", "n_versions": "Versions",
               "brokerage_name": "Brokerage", "self_listing": "Self-listing"}
    render_table(coded_frame(listings, columns, coded=("Status",)), key=key, file_name="listings.csv",
                 column_config={"List price": money_column("List price"), "Sold price": money_column("Sold price")})


def coded_frame(rows: Sequence[Permit | ParcelListing], columns: Mapping[str, str], *, coded: Sequence[str]) -> pd.DataFrame:
    """The rows' known columns (`known_frame`), the `coded` ones read as words ("Final", not FINAL)."""
    frame = known_frame(rows, columns)
    for column in coded:
        if column in frame.columns:
            frame[column] = frame[column].map(code_label)
    return frame
