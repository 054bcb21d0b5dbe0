"""An investor profile's identity and activity as a person reads them (issue 29: the tour's profile
step drew two Vega charts that repeated what beside them said, in 0.2 s of its opening)."""

from __future__ import annotations

import json
import math

import pytest

from components.investor_activity import _money, counts_frame, price_band_words, window_words
from services.data_api.models import PriceBand
from tests.pages.apptest import api_get, frame_with, texts
from tests.pages.test_investors import open_profile, some_investor


def test_the_kinds_are_bars_in_their_table_and_the_price_band_is_a_sentence(app_env):
    investor = some_investor(app_env)
    app = open_profile(investor["id"])
    profile = api_get(app_env, f"/v1/investors/{investor['id']}")["data"]
    assert not app.get("arrow_vega_lite_chart"), "no chart repeats a table or a sentence"
    kinds_table = next(table for table in app.dataframe if "Confidence" in table.value.columns)
    columns = json.loads(kinds_table.proto.columns)
    assert columns["Deals"]["type_config"]["type"] == "progress", "each kind's deals drawn as a bar"
    band = profile["price_band"]
    assert band.get("p50") is not None and band.get("window"), "the sandbox serves a band to check"
    said = texts(app)
    assert "Price band" in said
    if band.get("p50") is not None:
        assert f"${band['p50']:,.0f}".replace("$", "\\$") in said, "the median, its dollar sign kept literal"
    if band.get("window"):
        assert f"over {window_words(band['window'])}" in said and f"over {band['window']} " not in said, "the window in words"


@pytest.mark.parametrize(("window", "words"), [
    ("24m", "the last 24 months"), ("12m", "the last 12 months"), (None, "the whole record"), ("all", "the whole record"),
    ("3 years", "3 years"),
])
def test_a_bands_window_in_words(window, words):
    assert window_words(window) == words


def test_a_band_in_one_sentence_whatever_the_host_serves():
    full = price_band_words(PriceBand.model_construct(**{"p25": 180000, "p50": 240000, "p75": 310000, "window": "24m", "n_priced_purchases": 546}))
    assert full == ("**Price band** over the last 24 months, from 546 priced purchases: the middle half of its purchases "
                    "paid \\$180,000 to \\$310,000, the median \\$240,000.")
    partial = price_band_words(PriceBand.model_construct(**{"p50": 240000, "p75": math.nan, "p25": True}))
    assert partial.endswith(": the median \\$240,000."), "a missing, NaN or odd quartile is left out"
    assert price_band_words(PriceBand.model_construct(**{})).endswith("not published for this investor.")
    odd = price_band_words(PriceBand.model_construct(**{"window": "*bold* " + "x" * 5000, "n_priced_purchases": "<b>many</b>", "p50": 1}))
    assert "\\*bold\\*" in odd and "\\<b\\>many" in odd, "a served value's markup shows as served"
    assert len(odd) < 300, "a long value is cut short"
    assert "nan" not in partial.lower()


def test_the_counters_are_one_table_with_their_windows_beside_them(app_env):
    """Twelve figures in two rows of columns, and a table of the windows beside, were 0.15 s of the
    profile's opening (issue 29); one table reads each count across: all time, 12 and 24 months."""
    investor = some_investor(app_env)
    app = open_profile(investor["id"])
    profile = api_get(app_env, f"/v1/investors/{investor['id']}")["data"]
    counts = frame_with(app, "All time")
    deals = counts[counts["Counter"] == "Deals"].iloc[0]
    assert deals["All time"] == f"{profile['n_deals']:,}"
    assert not {"Deals", "Flips", "Holds"} & {metric.label for metric in app.metric}, "no figure per counter"
    windows = [field for field in profile if field.endswith(("_12m", "_24m")) and isinstance(profile[field], int)]
    assert len(counts) >= len({field[:-4] for field in windows}), "every window served has its row"


def test_a_counters_window_stands_beside_it_and_one_not_served_reads_as_a_dash():
    frame = counts_frame({"n_deals": 1748, "n_flips": 12, "n_flips_12m": 3, "bought_12m": 5, "bought_24m": 9,
                          "n_holds": None, "n_sales": "7"}).set_index("Counter")
    assert frame.loc["Flips"].tolist() == ["12", "3", "—"]
    assert frame.loc["Deals"].tolist() == ["1,748", "—", "—"]
    assert frame.loc["Bought"].tolist() == ["—", "5", "9"], "a window with no counter of all time has its own row"
    assert frame.loc["Sales"]["All time"] == "7" and "Holds" not in frame.index


def test_a_profile_opened_by_a_link_folds_the_finder_away_until_opened(app_env):
    """The finder above a profile opened from another page pushed it below the first screen, and was
    0.15 to 0.25 s of its opening (issue 29, the tour's profile step): folded, it is not drawn."""
    investor = some_investor(app_env)
    app = open_profile(investor["id"])
    assert [expander.label for expander in app.expander][:1] == ["Find another investor"]
    assert not [box for box in app.text_input if box.key == "inv_id_input"], "the finder is not drawn folded"
    app.session_state["inv_finder_open"] = True  # the person opens it
    app.run()
    assert not app.exception
    assert [box for box in app.text_input if box.key == "inv_id_input"], "opened, the finder is drawn"


def test_a_link_whose_id_is_no_id_keeps_the_finder_open():
    from tests.pages.test_investors import run_page

    app = run_page(investor="inv_12")
    assert not app.exception
    assert [box for box in app.text_input if box.key == "inv_id_input"], "the finder is there to search with"


def test_a_300_digit_count_nan_or_a_long_paste_reads_cut_short_and_breaks_nothing():
    """A 300-digit integer overflowed `math.isfinite` and broke the windows and the price band."""
    huge = 10**300
    frame = counts_frame({"n_deals": float("nan"), "n_flips": "x" * 300, "n_holds": 12.0, "n_flips_12m": huge,
                          "bought_24m": float("nan")}).set_index("Counter")
    assert frame.loc["Deals"]["All time"] == "—", "NaN reads as not served"
    assert frame.loc["Flips"]["All time"] == "x" * 40 + "…"
    assert frame.loc["Flips"]["12 months"].startswith("1,000,000") and len(frame.loc["Flips"]["12 months"]) == 41
    assert frame.loc["Holds"]["All time"] == "12"
    assert frame.loc["Bought"].tolist() == ["—", "—", "—"]
    words = price_band_words(PriceBand.model_construct(**{"p25": huge, "p50": 250_000, "p75": 400_000, "n_priced_purchases": huge, "window": "24m"}))
    assert "the median \\$250,000" in words and "…" in words and len(words) < 400


def test_a_loss_reads_as_minus_dollars_not_dollars_minus():
    """A median gross profit below nothing (the investor resold at a loss) read "$-5,000"."""
    assert _money(-5000) == "−$5,000"
    assert _money(-0.4) == "$0" and _money(1_748.6) == "$1,749" and _money(None) == "—"


def test_every_counter_shown_is_a_field_of_the_profile():
    """The counters are read by name (their windows are a family of names); each one the table shows
    is declared on the model, so a renamed field fails here rather than reading "—" in front of a person."""
    from components.investor_activity import ALL_TIME_COUNTERS
    from services.data_api.models import InvestorProfile

    assert {field for field, _label in ALL_TIME_COUNTERS} <= set(InvestorProfile.model_fields)
