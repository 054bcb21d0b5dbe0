"""Probes: `/v1/dataset`, `/v1/coverage`, `/v3/build` (data-api.md; decisions.md, Data API)."""

from __future__ import annotations

import pytest

from tests.sandbox.data_api.helpers import assert_problem, fixtures, get

DATASET_KEYS = {"deeds", "listings", "agents", "wholesale", "auction", "str", "parcels", "financing", "permits",
                "owner_profile", "history", "cash_sale", "lenders", "addresses"}


def test_dataset_probe(sandbox):
    """decisions.md, /v1/dataset: {dataset_version, data_end, published_at, states[{state, run_id, published_at}]}."""
    response = get(sandbox.url, "/v1/dataset", on_behalf=None)
    data = response.json()["data"]
    assert data["dataset_version"] == int(response.headers["X-Dataset-Version"])
    assert data["data_end"] == response.headers["X-Data-End"]
    assert len(data["states"]) >= 5
    assert {"state", "run_id", "published_at"} <= set(data["states"][0])
    assert "X-Credits-Charged" not in response.headers


def test_publish_moves_one_state_and_the_version(sandbox):
    """data-api.md, Versioning 3: X-Dataset-Version changes only when a state is published again."""
    before = get(sandbox.url, "/v1/dataset").json()["data"]
    same = get(sandbox.url, "/v1/dataset").json()["data"]
    assert same["dataset_version"] == before["dataset_version"]
    sandbox.publish("GA")
    after = get(sandbox.url, "/v1/dataset").json()["data"]
    assert after["dataset_version"] == before["dataset_version"] + 1
    runs_before = {s["state"]: s["run_id"] for s in before["states"]}
    changed = {s["state"] for s in after["states"] if s["run_id"] != runs_before[s["state"]]}
    assert changed == {"GA"}


def test_coverage_lists_every_market_with_its_dataset_matrix(sandbox):
    """decisions.md, /v1/coverage: place null without a place query; markets with the datasets matrix."""
    body = get(sandbox.url, "/v1/coverage", on_behalf=None).json()
    assert body["data"]["place"] is None
    markets = body["data"]["markets"]
    assert len(markets) >= 6 and len({m["state"] for m in markets}) >= 5
    for market in markets:
        assert {"market", "state", "name", "bbox", "data_end", "dataset_version", "counties", "n_parcels"} <= set(market)
        assert set(market["datasets"]) == DATASET_KEYS
        for row in market["datasets"].values():
            assert set(row) == {"status", "dated", "stale", "as_of", "gate", "granularity", "scope"}
            assert row["status"] in ("served", "partial", "not_measured", "not_published")
    statuses = {row["status"] for market in markets for row in market["datasets"].values()}
    assert {"served", "partial", "not_published"} <= statuses
    assert any(row["stale"] for market in markets for row in market["datasets"].values())
    fips = {county["fips"] for market in markets for county in market["counties"]}
    assert all(len(code) == 5 and code.isdigit() for code in fips)


@pytest.mark.parametrize("params, expected", [
    pytest.param({"county": "48113"}, "DFW", id="county-fips"),
    pytest.param({"county": "Fulton"}, "ATL", id="county-name"),
    pytest.param({"market": "tpa"}, "TPA", id="market"),
    pytest.param({"lat": 33.45, "lng": -112.07}, "PHX", id="point"),
])
def test_coverage_of_a_covered_place(sandbox, params, expected):
    """data-api.md, /v1/coverage: query lat+lng, county (FIPS or name), zip, market."""
    data = get(sandbox.url, "/v1/coverage", params, on_behalf=None).json()["data"]
    assert data["place"]["status"] == "covered"
    assert [m["market"] for m in data["markets"]] == [expected]


def test_coverage_of_a_leading_zero_zip(sandbox):
    bbox = ",".join(map(str, fixtures(sandbox.url)["markets"]["NNJ"]))
    zip_code = get(sandbox.url, "/v1/deals", {"bbox": bbox, "limit": 1}).json()["data"][0]["property"]["zip"]
    data = get(sandbox.url, "/v1/coverage", {"zip": zip_code}).json()["data"]
    assert data["place"] == {"status": "covered", "zip": zip_code}
    assert data["markets"][0]["market"] == "NNJ"
    assert data["markets"][0]["datasets"]["agents"]["status"] == "not_published"


@pytest.mark.parametrize("params", [{"lat": 47.6, "lng": -122.3}, {"zip": "98101"}, {"county": "King"}],
                         ids=["point", "zip", "county"])
def test_coverage_of_an_outside_place_is_200_with_no_markets(sandbox, params):
    """data-api.md, /v1/coverage: a place nothing covers answers 200 with markets: [] and place.status outside."""
    response = get(sandbox.url, "/v1/coverage", params)
    assert response.status_code == 200
    data = response.json()["data"]
    assert data["place"]["status"] == "outside"
    assert data["markets"] == []


def test_coverage_bad_input(sandbox):
    assert_problem(get(sandbox.url, "/v1/coverage", {"zip": "123"}), 400, "validation_error")
    assert_problem(get(sandbox.url, "/v1/coverage", {"lat": 33.4}), 400, "validation_error")
    assert_problem(get(sandbox.url, "/v1/coverage", {"lat": 95, "lng": 0}), 400, "validation_error")


def test_v3_build_lists_every_state_with_empty_coverage(sandbox):
    """data-api.md, Envelope: lean responses carry an empty coverage array and build.states[]."""
    body = get(sandbox.url, "/v3/build", on_behalf=None).json()
    assert body["meta"]["coverage"] == []
    assert {s["state"] for s in body["data"]} == {s["state"] for s in body["meta"]["build"]["states"]}
    assert all(s["markets"] and s["n_parcels"] > 0 for s in body["data"])
