"""A Streamlit script for tests/browser/test_typed_date.py: one date field as the pages draw
them (components/date_field.py), the date the script received, and how many times it ran (a
rerun asked for while typing would show there)."""

from __future__ import annotations

from datetime import date

import streamlit as st

from components.date_field import date_field

st.session_state["runs"] = st.session_state.get("runs", 0) + 1
day = date_field("Day", key="day", min_value=date(2000, 1, 1), max_value=date(2100, 1, 1), help="Any day of this century.")
st.write(f"received: {day}")
st.write(f"runs: {st.session_state['runs']}")
