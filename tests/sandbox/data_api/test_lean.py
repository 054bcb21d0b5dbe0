"""The lean `/v3` set: people's listings with their five filters, a marketplace listing, buyers (data-api.md, Lean set)."""

from __future__ import annotations

import pytest

from tests.sandbox.data_api.helpers import assert_problem, fixtures, get, walk

BENCH = "zpka_sandbox_bench"
ROW_FIELDS = {"mention_id", "listing_id", "property_id", "is_current", "seen_from", "seen_to", "listed_on", "status",
              "sold_on", "zip", "county_fips", "roles", "is_team", "brokerage_name", "office_name", "holder_org_ids",
              "n_holder_orgs", "holder_basis", "self_listing", "buyer_org_ids", "buyer_rule", "buyer_deed_date",
              "buyer_flagged", "price_match"}


@pytest.fixture(scope="module")
def notable(sandbox_url):
    return fixtures(sandbox_url)


def person_rows(url, person_id, **params):
    """Every row for a person, walking the cursor (decisions.md filter names); the lean set takes no on-behalf header."""
    return walk(url, f"/v3/people/{person_id}/listings", params, on_behalf=None)


def test_rows_have_the_documented_shape_newest_first(sandbox, notable):
    """data-api.md, Lean set: listing rows newest first, undated last, mention_id as tie-break; no on-behalf header."""
    person = notable["person_ids_with_listings"][0]
    body = get(sandbox.url, f"/v3/people/{person}/listings", on_behalf=None).json()
    assert body["meta"]["coverage"] == []
    assert set(body["data"][0]) == ROW_FIELDS
    rows = person_rows(sandbox.url, person, limit=13)
    keys = [(row["listed_on"] is None, row["listed_on"] or "", row["mention_id"]) for row in rows]
    dated = [row for row in rows if row["listed_on"]]
    assert [r["listed_on"] for r in dated] == sorted((r["listed_on"] for r in dated), reverse=True)
    assert all(row["listed_on"] is None for row in rows[len(dated):])
    assert len({row["mention_id"] for row in rows}) == len(rows) == len(keys)
    assert all(row["is_current"] for row in rows)
    assert len({row["listing_id"] for row in rows}) == len(rows)  # current version only, one row per listing


def test_all_versions_returns_one_row_per_mention(sandbox, notable):
    """data-api.md, Lean set: all_versions=true returns every weekly version; default the current one only."""
    person = notable["person_ids_with_listings"][0]
    current = person_rows(sandbox.url, person)
    versions = person_rows(sandbox.url, person, all_versions="true")
    assert len(versions) > len(current)
    assert {row["listing_id"] for row in versions} == {row["listing_id"] for row in current}
    assert sum(1 for row in versions if row["is_current"]) == len(current)


def test_status_listed_from_self_listing_and_flagged_purchase_filters(sandbox, notable):
    """decisions.md: lean filter names status, listed_from, all_versions, self_listing, flagged_purchase."""
    person = notable["person_ids_with_listings"][0]
    everything = person_rows(sandbox.url, person)
    sold = person_rows(sandbox.url, person, status="SOLD")
    assert sold and all(row["status"] == "SOLD" for row in sold)
    assert len(sold) == sum(1 for row in everything if row["status"] == "SOLD")
    recent = person_rows(sandbox.url, person, listed_from="2025-01-01")
    assert recent and all(row["listed_on"] >= "2025-01-01" for row in recent)
    flagged = person_rows(sandbox.url, person, flagged_purchase="true")
    assert all(row["buyer_flagged"] is True and row["buyer_org_ids"] for row in flagged)
    assert len(flagged) == sum(1 for row in everything if row["buyer_flagged"])
    selfs = person_rows(sandbox.url, person, self_listing="true")
    assert all(row["self_listing"] for row in selfs)
    assert len(selfs) == sum(1 for row in everything if row["self_listing"])


def test_person_who_is_no_agent_gets_an_empty_list(sandbox):
    """data-api.md, Lean set: empty when the person is no agent."""
    body = get(sandbox.url, "/v3/people/person:000000000000/listings", on_behalf=None).json()
    assert body["data"] == [] and body["page"]["next_cursor"] is None


@pytest.mark.parametrize("bad", ["person:12", "0123456789ab", "person:0123456789AB"])
def test_malformed_person_id(sandbox, bad):
    """data-api.md, Conventions: person id is person: + 12 hex characters."""
    problem = assert_problem(get(sandbox.url, f"/v3/people/{bad}/listings", on_behalf=None), 400, "invalid_id")
    assert "person:" in problem["detail"]


def test_people_limit_is_lowered_to_500(sandbox, notable):
    body = get(sandbox.url, f"/v3/people/{notable['person_ids_with_listings'][0]}/listings", {"limit": 9999}).json()
    assert body["page"]["limit"] == 500


def test_marketplace_listing_names_its_closing(sandbox, notable):
    """data-api.md, Marketplace listing with the reading of the deeds; 0 credits."""
    listing_id = notable["listing_ids"][0]
    response = get(sandbox.url, f"/v3/marketplace/listings/{listing_id}", on_behalf=None)
    data = response.json()["data"]
    assert data["listing_id"] == listing_id
    assert data["resolve"] == "exact" and data["outcome"] == "closed"
    assert data["closing"]["window"] == "close" and data["wholesaler"]["match"] == "filed"
    assert set(data["legs"]) == {"pre", "close", "late"}
    assert "X-Credits-Charged" not in response.headers
    deal = get(sandbox.url, f"/v1/deals/deal_{data['closing']['deal_id']}", key=BENCH).json()["data"]
    assert deal["listing_id"] == listing_id
    assert deal["sale_date"] == data["closing"]["sale_date"] and deal["price"] == data["closing"]["price"]
    assert_problem(get(sandbox.url, "/v3/marketplace/listings/" + "0" * 32), 404, "not_found")
    assert_problem(get(sandbox.url, "/v3/marketplace/listings/xyz"), 400, "invalid_id")


def test_buyers_most_purchases_first(sandbox, notable):
    """data-api.md, Lean set: /v3/buyers ordered by most purchases first; lean org ids <STATE>:<registry_number>."""
    body = get(sandbox.url, "/v3/buyers", {"limit": 30}, on_behalf=None).json()
    counts = [row["n_purchases"] for row in body["data"]]
    assert len(counts) == 30 and counts == sorted(counts, reverse=True)
    state, _, number = body["data"][0]["org_id"].partition(":")
    assert len(state) == 2 and number.isdigit()
    bbox = ",".join(map(str, notable["markets"]["DFW"]))
    zip_code = get(sandbox.url, "/v1/deals", {"bbox": bbox, "limit": 1}, key=BENCH).json()["data"][0]["property"]["zip"]
    local = get(sandbox.url, "/v3/buyers", {"zip": zip_code, "from": "2024-01-01"}).json()["data"]
    assert local and all(row["n_purchases"] >= 1 for row in local)
    problem = assert_problem(get(sandbox.url, "/v3/buyers", {"zip": "99999"}), 422, "outside_coverage")
    assert problem["zips_unknown"] == ["99999"]
