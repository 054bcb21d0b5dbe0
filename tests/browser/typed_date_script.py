"""A Streamlit script for tests/browser/test_typed_date.py: one date field as the pages draw them
(outside a form, the shared hint as its help), and the value the script received."""

from __future__ import annotations

from datetime import date

import streamlit as st

from components.words import TYPED_DATE_HINT

day = st.date_input("Day", value=None, key="day", format="YYYY-MM-DD", min_value=date(2000, 1, 1),
                    max_value=date(2100, 1, 1), help=TYPED_DATE_HINT)
st.write(f"received: {day}")
