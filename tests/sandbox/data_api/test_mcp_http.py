"""`POST /mcp` over HTTP on the real sandbox: the lock, credits, limits, redaction, and agreement with REST.

data-api.md, Authentication 1, 2 and 4 (the same key; the on-behalf header behind the lock),
Limits 1, 3 and 8 (rate limits, credits, the tool contact bucket), What the service does 6.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx2
import pytest

from tests.processes import SandboxProcess, run_sandbox
from tests.sandbox.data_api.helpers import assert_problem, fixtures, get, headers
from tests.sandbox.data_api.mcp_helpers import answer, call, calls, over_http, problem

ZIP = "75201"
BENCH = "zpka_sandbox_bench"
# A JSON-RPC message an MCP client sends first; the lock answers before reading it.
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}
MCP_ACCEPT = {"Accept": "application/json, text/event-stream"}


@pytest.fixture(scope="module")
def notable(sandbox_url: str) -> dict:
    return fixtures(sandbox_url)


def post_mcp(url: str, **who) -> httpx2.Response:
    return httpx2.post(f"{url}/mcp", json=INITIALIZE, headers={**headers(**who), **MCP_ACCEPT}, timeout=60)


@pytest.mark.parametrize("who, status, code", [
    pytest.param({"key": "zpka_unknown"}, 401, "unauthorized", id="unknown-key"),
    pytest.param({"key": "zpka_sandbox_noplan"}, 403, "subscription_required", id="no-plan"),
    pytest.param({"key": "zpka_sandbox_overdue"}, 403, "payment_overdue", id="overdue"),
    pytest.param({"on_behalf": None}, 400, "on_behalf_of_required", id="no-on-behalf"),
    pytest.param({"on_behalf": ""}, 400, "on_behalf_of_required", id="empty-on-behalf"),
])
def test_the_lock_answers_as_the_rest_routes_do_before_any_mcp_handling(sandbox, who, status, code):
    refused = assert_problem(post_mcp(sandbox.url, **who), status, code)
    assert refused["instance"] == "/mcp"
    rest = assert_problem(get(sandbox.url, "/v1/deals", {"zip": ZIP}, **who), status, code)
    assert refused["title"] == rest["title"]


def test_no_key_at_all_answers_401(sandbox):
    response = httpx2.post(f"{sandbox.url}/mcp", json=INITIALIZE, headers={"X-On-Behalf-Of": "dev_demo", **MCP_ACCEPT}, timeout=60)
    assert_problem(response, 401, "unauthorized")


def test_with_the_key_and_header_the_tools_are_listed(sandbox):
    listed = over_http(sandbox.url, lambda client: client.list_tools())
    assert "deals_list" in {tool.name for tool in listed.tools}


def test_every_v1_read_route_has_a_tool_naming_it(sandbox):
    """data-api.md line 177: `POST /mcp` is the "tool interface using the same key", and Versioning 1
    (line 268) speaks of "a documented route, field or tool": every `/v1` read route the sandbox serves
    (its OpenAPI) has a tool, and `tools/list` names the route each tool mirrors (`meta`, description).
    `/v1/str-parcels`, a wholesaler and its listings, a wholesale listing, a lender's borrowers,
    rankings and cells and an investor's wholesale purchases had none."""
    openapi = httpx2.get(f"{sandbox.url}/openapi.json", timeout=30).json()
    reads = {f"{method.upper()} {path}" for path, operations in openapi["paths"].items() if path.startswith("/v1/")
             for method in operations if method == "get"}
    reads.add("POST /v1/properties/search")  # the one read with a JSON body (data-api.md, line 172)
    listed = over_http(sandbox.url, lambda client: client.list_tools()).tools
    named: dict[str, list[str]] = {}
    for tool in listed:
        routes = (tool.meta or {}).get("deedscope/routes") or []
        assert routes, f"{tool.name} names no route"
        for route in routes:
            assert route in tool.description, (tool.name, route)
            named.setdefault(route, []).append(tool.name)
    assert reads - set(named) == set(), "read routes without a tool"
    assert set(named) - reads == set(), "tools naming a route the sandbox does not serve"
    assert "GET /v1/str-parcels" in reads and len(reads) > 30


def test_a_read_is_charged_once_across_tools_and_rest(sandbox):
    first, second = calls(sandbox.url, [("deals_list", {"place": {"zip": [ZIP]}, "limit": 10})] * 2)
    charged = answer(first)["credits"]
    assert charged["charged"] == 10 and charged["remaining"] == 10_000 - 10
    assert answer(second)["credits"] == {"charged": 0, "remaining": 10_000 - 10}
    # The same deals read over REST are held already: the account is one, whichever interface reads.
    rest = get(sandbox.url, "/v1/deals", {"zip": ZIP, "limit": 10, "sort": "date_desc"})
    assert rest.headers["X-Credits-Charged"] == "0" and rest.headers["X-Credits-Remaining"] == str(10_000 - 10)


def test_a_failed_call_charges_nothing(sandbox):
    sandbox.faults(rate=1, statuses=[503], unavailable_codes=["ledger_unavailable"])
    failed = problem(call(sandbox.url, "deals_list", {"place": {"zip": [ZIP]}, "limit": 10}))
    assert failed["status"] == 503 and failed["code"] == "ledger_unavailable"
    sandbox.faults(rate=0)
    served = answer(call(sandbox.url, "deals_list", {"place": {"zip": [ZIP]}, "limit": 10}))
    assert served["credits"] == {"charged": 10, "remaining": 10_000 - 10}


def test_a_key_without_credit_left_is_refused_with_quota_exceeded(sandbox):
    refused = problem(call(sandbox.url, "deals_list", {"place": {"zip": [ZIP]}, "limit": 5}, key="zpka_sandbox_empty"))
    assert refused["status"] == 403 and refused["code"] == "quota_exceeded"
    free = answer(call(sandbox.url, "deals_summary", {"place": {"zip": [ZIP]}}, key="zpka_sandbox_empty"))
    assert free["credits"]["charged"] == 0


def test_the_tool_contact_bucket_allows_30_a_minute_per_key_and_identity(sandbox, notable):
    sandbox.start_of_a_minute()
    search = ("agents_search", {"q": notable["agent_name_queries"][0]})
    results = calls(sandbox.url, [search] * 31 + [("lenders_search", {"q": "bank"})])
    assert all(not result.is_error for result in results[:30])
    limited = problem(results[30])
    assert limited["status"] == 429 and limited["code"] == "rate_limited" and limited["bucket"] == "tool_contact"
    assert 1 <= limited["retry_after"] <= 60
    assert not results[31].is_error, "a tool serving no contact field is outside the bucket"
    assert not call(sandbox.url, *search, on_behalf="dev_other").is_error, "the bucket counts per on-behalf identity"
    sandbox.advance_clock(60)
    assert not call(sandbox.url, *search).is_error


@pytest.fixture(scope="module")
def limited_sandbox() -> Iterator[SandboxProcess]:
    with run_sandbox("--rate-limit", "3") as process:
        yield process


def test_tool_calls_count_in_the_keys_rate_limit(limited_sandbox):
    limited_sandbox.reset()
    limited_sandbox.start_of_a_minute()
    results = calls(limited_sandbox.url, [("deals_summary", {"place": {"zip": [ZIP]}})] * 4)
    assert all(not result.is_error for result in results[:3])
    limited = problem(results[3])
    assert limited["code"] == "rate_limited" and limited["bucket"] == "key" and limited["retry_after"] >= 1
    # Every call counts (data-api.md, Limits 1): the REST route is out of budget as well.
    assert_problem(get(limited_sandbox.url, "/v1/deals/summary", {"zip": ZIP}), 429, "rate_limited")


def test_a_natural_persons_profile_is_redacted_as_over_rest(sandbox, notable):
    investor_id = notable["natural_person_investor_ids"][0]
    profile = answer(call(sandbox.url, "investor_get", {"investor_id": investor_id}))["data"]
    assert profile["name"] is None and profile["display_name"] is None and profile["contact_redacted"] is True
    assert profile == get(sandbox.url, f"/v1/investors/{investor_id}", key=BENCH).json()["data"]


@pytest.mark.parametrize("tool, arguments, path, params", [
    pytest.param("deals_list", {"place": {"zip": [ZIP]}, "sort": "price_desc", "limit": 25},
                 "/v1/deals", {"zip": ZIP, "sort": "price_desc", "limit": 25}, id="deals"),
    pytest.param("deals_summary", {"place": {"lat": 32.78, "lng": -96.8, "radius_miles": 2},
                                   "filters": {"kind": ["flip"]}},
                 "/v1/deals/summary", {"lat": 32.78, "lng": -96.8, "radius_miles": 2, "kind": "flip"}, id="summary"),
    pytest.param("investors_list", {"place": {"zip": [ZIP]}, "limit": 20},
                 "/v1/investors", {"zip": ZIP, "limit": 20}, id="investors"),
    pytest.param("agents_search", {"q": "realty"}, "/v1/agents/search", {"q": "realty"}, id="agents"),
    pytest.param("coverage", {"zip": ZIP}, "/v1/coverage", {"zip": ZIP}, id="coverage"),
    pytest.param("str_parcels", {"place": {"zip": [ZIP]}, "limit": 20}, "/v1/str-parcels", {"zip": ZIP, "limit": 20},
                 id="str-parcels"),
])
def test_a_tool_result_agrees_with_the_rest_answer(sandbox, tool, arguments, path, params):
    result = answer(call(sandbox.url, tool, arguments))
    rest = get(sandbox.url, path, params, key=BENCH)
    assert rest.status_code == 200, rest.text
    body = rest.json()
    assert result["data"], "an empty answer would agree with anything"
    assert result["data"] == body["data"]
    assert (result.get("page") or {}).get("returned") == (body.get("page") or {}).get("returned")
    assert result["dataset_version"] == int(rest.headers["X-Dataset-Version"])
    assert result["meta"]["coverage"] == body["meta"]["coverage"]


def ids_of_the_new_tools(url: str, notable: dict) -> dict[str, str]:
    """A lender, a wholesaler, a wholesale listing and an investor that bought one, read from REST."""
    sold = get(url, "/v1/wholesale-listings", {"zip": ZIP, "status": "SOLD", "limit": 50}, key=BENCH).json()["data"]
    listing = next(row for row in sold if row.get("buyer") and row["buyer"].get("investor_id"))
    return {"lender": notable["large_lender_id"], "wholesaler": listing["wholesaler"]["id"], "listing": listing["id"],
            "investor": listing["buyer"]["investor_id"]}


@pytest.mark.parametrize("tool, arguments, path, params", [
    pytest.param("lender_borrowers", {"lender_id": "{lender}", "limit": 30}, "/v1/lenders/{lender}/borrowers",
                 {"limit": 30}, id="borrowers"),
    pytest.param("lender_rankings", {"lender_id": "{lender}"}, "/v1/lenders/{lender}/rankings", {}, id="rankings"),
    pytest.param("lender_cells", {"lender_id": "{lender}", "place": {"zip": [ZIP]}, "resolution": 7},
                 "/v1/lenders/{lender}/cells", {"zip": ZIP, "resolution": 7}, id="lender-cells"),
    pytest.param("wholesale_listing_get", {"listing_id": "{listing}"}, "/v1/wholesale-listings/{listing}", {},
                 id="wholesale-listing"),
    pytest.param("wholesaler_get", {"wholesaler_id": "{wholesaler}"}, "/v1/wholesalers/{wholesaler}", {},
                 id="wholesaler"),
    pytest.param("wholesaler_listings", {"wholesaler_id": "{wholesaler}", "status": ["SOLD"]},
                 "/v1/wholesalers/{wholesaler}/listings", {"status": "SOLD"}, id="wholesaler-listings"),
    pytest.param("investor_wholesale_purchases", {"investor_id": "{investor}"},
                 "/v1/investors/{investor}/wholesale-purchases", {}, id="wholesale-purchases"),
])
def test_the_new_tools_answer_as_their_routes_free_and_redacted_alike(sandbox, notable, tool, arguments, path, params):
    """data-api.md, Limits 3 (line 249): lenders and wholesale cost 0; What the service does 6 (line 12):
    a natural person's name is null with `contact_redacted` on the tool as on the route."""
    ids = ids_of_the_new_tools(sandbox.url, notable)
    filled = {name: value.format(**ids) if isinstance(value, str) else value for name, value in arguments.items()}
    result = answer(call(sandbox.url, tool, filled))
    rest = get(sandbox.url, path.format(**ids), params, key=BENCH)
    assert rest.status_code == 200, rest.text
    assert result["data"] and result["data"] == rest.json()["data"]
    assert result["credits"]["charged"] == 0


def test_str_parcels_charge_as_their_route_and_need_the_contract(sandbox):
    """data-api.md line 174: STR parcels are "sold by contract"; Limits 3: each parcel new to the account costs 1."""
    first, again = calls(sandbox.url, [("str_parcels", {"place": {"zip": [ZIP]}, "limit": 5})] * 2)
    rows = answer(first)["data"]
    assert rows and answer(first)["credits"]["charged"] == len({row["property_id"] for row in rows})
    assert answer(again)["credits"]["charged"] == 0
    refused = problem(call(sandbox.url, "str_parcels", {"place": {"zip": [ZIP]}}, key="zpka_sandbox_nostr"))
    assert refused["status"] == 403 and refused["code"] == "plan_limit"
