"""Marketplace deals the buyer can see, with their terms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from components.marketplace_tables import blank_text, dates, field_label
from components.tables import date_column, money_column, render_table
from services.marketplace_api.models import MarketplaceDeal

# Deal fields are not shown by marketplace-api.md; these are read (None where a host leaves one out).
COLUMNS = ["title", "city", "state", "status", "asking_price", "min_emd", "closing_date", "id"]
MONEY_FIELDS = ("asking_price", "min_emd")
DATE_FIELDS = ("closing_date",)


def deal_row(deal: MarketplaceDeal) -> dict[str, Any]:
    """The deal's columns, the title first; the id last, for support and the CSV."""
    terms, place = deal.deal_terms, deal.place
    return dict(zip(COLUMNS, (deal.title, place.city, place.state, deal.status, terms.asking_price, terms.min_emd,
                              terms.closing_date, deal.id)))


def deal_label(deal: MarketplaceDeal) -> str:
    price = deal.deal_terms.asking_price
    price_text = f" · ${price:,.0f}" if price is not None else ""
    # Never its id (issue 44, 4): an untitled deal is named by its city, which the list shows too.
    city = f" in {deal.place.city}" if deal.place.city else ""
    return f"{deal.title or 'Untitled deal' + city}{price_text}"


def render_deal_list(deals: Sequence[MarketplaceDeal], *, key: str) -> None:
    """One row per deal; headers read as words, money in dollars, dates as dates, blanks for gaps."""
    frame = pd.DataFrame([deal_row(deal) for deal in deals], columns=COLUMNS)
    for field in DATE_FIELDS:
        frame[field] = dates(frame[field])
    text_fields = [column for column in frame.columns if column not in (*MONEY_FIELDS, *DATE_FIELDS) and frame[column].dtype == object]
    frame = blank_text(frame, text_fields).rename(columns=field_label)
    config: dict[str, object] = {field_label(field): money_column(field_label(field)) for field in MONEY_FIELDS}
    config.update({field_label(field): date_column(field_label(field)) for field in DATE_FIELDS})
    render_table(frame, key=key, column_config=config, file_name="marketplace-deals.csv")
