"""The tools' logic through the SDK's in-memory client (no HTTP): schemas, credits, pages, errors.

The server is built on an in-process sandbox app (`create_app`) over the session's dataset, with
the demo key's credentials standing in for the `/mcp` request's headers.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest
from mcp import Client

from sandbox.core.config import SandboxConfig
from sandbox.data_api.keys import PLANS
from sandbox.data_api.mcp.dispatch import ContactBucket, Credentials, RestDispatch
from sandbox.data_api.mcp.server import build_server
from sandbox.data_api.ratelimit import RateLimiter
from sandbox.server import create_app
from tests.processes import DATA_DIR
from tests.sandbox.data_api.mcp_helpers import answer, problem, run_apart

DEMO = "zpka_sandbox_demo"
ZIP = "75201"  # a Dallas ZIP of the small dataset


class InMemory:
    """An in-process sandbox app, and the tool server over it as the demo key sees it."""

    def __init__(self) -> None:
        self.app = create_app(SandboxConfig(data_dir=DATA_DIR, rate_limit=1_000_000))
        context = self.app.state.context
        dispatch = RestDispatch(self.app, ContactBucket(RateLimiter(context.clock, 30)))
        self.server = build_server(dispatch, Credentials(f"Bearer {DEMO}", "dev_demo"))

    def run(self, use: Callable[[Client], Awaitable[Any]]) -> Any:
        async def session() -> Any:
            async with Client(self.server) as client:
                return await use(client)
        return run_apart(session)

    def call(self, name: str, arguments: dict[str, Any]) -> Any:
        return self.run(lambda client: client.call_tool(name, arguments))

    def remaining(self) -> int | None:
        return self.app.state.data_api.ledger.remaining(PLANS[DEMO])


@pytest.fixture(scope="module")
def memory() -> Iterator[InMemory]:
    yield InMemory()


@pytest.fixture
def tools(memory: InMemory) -> InMemory:
    memory.app.state.context.reset()
    return memory


def test_every_tool_is_described_typed_and_says_whether_it_charges(tools):
    listed = tools.run(lambda client: client.list_tools()).tools
    by_name = {tool.name: tool for tool in listed}
    assert {"deals_list", "deals_summary", "deals_cells", "deal_get", "investors_list", "investors_search",
            "investor_get", "investor_deals", "agents_search", "agent_get", "buyers_match", "lenders_list",
            "wholesale_listings", "parcels_search", "parcel_detail", "coverage", "dataset", "str_parcels",
            "wholesaler_get", "wholesaler_listings", "wholesale_listing_get", "lender_borrowers", "lender_rankings",
            "lender_cells", "investor_wholesale_purchases"} <= set(by_name)
    for tool in listed:
        assert len(tool.description or "") > 40, tool.name
        assert tool.meta["deedscope/routes"] and tool.description.endswith(
            f"Mirrors {', '.join(tool.meta['deedscope/routes'])}."), tool.name
        assert tool.output_schema is not None, tool.name
        assert tool.annotations is not None and tool.annotations.read_only_hint
        charged = tool.meta["deedscope/charged"]
        assert tool.description.startswith("Charged") == charged, tool.name
    # data-api.md, Limits 6 and Pagination, in the schemas a model reads.
    deals = by_name["deals_list"].input_schema
    assert deals["$defs"]["Place"]["properties"]["radius_miles"]["anyOf"][0]["maximum"] == 20
    assert deals["properties"]["limit"]["anyOf"][0]["maximum"] == 500
    assert deals["properties"]["cursor"]["anyOf"][0]["maxLength"] == 4096
    assert by_name["investors_list"].input_schema["properties"]["limit"]["anyOf"][0]["maximum"] == 200


def test_the_free_count_tells_what_a_full_list_costs_and_the_list_charges_it_once(tools):
    before = tools.remaining()
    summary = answer(tools.call("deals_summary", {"place": {"zip": [ZIP]}}))
    assert summary["credits"] == {"charged": 0, "remaining": None}
    assert tools.remaining() == before
    n_deals = summary["data"]["n_deals"]
    assert 0 < n_deals <= 500

    listed = answer(tools.call("deals_list", {"place": {"zip": [ZIP]}}))
    assert len(listed["data"]) == n_deals and listed["page"]["next_cursor"] is None
    assert listed["credits"] == {"charged": n_deals, "remaining": before - n_deals}
    again = answer(tools.call("deals_list", {"place": {"zip": [ZIP]}, "sort": "price_desc"}))
    assert again["credits"]["charged"] == 0
    assert {deal["id"] for deal in again["data"]} == {deal["id"] for deal in listed["data"]}


def test_pages_follow_the_cursor_without_duplicates(tools):
    total = answer(tools.call("deals_summary", {"place": {"zip": [ZIP]}}))["data"]["n_deals"]
    seen: list[str] = []
    cursor = None
    for _ in range(100):
        page = answer(tools.call("deals_list", {"place": {"zip": [ZIP]}, "limit": 7,
                                                **({"cursor": cursor} if cursor else {})}))
        seen += [deal["id"] for deal in page["data"]]
        cursor = page["page"]["next_cursor"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen)) == total


@pytest.mark.parametrize("arguments", [
    pytest.param({"place": {"lat": 32.78, "lng": -96.8, "radius_miles": 20.5}}, id="radius-over-20"),
    pytest.param({"place": {"zip": [ZIP]}, "limit": 501}, id="limit-over-500"),
    pytest.param({"place": {"zip": [ZIP]}, "cursor": "x" * 4097}, id="cursor-over-4096"),
    pytest.param({"place": {"zip": ["7520"]}}, id="four-digit-zip"),
])
def test_arguments_outside_the_limits_are_refused_before_the_route_and_charge_nothing(tools, arguments):
    before = tools.remaining()
    result = tools.call("deals_list", arguments)
    assert result.is_error and result.structured_content is None
    assert tools.remaining() == before


@pytest.mark.parametrize("arguments, code", [
    pytest.param({"place": {}}, "geometry_required", id="no-place"),
    pytest.param({"place": {"zip": [ZIP], "city": "Dallas"}}, "geometry_conflict", id="two-places"),
    pytest.param({"place": {"zip": [ZIP]}, "sort": "distance"}, "sort_requires_point", id="distance-no-point"),
    pytest.param({"place": {"zip": ["99999"]}}, "outside_coverage", id="unknown-zip"),
    pytest.param({"place": {"zip": [ZIP]}, "cursor": "not-a-cursor"}, "invalid_cursor", id="bad-cursor"),
])
def test_a_refusal_is_an_error_result_carrying_the_routes_problem(tools, arguments, code):
    before = tools.remaining()
    refused = problem(tools.call("deals_list", arguments))
    assert refused["code"] == code and refused["status"] in (400, 422)
    assert refused["instance"] == "/v1/deals" and refused["request_id"].startswith("req_")
    assert tools.remaining() == before


def test_an_unknown_investor_is_not_found_and_a_retired_one_gone(tools):
    fixtures = tools.app.state.data_api.db.fixtures()
    assert problem(tools.call("investor_get", {"investor_id": "inv_000000000000"}))["code"] == "not_found"
    retired = fixtures["retired_investor_ids"][0]
    assert problem(tools.call("investor_get", {"investor_id": retired}))["code"] == "gone"


def test_natural_persons_are_redacted_in_tool_results(tools):
    fixtures = tools.app.state.data_api.db.fixtures()
    profile = answer(tools.call("investor_get", {"investor_id": fixtures["natural_person_investor_ids"][0]}))["data"]
    assert profile["name"] is None and profile["display_name"] is None and profile["contact_redacted"] is True
    hits = answer(tools.call("agents_search", {"q": fixtures["agent_name_queries"][0]}))["data"]
    assert hits and all(hit["name"] is None and hit["contact_redacted"] is True for hit in hits)


def test_parcel_search_charges_per_new_parcel_and_its_detail_nothing_more(tools):
    before = tools.remaining()
    found = answer(tools.call("parcels_search", {"place": {"zip": [ZIP]}, "limit": 3}))
    ids = [row["property_id"] for row in found["data"]]
    assert len(ids) == 3 and found["credits"] == {"charged": 3, "remaining": before - 3}
    detail = answer(tools.call("parcel_detail", {"property_id": ids[0], "part": "financing"}))
    assert detail["credits"]["charged"] == 0
    # data-api.md line 13: the history serves the parcel's deals, 1 credit each new to the account.
    history = answer(tools.call("parcel_detail", {"property_id": ids[0], "part": "history"}))
    assert history["credits"]["charged"] == len({deed["deal_id"] for deed in history["data"]})


def test_probes_and_free_registries_charge_nothing(tools):
    before = tools.remaining()
    coverage = answer(tools.call("coverage", {"zip": ZIP}))
    assert coverage["data"]["markets"]
    assert answer(tools.call("dataset", {}))["data"]["dataset_version"] >= 1
    lenders = answer(tools.call("lenders_list", {"limit": 5}))
    assert len(lenders["data"]) == 5 and lenders["credits"]["charged"] == 0
    assert tools.remaining() == before
