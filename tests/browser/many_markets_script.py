"""A Streamlit script for tests/browser/test_coverage_layout.py: the Coverage page's matrix of
more markets than the sandbox serves (it serves 7), in the app's frame (wide layout, a sidebar).

The markets are the sandbox's own answer with its markets repeated under other codes, read
from the file named by `DEEDSCOPE_TEST_MARKETS`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import streamlit as st

from components.coverage_matrix import render_coverage_matrix
from services.data_api.models import CoverageMarket

st.set_page_config(page_title="deedscope", layout="wide")
st.sidebar.markdown("**deedscope**")
st.title("Coverage")
st.subheader("Datasets by market")
markets = json.loads(Path(os.environ["DEEDSCOPE_TEST_MARKETS"]).read_text())
render_coverage_matrix([CoverageMarket.model_validate(market) for market in markets], key="cov_matrix")
