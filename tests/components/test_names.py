"""Names, not ids or codes, in tables and files (issue 26, Names)."""

from __future__ import annotations

import csv
import io

import pandas as pd

from components.investor_search import investor_rows_frame
from components.property_buyers import buyers_csv
from components.tables import MISSING, shown
from services.data_api.models import BuyerMatch, InvestorRow


def test_a_leaderboard_row_of_a_private_person_is_said_not_its_id():
    frame = investor_rows_frame([InvestorRow.model_validate(row) for row in (
        {"id": "inv_060961c19940", "name": None, "display_name": None, "contact_redacted": True, "kind": "FLIPPER"},
        {"id": "inv_0123456789ab", "name": "DOORSTEP HOMES INC", "display_name": "Doorstep Homes Inc"},
    )])
    assert list(frame["Investor"]) == ["a private person (name withheld)", "Doorstep Homes Inc"]


def test_a_tables_missing_text_reads_as_a_dash_not_none_and_links_stay_empty():
    frame = pd.DataFrame({"City": ["Dallas", None], "Open": ["/x", None], "Deals": [1, None]})
    table = shown(frame, link_columns=("Open",))
    assert list(table["City"]) == ["Dallas", MISSING]
    assert pd.isna(table["Open"][1]) and pd.isna(table["Deals"][1])
    assert pd.isna(frame["City"][1]), "the frame itself (and its CSV) is unchanged"


def test_the_buyers_csv_uses_the_pages_labels():
    rows = [BuyerMatch.model_validate(
        {"rank": 1, "score": 0.9, "investor": {"investor_id": "inv_0123456789ab", "display_name": "Doorstep Homes Inc",
                                               "kind": "IBUYER"},
         "why": {"n_bought_nearby": 4, "nearest_miles": 0.3, "kinds_nearby": ["flip"]}})]
    written = list(csv.DictReader(io.StringIO(buyers_csv(rows))))
    assert written[0]["Kind"] == "iBuyer" and "IBUYER" not in buyers_csv(rows)
    assert written[0]["Investor"] == "Doorstep Homes Inc"


def test_the_leaderboards_columns_are_fields_of_its_rows():
    from components.investor_search import ROW_FIELDS

    assert {field for _label, field in ROW_FIELDS} <= set(InvestorRow.model_fields)

