"""The Wholesale page (AppTest) against the real sandbox: listings, a listing, wholesalers, a missing dataset."""

from __future__ import annotations

import pytest

from tests.pages.apptest import api_get, frame_with, page_runner, sandbox_fixtures, texts
from tests.pages.small_maps import kinds, small_maps

run_page = page_runner("wholesale")


def sold_listing(sandbox) -> dict:
    bbox = ",".join(map(str, sandbox_fixtures(sandbox)["markets"]["ATL"]))
    return api_get(sandbox, "/v1/wholesale-listings", bbox=bbox, status="SOLD", limit=1)["data"][0]


def test_a_markets_active_listings_on_a_map_and_a_table(app_env):
    app = run_page(market="CLT")
    assert not app.exception
    table = frame_with(app, "Wholesaler page")
    assert len(table) > 0 and set(table["Status"]) == {"Active"}
    assert all(link.startswith("/wholesale?listing=wl_") for link in table["Listing"])
    assert small_maps(app), "the listings are on a map"
    # issue 16: codes read as words, and the dots have their context: the market's frame, the states' borders.
    assert app.multiselect(key="whl_status").value == ["ACTIVE"]
    assert "Active" in app.multiselect(key="whl_status").options
    drawn = kinds(small_maps(app)[0])
    assert drawn.index("paths") < drawn.index("polygons") < drawn.index("points"), drawn


def test_status_filter_follows_the_link(app_env):
    app = run_page(market="CLT", status=["SOLD"])
    assert not app.exception
    table = frame_with(app, "Wholesaler page")
    assert set(table["Status"]) == {"Sold"}
    assert all(link.startswith("/investors?investor=inv_") for link in table["Buyer page"])


def test_a_market_without_wholesale_says_so(app_env):
    app = run_page(market="NNJ")
    assert not app.exception
    assert "has no published wholesale dataset yet" in texts(app)


def test_a_listing_links_its_wholesaler_and_buyer(app_env):
    listing = sold_listing(app_env)
    app = run_page(listing=listing["id"])
    assert not app.exception
    assert app.subheader[0].value.startswith("Wholesale listing in ")  # its place (issue 26), the id beneath
    said = texts(app)
    assert f"/wholesale?wholesaler={listing['wholesaler']['id']}" in said
    assert f"/investors?investor={listing['buyer']['investor_id']}" in said


def test_a_wholesaler_profile_buyers_and_listings(app_env):
    wholesaler_id = sold_listing(app_env)["wholesaler"]["id"]
    app = run_page(wholesaler=wholesaler_id)
    assert not app.exception
    profile = api_get(app_env, f"/v1/wholesalers/{wholesaler_id}")["data"]
    assert len(frame_with(app, "Listing")) == profile["n_listings"]
    assert len(frame_with(app, "Purchases")) == len(profile["top_buyers"])


def test_wholesaler_search(app_env):
    profile = api_get(app_env, f"/v1/wholesalers/{sold_listing(app_env)['wholesaler']['id']}")["data"]
    app = run_page(q=profile["name"][:10])
    assert not app.exception
    assert f"/wholesale?wholesaler={profile['id']}" in list(frame_with(app, "Listings")["Open"])


@pytest.mark.shape_independent("a malformed id is refused before any request, an unknown one answers 404")
def test_bad_ids_are_said(app_env):
    app = run_page(listing="wl_12")
    assert "is not a wholesale listing id" in texts(app)
    app = run_page(wholesaler="wsr_0123456789ab")
    assert not app.exception
    assert "No wholesaler has the id" in texts(app)
