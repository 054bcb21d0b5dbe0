"""The Seller's desk's offers inbox: rows with the buyer and its proof of funds, the buyer's
contacts where the account may see them, and the deed records' view of the buyer (investors
found by its entity name) and of a parcel (who would buy it). Render only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from components.marketplace_tables import money_text, readable_code, utc_text
from components.tables import show_table
from services.data_api.models import BuyerMatch, InvestorProfile, InvestorRow
from services.marketplace_api.desk_models import OfferBuyer, OfferProofOfFunds, SellerOffer

CONTACTS_HIDDEN = ("The buyer's e-mail and phone are shown only to an owner or admin of the organization "
                   "whose login allowed reading contacts.")


def buyer_words(buyer: OfferBuyer | None) -> str:
    """A buyer as a person reads it: its entity, else its name, else "A buyer" (both may be null)."""
    return (buyer and (buyer.entity_name or buyer.name)) or "A buyer"


def inbox_label(row: SellerOffer, deal_titles: Mapping[str, str]) -> str:
    who = buyer_words(row.buyer)
    return (f"{who} · {money_text(row.offer_amount)} · {deal_titles.get(row.deal_id or '', 'a deal')} · "
            f"{readable_code(row.status)}, round {row.round}")


def proof_text(proof: OfferProofOfFunds | None) -> str:
    if not (proof and proof.on_file):
        return "No proof of funds on file."
    lender = proof.lender_name or "an unnamed lender"
    expires = utc_text(proof.expires_at)
    if proof.is_expired:
        return f"Proof of funds from {lender} expired" + (f" on {expires}." if expires else ".")
    return f"Proof of funds on file from {lender}" + (f", valid until {expires}." if expires else ".")


def proof_state(proof: OfferProofOfFunds | None) -> str:
    """A buyer's proof of funds in a word: expired, on file or none."""
    return "expired" if proof and proof.is_expired else "on file" if proof and proof.on_file else "none"


def render_inbox(rows: Sequence[SellerOffer], *, key: str, deal_titles: Mapping[str, str]) -> None:
    if not rows:
        st.caption("No offer matches these filters.")
        return
    table = [{"Buyer": buyer_words(r.buyer),
              "Deal": deal_titles.get(r.deal_id or "", "A deal"), "Offer": money_text(r.offer_amount),
              "Earnest money": money_text(r.emd_amount), "Financing": readable_code(r.financing),
              "Status": readable_code(r.status), "Round": r.round,
              "Sent by": readable_code(r.submitted_by),
              "Proof of funds": proof_state(r.proof_of_funds),
              "Updated": utc_text(r.updated_at)} for r in rows]
    show_table(table, key=key)


def render_buyer(row: SellerOffer, *, key: str) -> None:
    """Who the buyer is, its proof of funds, and its contacts when they came (keys absent otherwise)."""
    buyer = row.buyer or OfferBuyer()
    person = f" ({buyer.name})" if buyer.entity_name and buyer.name else ""
    st.markdown(f"**{buyer_words(buyer)}**{person}")
    st.write(proof_text(row.proof_of_funds))
    # The keys are absent, or blank once typed, when the account may not see them.
    if buyer.email or buyer.phone:
        phone_type = f" ({buyer.phone_type})" if buyer.phone_type else ""
        st.write(f"E-mail: {buyer.email or '—'} · Phone: {buyer.phone or '—'}{phone_type}")
    else:
        st.caption(CONTACTS_HIDDEN)


def render_investor_hits(hits: Sequence[InvestorRow], *, entity_name: str, key: str) -> None:
    """Deed-record investors whose name matches the buyer's entity (the free name search)."""
    if not hits:
        st.caption(f"No investor named like {entity_name} in the deed records: this buyer has no recorded buys "
                   "under that name.")
        return
    first = hits[0]
    st.write(f"{len(hits)} investor{'s' if len(hits) != 1 else ''} by this name in the deed records; "
             f"{first.display_name or first.name} ({first.market}) recorded "
             f"{first.n_deals} buys, the last on {first.last_bought_on or 'an unknown date'}.")
    rows = [{"Investor": hit.display_name or hit.name, "Market": hit.market, "Kind": readable_code(hit.kind).lower(),
             "Recorded buys": hit.n_deals, "Last bought": hit.last_bought_on} for hit in hits]
    show_table(rows, key=key)


def render_investor_record(profile: InvestorProfile, *, key: str) -> None:
    """The chosen investor's recorded buys: count, kinds, last bought."""
    kinds = ", ".join(readable_code(kind).lower() for kind in profile.kinds) or "not classified"
    st.success(f"{profile.display_name or profile.name}: {profile.n_deals} recorded buys "
               f"({kinds}); last bought {profile.last_bought_on or 'unknown'}.", icon=":material/history_edu:")


def render_would_buy(matches: Sequence[BuyerMatch], *, marketplace_names: set[str], key: str) -> None:
    """Who would buy this parcel (deed records), marking the investors who are also our marketplace buyers."""
    if not matches:
        st.caption("No investor bought near this parcel in the period.")
        return
    rows = []
    for match in matches:
        investor, why = match.investor, match.why
        names = {(investor.name or "").casefold(), (investor.display_name or "").casefold()}
        rows.append({"Rank": match.rank, "Investor": investor.display_name or investor.name,
                     "Marketplace buyer": "yes" if names & marketplace_names else "",
                     "Bought nearby": why.n_bought_nearby, "Last bought nearby": why.last_bought_nearby_on,
                     "Nearest (mi)": why.nearest_miles})
    show_table(rows, key=key)
