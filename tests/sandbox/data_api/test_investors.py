"""`/v1/investors`, `/search`, `/{id}`, `/{id}/deals`: profiles agree with deals; old and retired ids."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.sandbox.data_api.helpers import assert_problem, fixtures, get, walk

BENCH = "zpka_sandbox_bench"


@pytest.fixture(scope="module")
def notable(sandbox_url):
    return fixtures(sandbox_url)


def test_profile_counters_derive_from_the_investors_deals(sandbox, notable):
    """Issue 2, Dataset: every counter of the investor profile is derivable from their deals."""
    investor_id = notable["top_investor_ids"][3]
    profile = get(sandbox.url, f"/v1/investors/{investor_id}", key=BENCH).json()["data"]
    deals = walk(sandbox.url, f"/v1/investors/{investor_id}/deals", {"limit": 500})
    kinds = Counter(deal["kind"] for deal in deals)
    assert profile["n_deals"] == profile["n_purchases"] == len(deals)
    for kind, counter in [("flip", "n_flips"), ("wholesale", "n_wholesales"), ("long_hold", "n_long_holds"),
                          ("hold", "n_holds"), ("build", "n_builds"), ("acquisition", "n_acquisitions")]:
        assert profile[counter] == kinds[kind], counter
    assert profile["n_priced_deals"] == sum(1 for deal in deals if deal["price"] is not None)
    assert profile["n_unpriced_deals"] == sum(1 for deal in deals if deal["price"] is None)
    assert profile["last_bought_on"] == max(deal["sale_date"] for deal in deals)
    assert profile["bought_12m"] == sum(1 for deal in deals if deal["sale_date"] > "2025-10-31")
    assert sorted(profile["cities_active"]) == sorted({deal["property"]["city"] for deal in deals})
    financed = Counter(deal["lender_id"] for deal in deals if deal["lender_id"])
    assert profile["financing"]["n_loans"] == sum(financed.values())
    assert {lender["id"]: lender["n"] for lender in profile["financing"]["lenders_used"]} == dict(financed)


def test_profile_has_the_documented_groups(sandbox, notable):
    """data-api.md, Investor profile: identity, classification, counters, price statistics, financing."""
    profile = get(sandbox.url, f"/v1/investors/{notable['top_investor_ids'][0]}").json()["data"]
    for field in ("id", "market", "name", "display_name", "state", "kind", "confidence", "scale", "institutional",
                  "is_public", "buyer_status", "mailing_states", "registry_version", "registry_run", "id_history",
                  "kinds", "confidence_by_kind", "classification_reasons", "is_entity", "is_ibuyer",
                  "is_production_builder", "is_sfr_bulk_holder", "price_band", "median_hold_days", "segment_mix",
                  "cities_active", "buyer_signal", "agent_links", "financing", "data_end"):
        assert field in profile, field
    assert profile["members"] is None
    assert {"window", "p25", "p50", "p75", "n_priced_purchases"} <= set(profile["price_band"])


def test_natural_person_investors_are_redacted(sandbox, notable):
    """data-api.md, What the service does 6: fields identifying a natural person are null with contact_redacted."""
    investor_id = notable["natural_person_investor_ids"][0]
    profile = get(sandbox.url, f"/v1/investors/{investor_id}", key=BENCH).json()["data"]
    assert profile["name"] is None and profile["display_name"] is None
    assert profile["contact_redacted"] is True


def test_merged_id_is_followed_with_resolved_from(sandbox, notable):
    """data-api.md, Conventions (Old ids): an old inv_ id is followed; meta.resolved_from lists it."""
    merged = notable["merged_investor_ids"][0]
    body = get(sandbox.url, f"/v1/investors/{merged['old']}").json()
    assert body["data"]["id"] == merged["current"]
    assert body["meta"]["resolved_from"] == [merged["old"]]
    assert merged["old"] in [entry["prev_group_id"] for entry in body["data"]["id_history"]]
    deals = get(sandbox.url, f"/v1/investors/{merged['old']}/deals", {"limit": 5}).json()
    assert deals["meta"]["resolved_from"] == [merged["old"]]
    assert all(deal["buyer"]["investor_id"] == merged["current"] for deal in deals["data"])


def test_retired_id_is_410_gone(sandbox, notable):
    """data-api.md, Errors (Rules): 410 gone for a retired id."""
    before = get(sandbox.url, "/v1/dataset")
    assert_problem(get(sandbox.url, f"/v1/investors/{notable['retired_investor_ids'][0]}"), 410, "gone")
    assert_problem(get(sandbox.url, f"/v1/investors/{notable['retired_investor_ids'][0]}/deals"), 410, "gone")
    assert before.status_code == 200


@pytest.mark.parametrize("bad", ["inv_123", "INV_0123456789ab", "0123456789ab", "inv_0123456789aZ"])
def test_malformed_investor_id_is_invalid_id(sandbox, bad):
    """data-api.md, Errors (Rules): invalid_id when an id lacks its prefix or hex length."""
    problem = assert_problem(get(sandbox.url, f"/v1/investors/{bad}"), 400, "invalid_id")
    assert "inv_" in problem["detail"]


def test_unknown_investor_is_404(sandbox):
    assert_problem(get(sandbox.url, "/v1/investors/inv_000000000000"), 404, "not_found")


def test_search_caps_at_50_with_page_capped(sandbox):
    """data-api.md, Limits 6 and /v1/investors/search: at most 50 hits, next_cursor always null, page.capped."""
    body = get(sandbox.url, "/v1/investors/search", {"q": "llc"}).json()
    assert len(body["data"]) == 50
    assert body["page"] == {"next_cursor": None, "limit": 50, "returned": 50, "capped": True}
    narrow = get(sandbox.url, "/v1/investors/search", {"q": body["data"][0]["display_name"]}).json()
    assert narrow["data"][0]["id"] == body["data"][0]["id"]
    assert narrow["page"]["capped"] is False


@pytest.mark.parametrize("q", ["a", " a ", "x" * 101])
def test_search_q_is_2_to_100_characters(sandbox, q):
    """decisions.md, Name searches: q 2 to 100 characters."""
    problem = assert_problem(get(sandbox.url, "/v1/investors/search", {"q": q}), 400, "validation_error")
    assert problem["errors"][0]["param"] == "q"


def test_awkward_names_round_trip(sandbox, notable):
    """Issue 2, Dataset: unicode, ampersands and quotes, and very long organization names are served as they
    are (a name written as markup is a page-test fixture, not demo data: issue 26)."""
    names = [get(sandbox.url, f"/v1/investors/{i}", key=BENCH).json()["data"]["display_name"]
             for i in notable["awkward_investor_ids"]]
    assert any("&" in name for name in names) and not any("<" in name for name in names)
    assert any("株式会社" in name for name in names)
    assert any(len(name) >= 150 for name in names)
    unicode_name = next(name for name in names if "株式会社" in name)
    hits = get(sandbox.url, "/v1/investors/search", {"q": unicode_name[:5]}).json()["data"]
    assert unicode_name in [hit["display_name"] for hit in hits]


@pytest.mark.parametrize("sort, field", [("events_desc", "n_deals"), ("volume_desc", "volume"),
                                         ("flips_desc", "n_flips"), ("last_bought_desc", "last_bought_on")])
def test_investor_list_sorts(sandbox, notable, sort, field):
    """data-api.md, /v1/investors sorts."""
    bbox = ",".join(map(str, notable["markets"]["ATL"]))
    rows = get(sandbox.url, "/v1/investors", {"bbox": bbox, "sort": sort, "limit": 200}, key=BENCH).json()["data"]
    values = [row[field] for row in rows]
    assert values == sorted(values, reverse=True)
