"""Listing agents: `/v1/agents/search`, `/v1/agents/{id}`, `/v1/agents/{id}/listings` (data-api.md)."""

from __future__ import annotations

import pytest

from tests.sandbox.data_api.helpers import assert_problem, fixtures, get, walk

BENCH = "zpka_sandbox_bench"


@pytest.fixture(scope="module")
def notable(sandbox_url):
    return fixtures(sandbox_url)


@pytest.fixture(scope="module")
def single_market_agent(sandbox_url, notable):
    hits = get(sandbox_url, "/v1/agents/search", {"q": notable["agent_name_queries"][0]}, key=BENCH).json()["data"]
    multi = {a["agent_id"] for a in notable["multi_market_agent_ids"]}
    return next(hit for hit in hits if hit["id"] not in multi and hit["n_listings"] > 5)


def test_search_serves_no_names_and_caps_at_50(sandbox, notable):
    """data-api.md, Listing agent profile: name always null (redacted); Limits 6: at most 50 hits."""
    body = get(sandbox.url, "/v1/agents/search", {"q": "realty"}).json()
    assert len(body["data"]) == 50 and body["page"]["capped"] is True and body["page"]["next_cursor"] is None
    assert all(hit["name"] is None and hit["contact_redacted"] for hit in body["data"])
    assert notable["agent_name_queries"][0] not in get(sandbox.url, "/v1/agents/search",
                                                       {"q": notable["agent_name_queries"][0]}).text
    assert body["data"][0]["id"].startswith("agt_")
    assert get(sandbox.url, "/v1/agents/search", {"q": "realty"}).headers.get("X-Credits-Charged", "0") == "0"


def test_profile_counts_agree_with_listings(sandbox, single_market_agent):
    """data-api.md, Listing agent profile: listings n_total, n_sold, ... and by_year."""
    agent_id = single_market_agent["id"]
    profile = get(sandbox.url, f"/v1/agents/{agent_id}").json()["data"]
    assert profile["name"] is None and profile["license"] is None and profile["name_variants"] is None
    assert profile["identity_basis"] in ("LICENSE_EXACT", "LICENSE_FUZZY", "LICENSE_NAME", "LICENSE_CONTACT",
                                         "CONTACT_CLUSTER", "NAME_BROKERAGE", "NAME_ONLY")
    listings = walk(sandbox.url, f"/v1/agents/{agent_id}/listings", {"limit": 7})
    counts = profile["listings"]
    assert counts["n_total"] == len(listings) == len({row["listing_id"] for row in listings})
    assert counts["n_sold"] == sum(1 for row in listings if row["status"] == "SOLD")
    assert counts["n_on_market"] == counts["n_active"] + counts["n_pending"]
    assert sum(year["n_listed"] for year in counts["by_year"]) == sum(1 for row in listings if row["listed_on"])
    dated = [row["listed_on"] for row in listings if row["listed_on"]]
    assert dated == sorted(dated, reverse=True)
    assert all(row["listed_on"] is None for row in listings[len(dated):])  # undated last


def test_status_filter(sandbox, single_market_agent):
    rows = get(sandbox.url, f"/v1/agents/{single_market_agent['id']}/listings", {"status": "sold"}).json()["data"]
    assert rows and all(row["status"] == "SOLD" for row in rows)
    assert_problem(get(sandbox.url, f"/v1/agents/{single_market_agent['id']}/listings", {"status": "LOST"}),
                   400, "validation_error")


def test_agent_in_two_markets_needs_market(sandbox, notable):
    """data-api.md, /v1/agents: market sent only when the id exists in more than one loaded market (else 400 market_required)."""
    multi = notable["multi_market_agent_ids"][0]
    assert_problem(get(sandbox.url, f"/v1/agents/{multi['agent_id']}"), 400, "market_required")
    assert_problem(get(sandbox.url, f"/v1/agents/{multi['agent_id']}/listings"), 400, "market_required")
    for market in multi["markets"]:
        body = get(sandbox.url, f"/v1/agents/{multi['agent_id']}", {"market": market}).json()
        assert body["data"]["market"] == market
        assert [c["market"] for c in body["meta"]["coverage"]] == [market]


def test_market_without_agent_registry_is_agents_unavailable(sandbox, notable):
    """data-api.md, Errors (Rules): agents_unavailable for a market with no published agent registry."""
    coverage = get(sandbox.url, "/v1/coverage").json()["data"]["markets"]
    unpublished = next(m["market"] for m in coverage if m["datasets"]["agents"]["status"] == "not_published")
    assert_problem(get(sandbox.url, "/v1/agents/search", {"q": "realty", "market": unpublished}), 422, "agents_unavailable")


def test_merged_and_retired_agents(sandbox, notable):
    """data-api.md, Conventions (Old ids): old agt_ id followed with resolved_from; retired answers 410 with superseded_by null."""
    merged = notable["merged_agent_ids"][0]
    markets = next((m["markets"] for m in notable["multi_market_agent_ids"] if m["agent_id"] == merged["current"]), None)
    params = {"market": markets[0]} if markets else {}
    body = get(sandbox.url, f"/v1/agents/{merged['old']}", params).json()
    assert body["data"]["id"] == merged["current"]
    assert body["meta"]["resolved_from"] == [merged["old"]]
    problem = assert_problem(get(sandbox.url, f"/v1/agents/{notable['retired_agent_ids'][0]}"), 410, "gone")
    assert problem["superseded_by"] is None


@pytest.mark.parametrize("bad", ["agt_1", "inv_0123456789ab", "agt_0123456789AB"])
def test_malformed_agent_id(sandbox, bad):
    assert_problem(get(sandbox.url, f"/v1/agents/{bad}"), 400, "invalid_id")
