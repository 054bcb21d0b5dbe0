"""`/openapi.json` describes the data routes truthfully, and odd values for every declared parameter answer problems, never a 500."""

from __future__ import annotations

import httpx2
import pytest

from tests.sandbox.data_api.helpers import fixtures, get

BENCH = "zpka_sandbox_bench"
ISSUE_ROUTES = (
    "/v1/dataset", "/v1/coverage", "/v3/build", "/v1/deals", "/v1/deals/{deal_id}", "/v1/deals/summary",
    "/v1/deals/cells", "/v1/investors", "/v1/investors/search", "/v1/investors/{investor_id}",
    "/v1/investors/{investor_id}/deals", "/v3/buyers", "/v1/agents/search", "/v1/agents/{agent_id}",
    "/v1/agents/{agent_id}/listings", "/v3/people/{person_id}/listings", "/v3/marketplace/listings/{listing_id}",
    "/v1/lenders/search", "/v1/lenders", "/v1/lenders/{lender_id}", "/v1/lenders/{lender_id}/loans",
    "/v1/lenders/{lender_id}/rankings", "/v1/lenders/{lender_id}/cells",
)
ODD_VALUES = ("", "-1", "99999999999999999999", "2025-02-30", "'; DROP TABLE deals; --", "%_\\\u00d1\u0000", "1,2,3,4")
DOCUMENTED = {200, 400, 404, 410, 422}


@pytest.fixture(scope="module")
def spec(sandbox_url):
    response = httpx2.get(f"{sandbox_url}/openapi.json", timeout=60)
    assert response.status_code == 200
    return response.json()


@pytest.fixture(scope="module")
def path_values(sandbox_url):
    """A real id for every path parameter, discovered from the dataset."""
    notable = fixtures(sandbox_url)
    bbox = ",".join(map(str, notable["markets"]["CLT"]))
    deal = get(sandbox_url, "/v1/deals", {"bbox": bbox, "limit": 1}, key=BENCH).json()["data"][0]
    multi = {a["agent_id"] for a in notable["multi_market_agent_ids"]}
    agents = get(sandbox_url, "/v1/agents/search", {"q": "realty", "market": "CLT"}, key=BENCH).json()["data"]
    return {
        "deal_id": deal["id"],
        "investor_id": deal["buyer"]["investor_id"],
        "agent_id": next(a["id"] for a in agents if a["id"] not in multi),
        "lender_id": notable["large_lender_id"],
        "person_id": notable["person_ids_with_listings"][0],
        "listing_id": notable["listing_ids"][0],
    }


@pytest.mark.parametrize("route", ISSUE_ROUTES)
def test_every_route_is_declared_with_problem_responses(spec, route):
    """Issue 2, Routes: /openapi.json describes them truthfully (parameters, problem responses)."""
    operation = spec["paths"][route]["get"]
    envelope = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert set(envelope["required"]) == {"data", "meta"}
    for status in ("400", "401", "403", "406", "429", "503", "504"):
        assert "application/problem+json" in operation["responses"][status]["content"], (route, status)
    declared = {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}
    assert declared == {part[1:-1] for part in route.split("/") if part.startswith("{")}


@pytest.mark.parametrize("route", ISSUE_ROUTES)
def test_declared_parameters_are_accepted_and_odd_values_never_500(sandbox, spec, path_values, route):
    """Issue 2, Bad input: every malformed parameter answers a documented code, never a 500; declared
    parameters are never refused as unknown."""
    operation = spec["paths"][route]["get"]
    path = route
    for name, value in path_values.items():
        path = path.replace("{" + name + "}", value)
    baseline = get(sandbox.url, path, key=BENCH)
    assert baseline.status_code in DOCUMENTED, (route, baseline.text)
    queries = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
    for name in queries:
        for value in ODD_VALUES:
            response = get(sandbox.url, path, {name: value}, key=BENCH)
            assert response.status_code in DOCUMENTED, (route, name, value, response.text)
            if response.status_code >= 400:
                body = response.json()
                assert body["code"] != "unknown_parameter", (route, name)
                assert response.headers["content-type"].startswith("application/problem+json")
    malformed = route
    for name in path_values:
        malformed = malformed.replace("{" + name + "}", "not-an-id")
    if malformed != route:
        response = get(sandbox.url, malformed, key=BENCH)
        assert response.status_code == 400 and response.json()["code"] == "invalid_id", (route, response.text)
