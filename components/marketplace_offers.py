"""The buyer's offers: one row per offer, and the chain of rounds of one offer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from components.tables import money_column, render_table

ROUND_COLUMNS = ["round", "submitted_by", "status", "offer_amount", "emd_amount", "financing", "note", "decline_reason", "created_at"]


def offer_label(offer: Mapping[str, Any], deal_titles: Mapping[str, str] | None = None) -> str:
    deal = (deal_titles or {}).get(offer.get("deal_id", ""), offer.get("deal_id", ""))
    return f"{deal} · round {offer.get('round')} by {offer.get('submitted_by')} · {offer.get('status')} · ${offer.get('offer_amount', 0):,.0f}"


def render_offer_list(offers: Sequence[Mapping[str, Any]], *, key: str, deal_titles: Mapping[str, str] | None = None) -> None:
    """A table of offers (latest round each), with the deal's title where known."""
    frame = pd.DataFrame(
        [
            {
                "offer": offer.get("id"),
                "deal": (deal_titles or {}).get(offer.get("deal_id", ""), offer.get("deal_id")),
                "status": offer.get("status"),
                "round": offer.get("round"),
                "sent by": offer.get("submitted_by"),
                "amount": offer.get("offer_amount"),
                "EMD": offer.get("emd_amount"),
                "financing": offer.get("financing"),
                "updated": offer.get("updated_at"),
            }
            for offer in offers
        ]
    )
    render_table(
        frame,
        key=key,
        column_config={"amount": money_column("Amount"), "EMD": money_column("EMD")},
        file_name="marketplace-offers.csv",
    )


def render_offer_chain(chain: Sequence[Mapping[str, Any]], *, key: str) -> None:
    """Every round of one offer, oldest first: who sent it, amounts, EMD, financing, note."""
    rows = sorted(chain, key=lambda offer: offer.get("round") or 0)
    frame = pd.DataFrame([{column: row.get(column) for column in ROUND_COLUMNS} for row in rows])
    frame = frame.rename(columns={"submitted_by": "sent by", "offer_amount": "amount", "emd_amount": "EMD", "decline_reason": "reason"})
    render_table(
        frame,
        key=key,
        column_config={"amount": money_column("Amount"), "EMD": money_column("EMD")},
        file_name="marketplace-offer-rounds.csv",
    )


def render_events(events: Sequence[Mapping[str, Any]], *, key: str) -> None:
    """The buyer side's event feed, newest first: what happened to which offer."""
    frame = pd.DataFrame(
        [
            {
                "when": event.get("created_at"),
                "event": event.get("type"),
                "offer": ((event.get("data") or {}).get("offer") or {}).get("id"),
                "status": ((event.get("data") or {}).get("offer") or {}).get("status"),
                "deal": (event.get("data") or {}).get("deal_id"),
            }
            for event in events
        ]
    )
    render_table(frame, key=key, file_name="marketplace-events.csv")
