"""Marketplace deals the buyer can see, with their terms."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from components.tables import money_column, render_table

# Deal fields are not shown by marketplace-api.md; these are read when present, the rest kept.
PREFERRED_COLUMNS = ["id", "title", "city", "state", "status", "asking_price", "min_emd", "closing_date"]


def deal_row(deal: Mapping[str, Any]) -> dict[str, Any]:
    terms = deal.get("terms") if isinstance(deal.get("terms"), Mapping) else {}
    place = deal.get("property") if isinstance(deal.get("property"), Mapping) else {}
    merged = {**place, **terms, **{k: v for k, v in deal.items() if not isinstance(v, (Mapping, list))}}
    row = {column: merged.get(column) for column in PREFERRED_COLUMNS if column in merged}
    for name, value in terms.items():
        row.setdefault(name, value)
    return row


def deal_label(deal: Mapping[str, Any]) -> str:
    row = deal_row(deal)
    price = row.get("asking_price")
    price_text = f" · ${price:,.0f}" if isinstance(price, (int, float)) else ""
    return f"{row.get('title') or deal.get('id')}{price_text}"


def render_deal_list(deals: Sequence[Mapping[str, Any]], *, key: str) -> None:
    frame = pd.DataFrame([deal_row(deal) for deal in deals])
    render_table(
        frame,
        key=key,
        column_config={"asking_price": money_column("Asking price"), "min_emd": money_column("Minimum EMD")},
        file_name="marketplace-deals.csv",
    )
