"""One label per code (issue 16, Investors): an investor's kinds read as words everywhere
("Single-family rental bulk holder", "Long hold"), never as codes (SFR_BULK_HOLDER, long_hold)."""

from __future__ import annotations

import re

from components.words import code_label
from tests.pages.apptest import api_get, frame_with
from tests.pages.test_investors import open_profile

CODE = re.compile(r"^[A-Z0-9]+(_[A-Z0-9]+)+$|^[A-Z]{4,}$|^[a-z]+_[a-z_]+$")


def test_codes_read_as_words():
    assert code_label("SFR_BULK_HOLDER") == "Single-family rental bulk holder"
    assert code_label("long_hold") == "Long hold"
    assert code_label("LANDLORD") == "Landlord"
    assert code_label("IBUYER") == "iBuyer"
    assert code_label(None) == "—"


def forget_reads() -> None:
    import adapter.data
    import streamlit as st

    st.cache_data.clear()
    adapter.data._shared_resources.clear()


def test_an_investors_kinds_are_words_in_its_profile(app_env):
    # Not the investor other tests open first: a profile read here would be theirs for free.
    hit = [hit for hit in api_get(app_env, "/v1/investors/search", q="Trust")["data"] if hit.get("n_deals")][-1]
    app = open_profile(hit["id"])
    forget_reads()
    assert not app.exception
    kind = next(metric.value for metric in app.metric if metric.label == "Kind")
    assert not CODE.match(str(kind)), kind
    kinds = frame_with(app, "Confidence")["Kind"].dropna().astype(str)
    assert not kinds.str.match(CODE).any(), kinds.tolist()


def test_a_window_the_profile_does_not_serve_reads_as_a_dash():
    """Issue 16, Investors: the 12/24-month table showed 13 and "None" for the same measure."""
    from components.investor_activity import window_counters_frame

    frame = window_counters_frame({"n_events_12m": 100, "n_events_24m": 189, "n_bought_from_wholesaler_12m": 13})
    row = frame[frame["Counter"] == "bought from wholesaler"].iloc[0]
    assert (row["12 months"], row["24 months"]) == ("13", "—")
    assert frame[frame["Counter"] == "events"].iloc[0]["24 months"] == "189"
