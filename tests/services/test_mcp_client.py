"""`DataTools`, the client of `POST /mcp`, against the real sandbox: every tool listed is called,
refusals arrive as the errors of `services.errors`, pages are walked, credits are kept."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from mcp_types import CallToolResult, TextContent

from services.data_api.mcp_client import DataTools, ToolInfo, _text_data, _tool_error
from services.errors import AuthenticationError, BadRequestError, QuotaExceededError, RateLimitedError, ValidationError
from tests.processes import ControlledSandbox
from tests.services.conftest import settings_for

ZIP = "75201"


@pytest.fixture
def tools(sandbox: ControlledSandbox) -> Iterator[DataTools]:
    with DataTools(settings_for(sandbox.url)) as client:
        yield client


def arguments_of_every_tool(tools: DataTools, notable: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Arguments for each tool, its ids found through the tools themselves (or the dataset's fixtures)."""
    place = {"zip": [ZIP]}
    deal_id = tools.call("deals_list", {"place": place, "limit": 1}).data[0]["id"]
    property_id = tools.call("parcels_search", {"place": place, "limit": 1}).data[0]["property_id"]
    agent = tools.call("agents_search", {"q": notable["agent_name_queries"][0]}).data[0]
    investor_id = notable["top_investor_ids"][0]
    lender_id = notable["large_lender_id"]
    sold = tools.call("wholesale_listings", {"place": {"zip": [ZIP]}, "status": ["SOLD"], "limit": 50}).data
    listing = next(row for row in sold if (row.get("buyer") or {}).get("investor_id"))
    return {
        "deals_summary": {"place": place},
        "deals_list": {"place": place, "limit": 5},
        "deals_cells": {"place": place, "resolution": 7},
        "deal_get": {"deal_id": deal_id},
        "investors_list": {"place": place, "limit": 5},
        "investors_search": {"q": "llc"},
        "investor_get": {"investor_id": investor_id},
        "investor_deals": {"investor_id": investor_id, "limit": 5},
        "agents_search": {"q": notable["agent_name_queries"][0]},
        "agent_get": {"agent_id": agent["id"], "market": agent["market"]},
        "agent_listings": {"agent_id": agent["id"], "market": agent["market"], "limit": 5},
        "buyers_match": {"property_id": property_id, "radius_miles": 5, "limit": 5},
        "lenders_search": {"q": "bank"},
        "lenders_list": {"limit": 5},
        "lender_get": {"lender_id": lender_id},
        "lender_loans": {"lender_id": lender_id, "limit": 5},
        "lender_borrowers": {"lender_id": lender_id, "limit": 5},
        "lender_rankings": {"lender_id": lender_id},
        "lender_cells": {"lender_id": lender_id, "place": place, "resolution": 7},
        "wholesale_listings": {"place": {"lat": 32.78, "lng": -96.8, "radius_miles": 20}, "limit": 5},
        "wholesale_listing_get": {"listing_id": listing["id"]},
        "wholesalers_search": {"q": "home"},
        "wholesaler_get": {"wholesaler_id": listing["wholesaler"]["id"]},
        "wholesaler_listings": {"wholesaler_id": listing["wholesaler"]["id"], "limit": 5},
        "investor_wholesale_purchases": {"investor_id": listing["buyer"]["investor_id"], "limit": 5},
        "parcels_search": {"place": place, "limit": 5},
        "parcel_detail": {"property_id": property_id, "part": "financing"},
        "str_parcels": {"place": place, "limit": 5},
        "coverage": {"zip": ZIP},
        "dataset": {},
    }


def test_every_listed_tool_answers_and_says_what_it_charged(tools, notable_ids):
    listed = {tool.name: tool for tool in tools.list()}
    arguments = arguments_of_every_tool(tools, notable_ids)
    assert set(listed) == set(arguments), "each tool the server lists is called here"
    charged_before = tools.credits.charged
    total = 0
    for name, tool in listed.items():
        assert tool.description and tool.input_schema["type"] == "object", name
        assert tool.routes and all(route.split()[1].startswith("/v1/") for route in tool.routes), name
        answer = tools.call(name, arguments[name])
        assert answer.data is not None and answer.request_id, name
        assert answer.dataset_version is not None and answer.dataset_version >= 1, name
        assert answer.credits.charged is not None and answer.credits.charged >= 0, name
        if not tool.charged:
            assert answer.credits.charged == 0, name
        total += answer.credits.charged
    assert tools.credits.charged - charged_before == total
    assert listed["deals_list"].charged and not listed["deals_summary"].charged
    assert listed["agents_search"].contact and not listed["lenders_search"].contact
    assert listed["lender_rankings"].routes == ("GET /v1/lenders/{lender_id}/rankings",)
    assert len(listed["parcel_detail"].routes) == 4 and listed["str_parcels"].charged


@pytest.mark.parametrize("meta, routes, charged", [
    pytest.param({"deedscope/routes": ["GET /v1/deals"], "deedscope/charged": True}, ("GET /v1/deals",), True,
                 id="as-the-sandbox-says"),
    pytest.param(None, (), False, id="no-meta"),
    pytest.param({"deedscope/routes": "GET /v1/deals", "deedscope/charged": "yes"}, (), False, id="other-shapes"),
])
def test_a_tools_meta_is_read_as_optional(meta, routes, charged):
    """data-api.md names no tool member: the routes and flags are the sandbox's, read where they are."""
    from mcp_types import Tool

    info = ToolInfo.of(Tool(name="deals_list", input_schema={"type": "object"}, meta=meta))
    assert info.routes == routes and info.charged is charged and info.contact is False


def test_pages_are_walked_to_the_end_without_duplicates(tools):
    total = tools.call("deals_summary", {"place": {"zip": [ZIP]}}).data["n_deals"]
    pages = list(tools.pages("deals_list", {"place": {"zip": [ZIP]}, "limit": 10}))
    ids = [deal["id"] for page in pages for deal in page.data]
    assert len(pages) > 1 and len(ids) == len(set(ids)) == total


def test_a_refused_call_raises_the_error_of_its_code(tools):
    with pytest.raises(BadRequestError) as refused:
        tools.call("deals_list", {"place": {"zip": [ZIP], "city": "Dallas"}})
    assert refused.value.code == "geometry_conflict" and refused.value.request_id
    with pytest.raises(ValidationError) as outside:
        tools.call("deals_list", {"place": {"lat": 32.78, "lng": -96.8, "radius_miles": 25}})
    assert outside.value.code == "validation_error" and "radius_miles" in outside.value.detail


def test_the_lock_raises_before_any_tool(sandbox):
    settings = settings_for(sandbox.url, key="zpka_not_a_key")
    with DataTools(settings) as tools, pytest.raises(AuthenticationError) as refused:
        tools.list()
    assert refused.value.code == "unauthorized" and refused.value.status == 401
    assert "zpka_not_a_key" not in str(refused.value) and "zpka_not_a_key" not in repr(refused.value)
    anonymous = settings_for(sandbox.url).model_copy(update={"on_behalf_of": None})
    with DataTools(anonymous) as tools, pytest.raises(BadRequestError) as no_header:
        tools.call("dataset", {})
    assert no_header.value.code == "on_behalf_of_required"


@pytest.mark.parametrize("structured, text, error_type, code", [
    pytest.param({"error": {"status": 429, "code": "rate_limited", "detail": "wait", "retry_after": 12,
                            "bucket": "tool_contact"}}, "429 rate_limited: wait", RateLimitedError, "rate_limited",
                 id="problem-429"),
    pytest.param({"error": {"status": 403, "code": "quota_exceeded", "detail": "no credit"}}, "",
                 QuotaExceededError, "quota_exceeded", id="problem-quota"),
    pytest.param(None, "1 validation error for deals_listArguments", ValidationError, "validation_error",
                 id="sdk-argument-refusal"),
])
def test_an_error_result_becomes_the_error_of_its_code(structured, text, error_type, code):
    result = CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured, is_error=True)
    error = _tool_error("deals_list", result, structured or {})
    assert type(error) is error_type and error.code == code
    if code == "rate_limited":
        assert error.retry_after == 12 and error.bucket == "tool_contact"


@pytest.mark.parametrize("text, data", [
    pytest.param('{"n_deals": 3}', {"n_deals": 3}, id="json"),
    pytest.param("3 deals", "3 deals", id="prose"),
])
def test_a_text_only_answer_is_read_as_its_json_or_its_text(text, data):
    assert _text_data(CallToolResult(content=[TextContent(type="text", text=text)])) == data
