"""The parcel level: search, a parcel's deeds, loans, permits and listings, buyers match, STR parcels (data-api.md)."""

from __future__ import annotations

import pytest

from tests.sandbox.data_api.helpers import DEMO_KEY, _client, assert_problem, fixtures, get, headers

SEARCH = "/v1/properties/search"


def post(url: str, body: dict, *, key: str = DEMO_KEY):
    return _client.post(f"{url}{SEARCH}", json=body, headers=headers(key))


@pytest.fixture(scope="module")
def notable(sandbox_url):
    return fixtures(sandbox_url)


def test_every_deal_has_its_parcel(sandbox):
    """Issue 19: parcels hold every deal's property_id; the parcel's deeds are the deals on it."""
    deals = get(sandbox.url, "/v1/deals", {"zip": "75201", "limit": 20}).json()["data"]
    for deal in deals:
        property_id = deal["property"]["property_id"]
        found = post(sandbox.url, {"place": {"property_id": property_id}}).json()["data"]
        assert [p["property_id"] for p in found] == [property_id]
        assert found[0]["address"]["zip"] == deal["property"]["zip"]
        history = get(sandbox.url, f"/v1/properties/{property_id}/history").json()["data"]
        assert deal["id"] in {deed["deal_id"] for deed in history}


def test_zip_search_pages_and_stays_in_its_zips(sandbox):
    """data-api.md: a zip list searches only the markets carrying those ZIPs; limits 100/500; keyset cursors."""
    first = post(sandbox.url, {"place": {"zip": ["75201", "75204"]}})
    assert first.status_code == 200
    body = first.json()
    assert body["page"]["limit"] == 100 and len(body["data"]) == 100
    assert {row["address"]["zip"] for row in body["data"]} <= {"75201", "75204"}
    assert [c["market"] for c in body["meta"]["coverage"]] == ["DFW"]
    second = post(sandbox.url, {"place": {"zip": ["75201", "75204"]}, "cursor": body["page"]["next_cursor"]}).json()
    assert not {r["property_id"] for r in body["data"]} & {r["property_id"] for r in second["data"]}
    assert post(sandbox.url, {"place": {"zip": ["75201"]}, "limit": 900}).json()["page"]["limit"] == 500
    other = post(sandbox.url, {"place": {"zip": ["75204"]}, "cursor": body["page"]["next_cursor"]})
    assert_problem(other, 400, "invalid_cursor")


def test_unknown_zip_is_outside_coverage(sandbox):
    """data-api.md, geometry rules: an unknown ZIP answers 422 outside_coverage naming zips_unknown."""
    problem = assert_problem(post(sandbox.url, {"place": {"zip": ["75201", "99999"]}}), 422, "outside_coverage")
    assert problem["zips_unknown"] == ["99999"]


@pytest.mark.parametrize("place, code", [
    pytest.param({}, "geometry_required", id="no-place"),
    pytest.param({"zip": ["75201"], "city": "Dallas"}, "geometry_conflict", id="two-places"),
    pytest.param({"zip": ["7520"]}, "validation_error", id="bad-zip"),
    pytest.param({"property_id": "prop_12"}, "invalid_id", id="bad-id"),
    pytest.param({"lat": 32.8, "lng": -96.8, "radius_miles": 25}, "validation_error", id="radius-over-20"),
])
def test_bad_places_are_refused(sandbox, place, code):
    assert_problem(post(sandbox.url, {"place": place}), 400, code)


def test_unknown_body_member_is_refused(sandbox):
    problem = assert_problem(post(sandbox.url, {"place": {"zip": ["75201"]}, "beds": 3}), 400, "validation_error")
    assert problem["errors"][0]["param"] == "beds"


def test_criteria_nest_and_filter(sandbox):
    """Issue 19: criteria nest (place, property attributes, owner kind, last sale)."""
    body = {"place": {"city": "Dallas"}, "property": {"beds_min": 4, "year_built_min": 1990, "sqft_min": 1500},
            "owner": {"kind": "organization"}, "last_sale": {"from": "2025-01-01", "min_price": 200000},
            "sort": "last_sale_desc", "limit": 50}
    rows = post(sandbox.url, body).json()["data"]
    assert rows
    for row in rows:
        assert row["bedrooms"] >= 4 and row["year_built"] >= 1990 and row["living_area_sqft"] >= 1500
        assert row["owner"]["investor_id"].startswith("inv_")
        assert row["last_sale"]["date"] >= "2025-01-01" and row["last_sale"]["price"] >= 200000
    dates = [row["last_sale"]["date"] for row in rows]
    assert dates == sorted(dates, reverse=True)


def test_person_owners_are_omitted_without_a_flag(sandbox):
    """data-api.md, What the service does 6: on parcel routes a natural person's keys are omitted, no flag."""
    rows = post(sandbox.url, {"place": {"zip": ["75201"]}, "owner": {"kind": "person"}, "limit": 20}).json()["data"]
    assert rows and all("owner" not in row and "contact_redacted" not in row for row in rows)


def test_person_deeds_omit_the_person(sandbox, notable):
    history = get(sandbox.url, f"/v1/properties/{notable['parcel_of_person_deed']}/history").json()["data"]
    assert any("buyer" not in deed for deed in history)
    assert all("contact_redacted" not in deed for deed in history)


def test_ambiguous_address_and_apn(sandbox, notable):
    """data-api.md, Errors: ambiguous_address / ambiguous_apn; the unit or the county narrows to one."""
    address = notable["ambiguous_address"]
    problem = assert_problem(post(sandbox.url, {"place": {"address": address}}), 422, "ambiguous_address")
    assert len(problem["candidates"]) >= 2
    one = post(sandbox.url, {"place": {"address": {**address, "unit": problem["candidates"][0]["unit"]}}})
    assert [row["property_id"] for row in one.json()["data"]] == [problem["candidates"][0]["property_id"]]
    problem = assert_problem(post(sandbox.url, {"place": {"apn": notable["ambiguous_apn"]}}), 422, "ambiguous_apn")
    county = problem["candidates"][0]["county_fips"]
    narrowed = post(sandbox.url, {"place": {"apn": notable["ambiguous_apn"], "county_fips": county}}).json()["data"]
    assert narrowed and all(row["county_fips"] == county for row in narrowed)


def test_a_property_new_to_the_account_costs_one_credit(sandbox, notable):
    """data-api.md, Limits 3: a property new to the account costs 1; one already held costs nothing again."""
    property_id = notable["parcel_with_everything"]
    first = get(sandbox.url, f"/v1/properties/{property_id}/financing")
    assert first.headers["X-Credits-Charged"] == "1"
    for detail in ("financing", "permits", "listing-history"):
        assert get(sandbox.url, f"/v1/properties/{property_id}/{detail}").headers["X-Credits-Charged"] == "0"
    assert post(sandbox.url, {"place": {"property_id": property_id}}).headers["X-Credits-Charged"] == "0"


def test_a_parcels_history_charges_each_deal_new_to_the_account(sandbox, notable):
    """data-api.md line 13 (What the service does 7): "Reads that serve a deal, an investor or a property
    (a parcel) new to the caller's account cost 1 credit each"; Limits 3 (line 249): one already held
    costs nothing again. `/history` serves the parcel's deals: the parcel and each new deal cost 1."""
    property_id = notable["parcel_with_everything"]
    first = get(sandbox.url, f"/v1/properties/{property_id}/history")
    deals = [deed["deal_id"] for deed in first.json()["data"]]
    assert len(deals) >= 2 and all(deal.startswith("deal_") for deal in deals)
    assert first.headers["X-Credits-Charged"] == str(1 + len(deals))
    assert get(sandbox.url, f"/v1/properties/{property_id}/history").headers["X-Credits-Charged"] == "0"


def test_a_history_charges_only_the_deals_the_account_does_not_hold(sandbox):
    """data-api.md, Limits 3 (line 249): a deal already held (read here in a deal list) costs nothing again."""
    deal = get(sandbox.url, "/v1/deals", {"zip": "75201", "limit": 1}).json()["data"][0]
    property_id = deal["property"]["property_id"]
    history = get(sandbox.url, f"/v1/properties/{property_id}/history")
    deals = {deed["deal_id"] for deed in history.json()["data"]}
    assert deal["id"] in deals
    assert history.headers["X-Credits-Charged"] == str(1 + len(deals - {deal["id"]}))


def test_a_parcels_details(sandbox, notable):
    """Loans come from the lenders' loans, listings from the listings, deeds from the deals."""
    property_id = notable["parcel_with_everything"]
    loans = get(sandbox.url, f"/v1/properties/{property_id}/financing").json()
    assert loans["data"] and all(loan["lender"]["id"].startswith("len_") for loan in loans["data"])
    assert loans["meta"]["property_id"] == property_id
    lender = loans["data"][0]["lender"]["id"]
    lender_loans = get(sandbox.url, f"/v1/lenders/{lender}/loans", {"limit": 500}).json()["data"]
    assert loans["data"][0]["loan_id"] in {loan["loan_id"] for loan in lender_loans} or len(lender_loans) == 500
    permits = get(sandbox.url, f"/v1/properties/{property_id}/permits").json()["data"]
    assert permits and {"permit_number", "kind", "status", "issued_on"} <= set(permits[0])
    listings = get(sandbox.url, f"/v1/properties/{property_id}/listing-history").json()["data"]
    assert listings and all(len(row["listing_id"]) == 32 for row in listings)
    history = get(sandbox.url, f"/v1/properties/{property_id}/history").json()["data"]
    assert len(history) >= 2
    assert [d["recorded_on"] for d in history] == sorted((d["recorded_on"] for d in history), reverse=True)


def test_detail_errors(sandbox, notable):
    assert_problem(get(sandbox.url, "/v1/properties/12/history"), 400, "invalid_id")
    assert_problem(get(sandbox.url, f"/v1/properties/prop_{'0' * 32}/permits"), 404, "not_found")
    # NNJ publishes no listing feed (its coverage says so).
    nnj = notable["parcel_nnj"]
    assert_problem(get(sandbox.url, f"/v1/properties/{nnj}/listing-history"), 422, "listings_unavailable")


def test_buyers_match_ranks_with_reasons(sandbox, notable):
    """data-api.md, Pagination: buyers match 100 by default, 200 at most; each investor new costs 1."""
    property_id = notable["parcel_with_everything"]
    response = get(sandbox.url, "/v1/buyers/match", {"property_id": property_id})
    assert response.status_code == 200
    body = response.json()
    assert body["page"]["limit"] == 100
    rows = body["data"]
    assert rows and [row["rank"] for row in rows] == list(range(1, len(rows) + 1))
    assert [row["score"] for row in rows] == sorted((row["score"] for row in rows), reverse=True)
    assert all(row["why"]["n_bought_nearby"] >= 1 and row["why"]["nearest_miles"] <= 3 for row in rows)
    assert response.headers["X-Credits-Charged"] == str(len({row["investor"]["investor_id"] for row in rows}))
    assert get(sandbox.url, "/v1/buyers/match", {"property_id": property_id, "limit": 999}).json()["page"]["limit"] == 200
    for row in rows:
        if row["investor"]["name"] is None:
            assert row["investor"]["contact_redacted"] is True


def test_buyers_match_pages(sandbox, notable):
    params = {"property_id": notable["parcel_with_everything"], "limit": 5, "radius_miles": 5}
    first = get(sandbox.url, "/v1/buyers/match", params).json()
    second = get(sandbox.url, "/v1/buyers/match", {**params, "cursor": first["page"]["next_cursor"]}).json()
    assert [row["rank"] for row in second["data"]] == [6, 7, 8, 9, 10]
    assert_problem(get(sandbox.url, "/v1/buyers/match", {}), 400, "validation_error")


def test_str_parcels_where_published(sandbox, notable):
    """Issue 19: STR parcels in some markets only; sold by contract (403 plan_limit without it)."""
    response = get(sandbox.url, "/v1/str-parcels", {"zip": notable["str_zip"]})
    assert response.status_code == 200
    rows = response.json()["data"]
    assert rows and all(row["address"]["zip"] == notable["str_zip"] for row in rows)
    assert response.json()["page"]["limit"] == 500
    assert response.headers["X-Credits-Charged"] == str(len(rows))
    for row in rows:
        if row["owner"]["name"] is None:
            assert row["owner"]["contact_redacted"] is True
    assert_problem(get(sandbox.url, "/v1/str-parcels", {"city": "Houston"}), 422, "str_unavailable")
    assert_problem(get(sandbox.url, "/v1/str-parcels", {"zip": "07102"}), 422, "str_unavailable")
    assert_problem(get(sandbox.url, "/v1/str-parcels", {"zip": "75201"}, key="zpka_sandbox_nostr"), 403, "plan_limit")
    assert_problem(get(sandbox.url, "/v1/str-parcels", {}), 400, "geometry_required")
