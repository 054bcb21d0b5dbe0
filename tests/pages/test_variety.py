"""Key pages on the `--variety` sandbox (sandbox/data_api/variety.py), in every run of the suite:
short and empty pages with cursors, unknown fields, nulls, a market (CLT) without parcels,
history and addresses. `DEEDSCOPE_TEST_SANDBOX_PROFILE=variety` runs every page test on it."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest import api_get, open_tab, page_path, run_page, sandbox_fixtures, texts

pytestmark = pytest.mark.shape_independent("on the --variety sandbox in every pass already (variety_app_env)")

PROPERTIES = page_path("properties")
# What a null or an unknown field must never become on a page (whole words: "Finance" is fine).
NEVER_SAID = (r"\bNone\b", r"\*\*\*\*", r"added_later", r"\bnan\b", r"\bNaN\b")


def confirm(app: AppTest, key: str) -> AppTest:
    app.button(key=f"{key}_confirm").click().run()
    assert not app.exception
    return app


def assert_no_raw_values(app: AppTest) -> None:
    said = texts(app)
    for pattern in NEVER_SAID:
        found = re.search(pattern, said)
        assert found is None, (pattern, said[max(0, found.start() - 80):found.end() + 80])
    for frame in app.dataframe:
        assert "added_later" not in frame.value.columns, list(frame.value.columns)


def test_a_parcel_search_follows_short_and_empty_pages_to_its_bound(variety_app_env):
    app = confirm(run_page(PROPERTIES, zip="75201"), "prop_search")
    table = app.dataframe[0].value
    assert len(table) == 25, "25 parcels asked: the short first page (16) and the empty second are not the end"
    assert table["Property id"].is_unique
    assert "More parcels exist than the 25 shown." in texts(app)
    assert_no_raw_values(app)
    app.button(key="prop_limit_more").click().run()
    confirm(app, "prop_search")
    every = api_get(variety_app_env, "/v1/deals/summary", zip="75201")  # the zip is served
    assert every and 25 < len(app.dataframe[0].value) < 100, "every parcel of the ZIP, under the new bound"
    assert "More parcels exist" not in texts(app)


def test_a_market_without_parcel_records_or_history_shows_the_rest(variety_app_env):
    deal = api_get(variety_app_env, "/v1/deals", city="Charlotte", limit=1)["data"][0]
    property_id = deal["property"]["property_id"]
    app = confirm(run_page(PROPERTIES, property=property_id), "prop_parcel")
    said = texts(app)
    assert "does not publish its parcel records yet" in said
    assert "does not publish its chain of title yet" in said
    assert not app.error
    assert_no_raw_values(app)
    loans = open_tab(app, "Loans", key="prop_section")  # only the open tab is drawn
    assert any("Lender" in frame.value.columns for frame in loans.dataframe) or "No loans recorded" in texts(loans)
    assert_no_raw_values(loans)


def test_who_would_buy_it_reads_on_past_a_short_page_and_says_no_none(variety_app_env):
    property_id = sandbox_fixtures(variety_app_env)["parcel_with_everything"]
    app = confirm(run_page(PROPERTIES, property=property_id, tab="buyers"), "prop_parcel")
    assert_no_raw_values(app)
    confirm(app, "prop_match")
    matches = next(frame.value for frame in app.dataframe if "Why" in frame.value.columns)
    assert len(matches) == 25 and matches["Rank"].tolist() == list(range(1, 26))
    assert_no_raw_values(app)


def test_an_investor_profile_with_nulls_and_unknown_fields(variety_app_env):
    investor = api_get(variety_app_env, "/v1/investors/search", q="LLC")["data"][0]
    app = run_page(page_path("investors"), investor=investor["id"])
    app.button(key="inv_profile_confirm").click().run()
    # Only the open tab is drawn: each is opened in turn.
    for label in [tab.label for tab in app.tabs]:
        open_tab(app, label)
        assert not app.exception, label
        assert_no_raw_values(app)


def test_a_wholesale_listing_with_a_null_publication_date(variety_app_env):
    market = api_get(variety_app_env, "/v1/coverage", market="DFW")["data"]["markets"][0]
    listing = api_get(variety_app_env, "/v1/wholesale-listings", bbox=",".join(map(str, market["bbox"])),
                      limit=1)["data"][0]
    app = run_page(page_path("wholesale"), listing=listing["id"])
    assert not app.exception
    assert "publication date not given" in texts(app)
    assert_no_raw_values(app)


def test_a_lender_and_a_markets_leading_lenders(variety_app_env):
    lender_id = sandbox_fixtures(variety_app_env)["large_lender_id"]
    app = run_page(page_path("lenders"), lender=lender_id)
    assert not app.exception
    assert_no_raw_values(app)
    app = run_page(page_path("lenders"), market="DFW")
    assert not app.exception
    assert len(next(f.value for f in app.dataframe if "Rank" in f.value.columns)) == 25, "short pages followed"
    assert_no_raw_values(app)


def test_short_term_rentals_with_nulls_and_unknown_fields(variety_app_env):
    from tests.pages.apptest import walk_api

    expected = walk_api(variety_app_env, "/v1/str-parcels", 200, city="Dallas")
    app = confirm(run_page(PROPERTIES, find="criteria", city="Dallas"), "prop_search")
    app.button(key="prop_str_ask").click().run()
    confirm(app, "prop_str")
    rentals = next(frame.value for frame in app.dataframe if "Nightly rate" in frame.value.columns)
    assert len(rentals) == len(expected) > 1
    assert_no_raw_values(app)
