"""Marketplace deals the buyer can see, with their terms."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from components.marketplace_tables import blank_text, dates, field_label
from components.tables import date_column, money_column, render_table

# Deal fields are not shown by marketplace-api.md; these are read when present, the rest kept.
PREFERRED_COLUMNS = ["title", "city", "state", "status", "asking_price", "min_emd", "closing_date", "id"]
MONEY_FIELDS = ("asking_price", "min_emd")
DATE_FIELDS = ("closing_date",)


def deal_row(deal: Mapping[str, Any]) -> dict[str, Any]:
    terms = deal.get("terms") if isinstance(deal.get("terms"), Mapping) else {}
    place = deal.get("property") if isinstance(deal.get("property"), Mapping) else {}
    merged = {**place, **terms, **{k: v for k, v in deal.items() if not isinstance(v, (Mapping, list))}}
    row = {column: merged.get(column) for column in PREFERRED_COLUMNS if column in merged}
    for name, value in terms.items():
        row.setdefault(name, value)
    # The id is for support and the CSV; the title is what a buyer reads first.
    if "id" in row:
        row["id"] = row.pop("id")
    return row


def deal_label(deal: Mapping[str, Any]) -> str:
    row = deal_row(deal)
    price = row.get("asking_price")
    price_text = f" · ${price:,.0f}" if isinstance(price, (int, float)) else ""
    return f"{row.get('title') or deal.get('id')}{price_text}"


def render_deal_list(deals: Sequence[Mapping[str, Any]], *, key: str) -> None:
    """One row per deal; headers read as words, money in dollars, dates as dates, blanks for gaps."""
    frame = pd.DataFrame([deal_row(deal) for deal in deals])
    for field in DATE_FIELDS:
        if field in frame.columns:
            frame[field] = dates(frame[field])
    text_fields = [column for column in frame.columns if column not in (*MONEY_FIELDS, *DATE_FIELDS) and frame[column].dtype == object]
    frame = blank_text(frame, text_fields).rename(columns=field_label)
    config: dict[str, object] = {field_label(field): money_column(field_label(field)) for field in MONEY_FIELDS}
    config.update({field_label(field): date_column(field_label(field)) for field in DATE_FIELDS})
    render_table(frame, key=key, column_config=config, file_name="marketplace-deals.csv")
