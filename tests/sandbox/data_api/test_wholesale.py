"""Wholesale listings, wholesalers, an investor's wholesale purchases, a lender's borrowers (data-api.md)."""

from __future__ import annotations

import pytest

from sandbox.data_api.data import markets
from sandbox.data_api.datasets import lenders_published
from sandbox.core.problems import Problem
from tests.sandbox.data_api.helpers import assert_problem, fixtures, get, walk

BENCH = "zpka_sandbox_bench"


@pytest.fixture(scope="module")
def notable(sandbox_url):
    return fixtures(sandbox_url)


def bbox(notable, market: str) -> str:
    return ",".join(map(str, notable["markets"][market]))


def test_listings_in_a_place_are_free_and_inside_it(sandbox, notable):
    """data-api.md, Limits 3: early-access routes (wholesale) cost 0; geometry rules: bbox."""
    response = get(sandbox.url, "/v1/wholesale-listings", {"bbox": bbox(notable, "CLT"), "limit": 50})
    assert response.status_code == 200, response.text
    assert response.headers.get("X-Credits-Charged", "0") == "0"
    body = response.json()
    west, south, east, north = notable["markets"]["CLT"]
    for row in body["data"]:
        assert row["id"].startswith("wl_") and len(row["id"]) == 15
        assert west <= row["property"]["longitude"] <= east and south <= row["property"]["latitude"] <= north
        assert row["wholesaler"]["id"].startswith("wsr_")
    dates = [row["published_on"] for row in body["data"]]
    assert dates == sorted(dates, reverse=True)
    assert [c["market"] for c in body["meta"]["coverage"]] == ["CLT"]


def test_listing_pages_walk_without_duplicates_and_filter(sandbox, notable):
    """data-api.md, Pagination: follow next_cursor until null; filters status, price (docs/contract.md)."""
    params = {"bbox": bbox(notable, "CLT"), "status": "ACTIVE,PENDING", "min_price": 150000, "limit": 40}
    rows = walk(sandbox.url, "/v1/wholesale-listings", params)
    assert rows and len(rows) == len({row["id"] for row in rows})
    assert all(row["status"] in ("ACTIVE", "PENDING") and row["asking_price"] >= 150000 for row in rows)
    assert all(row["buyer"] is None for row in rows)


def test_listing_retrieved_by_id_is_the_list_row(sandbox, notable):
    row = get(sandbox.url, "/v1/wholesale-listings", {"bbox": bbox(notable, "ATL"), "status": "SOLD"}).json()["data"][0]
    assert get(sandbox.url, f"/v1/wholesale-listings/{row['id']}").json()["data"] == row
    assert row["buyer"]["investor_id"].startswith("inv_") and row["deal_id"].startswith("deal_")


def test_market_without_wholesale_is_wholesale_unavailable(sandbox, notable):
    """data-api.md, Errors: 422 wholesale_unavailable; NNJ's coverage says wholesale not_published."""
    coverage = get(sandbox.url, "/v1/coverage").json()["data"]["markets"]
    unpublished = [m["market"] for m in coverage if m["datasets"]["wholesale"]["status"] == "not_published"]
    assert unpublished == ["NNJ"]
    assert_problem(get(sandbox.url, "/v1/wholesale-listings", {"bbox": bbox(notable, "NNJ")}), 422,
                   "wholesale_unavailable")
    nnj_buyer = get(sandbox.url, "/v1/investors", {"bbox": bbox(notable, "NNJ"), "limit": 1}, key=BENCH).json()["data"][0]
    assert_problem(get(sandbox.url, f"/v1/investors/{nnj_buyer['id']}/wholesale-purchases"), 422, "wholesale_unavailable")


def test_place_and_ids_are_checked(sandbox):
    """data-api.md, geometry rules (400 geometry_required) and Rules (invalid_id; 404 not_found)."""
    assert_problem(get(sandbox.url, "/v1/wholesale-listings"), 400, "geometry_required")
    assert_problem(get(sandbox.url, "/v1/wholesale-listings/wl_123"), 400, "invalid_id")
    assert_problem(get(sandbox.url, "/v1/wholesalers/inv_0123456789ab"), 400, "invalid_id")
    assert_problem(get(sandbox.url, "/v1/wholesalers/wsr_0123456789ab"), 404, "not_found")
    assert_problem(get(sandbox.url, "/v1/wholesalers/search", {"q": "a"}), 400, "validation_error")


def test_wholesaler_profile_agrees_with_its_listings(sandbox, notable):
    """The profile counts what `/v1/wholesalers/{id}/listings` serves; search finds it by name (0 credits)."""
    row = get(sandbox.url, "/v1/wholesale-listings", {"bbox": bbox(notable, "DFW"), "status": "SOLD"}).json()["data"][0]
    wholesaler_id = row["wholesaler"]["id"]
    profile = get(sandbox.url, f"/v1/wholesalers/{wholesaler_id}").json()["data"]
    listings = walk(sandbox.url, f"/v1/wholesalers/{wholesaler_id}/listings", {"limit": 100})
    assert profile["n_listings"] == len(listings) == len({r["id"] for r in listings})
    assert profile["n_sold"] == sum(r["status"] == "SOLD" for r in listings)
    assert sum(b["n_purchases"] for b in profile["top_buyers"]) <= profile["n_sold"]
    if profile["name"]:
        hits = get(sandbox.url, "/v1/wholesalers/search", {"q": profile["name"][:12]}).json()["data"]
        assert wholesaler_id in [hit["id"] for hit in hits]


def test_wholesale_purchases_are_the_profiles_count(sandbox, notable):
    """Consistent with the deals: an investor's purchases from wholesalers are its `n_bought_from_wholesaler`."""
    for investor_id in notable["top_investor_ids"][:3]:
        profile = get(sandbox.url, f"/v1/investors/{investor_id}", key=BENCH).json()["data"]
        if profile["market"] == "NNJ":
            continue
        purchases = walk(sandbox.url, f"/v1/investors/{investor_id}/wholesale-purchases", {})
        assert len(purchases) == profile["n_bought_from_wholesaler"]
        assert all(p["buyer"]["investor_id"] == investor_id and p["status"] == "SOLD" for p in purchases)


def test_borrowers_add_up_to_the_lenders_loans(sandbox, notable):
    """`/v1/lenders/{id}/borrowers`: the loans grouped by borrower (0 credits); a person's name is never served."""
    lender_id = notable["large_lender_id"]
    profile = get(sandbox.url, f"/v1/lenders/{lender_id}").json()["data"]
    response = get(sandbox.url, f"/v1/lenders/{lender_id}/borrowers", {"limit": 500})
    assert response.headers.get("X-Credits-Charged", "0") == "0"
    borrowers = walk(sandbox.url, f"/v1/lenders/{lender_id}/borrowers", {"limit": 500})
    assert sum(b["n_loans"] for b in borrowers) == profile["n_loans"]
    assert len(borrowers) == profile["n_borrowers"] == len({b["investor_id"] for b in borrowers})
    counts = [b["n_loans"] for b in borrowers]
    assert counts == sorted(counts, reverse=True)
    for borrower in borrowers:
        if borrower.get("contact_redacted"):
            assert borrower["name"] is None and borrower["display_name"] is None  # What the service does 6


def test_a_market_without_lenders_is_lenders_unavailable(monkeypatch):
    """data-api.md, Errors: lenders_unavailable. No sandbox market lacks lenders (NNJ is partial), so the rule is
    checked on the function every lender route with `market=` calls (list, rankings, loans, borrowers)."""
    nnj = markets.MARKETS_BY_CODE["NNJ"]
    monkeypatch.setitem(nnj.dataset_status, "lenders", "not_published")
    with pytest.raises(Problem) as raised:
        lenders_published("NNJ")
    assert (raised.value.status, raised.value.code) == (422, "lenders_unavailable")
    assert lenders_published("DFW") == "DFW"


def test_lenders_of_a_box_count_the_loans_on_its_parcels(sandbox, notable):
    """docs/contract.md: `GET /v1/lenders` takes `bbox` (the map's view); a market's box holds its loans."""
    clt = get(sandbox.url, "/v1/lenders", {"market": "CLT", "limit": 5}).json()["data"]
    boxed = get(sandbox.url, "/v1/lenders", {"bbox": bbox(notable, "CLT"), "limit": 5}).json()["data"]
    assert [row["id"] for row in boxed][:3] == [row["id"] for row in clt][:3]
    west, south, east, north = notable["markets"]["CLT"]
    small = f"{west},{south},{(west + east) / 2},{(south + north) / 2}"
    part = get(sandbox.url, "/v1/lenders", {"bbox": small, "limit": 5}).json()["data"]
    assert sum(row["n_loans"] for row in part) < sum(row["n_loans"] for row in boxed)
    assert_problem(get(sandbox.url, "/v1/lenders", {"bbox": "1,2,3"}), 400, "validation_error")


def test_the_wholesale_dataset_is_the_same_for_the_same_seed(sandbox, notable, tmp_path):
    """STYLE.md: generation is deterministic from a seed. A fresh build of seed 7 serves the same listings."""
    import duckdb

    from sandbox.data_api.data.build import ensure_database
    from sandbox.data_api.db import CONNECTION_CONFIG

    west, south, east, north = notable["markets"]["CLT"]
    served = get(sandbox.url, "/v1/wholesale-listings", {"bbox": bbox(notable, "CLT"), "limit": 50}).json()["data"]
    with duckdb.connect(str(ensure_database(tmp_path, "small", 7)), read_only=True, config=CONNECTION_CONFIG) as con:
        built = con.execute(
            "SELECT listing_id FROM wholesale_listings WHERE longitude BETWEEN ? AND ? AND latitude BETWEEN ? AND ? "
            "ORDER BY published_on DESC, listing_id LIMIT 50", [west, east, south, north]).fetchall()
    assert [row["id"] for row in served] == [listing_id for (listing_id,) in built]
