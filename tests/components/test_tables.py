"""The table rule (issue 44, 5), held in one place: components/tables.py draws every table."""

from __future__ import annotations

import re

import pandas as pd
import streamlit as st

from components.tables import csv_text, is_id_column, number_format, on_screen, table_config
from tests.processes import ROOT


def test_every_table_is_drawn_by_the_one_table_function():
    """A table drawn elsewhere would print "None" and "1079" again: only components/tables.py calls st.dataframe."""
    callers = [str(path.relative_to(ROOT)) for folder in ("app.py", "pages", "components", "adapter")
               for path in ([ROOT / folder] if folder.endswith(".py") else (ROOT / folder).rglob("*.py"))
               if re.search(r"\bst\.(dataframe|table|data_editor)\(", path.read_text())]
    assert callers == ["components/tables.py"], callers


def test_counts_read_with_separators_and_years_as_they_are():
    frame = pd.DataFrame({"Loans": [1079], "Volume": [2.5e6], "Year built": [1998], "ZIP": [75201], "Bank": [True],
                          "Name": ["First Horizon"]})
    config = table_config(frame, {"Volume": st.column_config.NumberColumn("Volume")})
    assert config["Loans"]["type_config"]["format"] == "localized"
    assert config["Volume"]["type_config"]["format"] == "localized", "a number column set up without a format gets one"
    assert config["Year built"]["type_config"]["format"] == "plain" == number_format("ZIP")
    assert "Bank" not in config and "Name" not in config


def test_id_columns_stay_in_the_csv_and_off_the_screen(monkeypatch):
    frame = pd.DataFrame({"Investor": ["Acme LLC"], "Investor id": ["inv_0123456789ab"],
                          "Profile": ["/investors?investor=inv_0123456789ab"]})
    assert is_id_column("Property id") and is_id_column("Id") and is_id_column("Id in that run")
    assert not is_id_column("Paid") and not is_id_column("Idaho")
    assert on_screen(frame, None) == ["Investor", "Profile"]
    monkeypatch.setattr("components.tables.app_origin", lambda: "https://deedscope.example")
    written = csv_text(frame, ["Profile"]).decode()
    assert "inv_0123456789ab," in written, "the id keeps its own column in the CSV"
    assert "https://deedscope.example/investors?investor=inv_0123456789ab" in written, written
