"""The Wholesale page in a person's words (issue 26): a listing named by its parcel, not its id;
an asking-price range checked before any request and said in dollars."""

from __future__ import annotations

import pytest

from tests.pages.apptest import api_get, page_path, run_page, sandbox_fixtures

PAGE = page_path("wholesale")


def test_a_listing_is_headed_by_its_place_with_the_id_small_beneath(app_env):
    bbox = ",".join(map(str, sandbox_fixtures(app_env)["markets"]["ATL"]))
    listing = api_get(app_env, "/v1/wholesale-listings", bbox=bbox, limit=1)["data"][0]
    app = run_page(PAGE, listing=listing["id"])
    assert not app.exception
    heading = app.subheader[0].value
    assert listing["id"] not in heading
    assert listing["property"]["zip"] in heading and listing["property"]["city"] in heading.replace("\\", "")
    assert not any(listing["id"] in caption.value for caption in app.caption)
    assert any(listing["id"] in code.value for code in app.code), "the id in the copyable details line"


@pytest.mark.shape_independent("a price range that cannot hold a listing is refused before any request")
def test_min_above_max_is_said_in_dollars_before_any_request(app_env):
    """"Invalid min_price … Correct min_price" reached the page."""
    app = run_page(PAGE, market="CLT")
    app.number_input(key="whl_min").set_value(300000)
    app.number_input(key="whl_max").set_value(100000).run()
    assert not app.exception
    said = " ".join(element.value for element in app.error)
    assert "($300,000) is above “Asking at most” ($100,000)" in said
    assert "min_price" not in said
    assert not app.get("deck_gl_json_chart"), "no listings of a range that cannot hold any"


@pytest.mark.shape_independent("a negative price is refused before any request")
def test_a_negative_asking_price_is_said(app_env):
    app = run_page(PAGE, market="CLT")
    app.number_input(key="whl_min").set_value(-1).run()
    assert "An asking price is $0 or more" in " ".join(element.value for element in app.error)
