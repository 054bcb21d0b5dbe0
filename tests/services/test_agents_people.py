"""Listing agents (search, profile, listings, markets, old ids) and a person's listings (lean)."""

from __future__ import annotations

from datetime import date

import pytest

from services.data_api import DataApi
from services.errors import BadRequestError, GoneError, InvalidInputError
from services.data_api.models import AgentProfile, ListingRow
from tests.services.conftest import RequestLog


def single_market_agent(api: DataApi, notable_ids: dict) -> str:
    multi = {entry["agent_id"] for entry in notable_ids["multi_market_agent_ids"]}
    for query in notable_ids["agent_name_queries"]:
        for hit in api.agents.search(query).items:
            if hit.id not in multi:
                return hit.id
    raise AssertionError("no single-market agent found by the fixture name queries")


def test_search_finds_agents(data_api: DataApi, notable_ids: dict) -> None:
    result = data_api.agents.search(notable_ids["agent_name_queries"][0])
    assert 0 < len(result.items) <= 50
    assert all(hit.id.startswith("agt_") and hit.name is None for hit in result.items), "names are redacted"


def test_profile_and_its_listings(data_api: DataApi, notable_ids: dict) -> None:
    agent_id = single_market_agent(data_api, notable_ids)
    retrieved = data_api.agents.retrieve(agent_id)
    assert isinstance(retrieved.data, AgentProfile) and retrieved.data.id == agent_id
    assert retrieved.data.license is None and retrieved.resolved_from == []
    assert "contact_redacted" in retrieved.data.model_extra, "fields the model does not name are kept"
    listings = data_api.agents.listings(agent_id, limit=10).walk()
    ids = [row.listing_id for row in listings]
    assert len(ids) == len(set(ids))
    assert retrieved.data.listings.n_total is not None and len(ids) <= retrieved.data.listings.n_total + len(ids)
    sold = data_api.agents.listings(agent_id, status=["SOLD"]).walk()
    assert all(row.status == "SOLD" for row in sold)


def test_multi_market_agent_needs_a_market(data_api: DataApi, notable_ids: dict) -> None:
    entry = notable_ids["multi_market_agent_ids"][0]
    with pytest.raises(BadRequestError) as caught:
        data_api.agents.retrieve(entry["agent_id"])
    assert caught.value.code == "market_required"
    for market in entry["markets"]:
        assert data_api.agents.retrieve(entry["agent_id"], market=market).data.market == market


def test_old_agent_id_followed_retired_gone(data_api: DataApi, notable_ids: dict) -> None:
    multi = {entry["agent_id"] for entry in notable_ids["multi_market_agent_ids"]}
    merged = next(m for m in notable_ids["merged_agent_ids"] if m["current"] not in multi)
    retrieved = data_api.agents.retrieve(merged["old"])
    assert retrieved.data.id == merged["current"] and retrieved.resolved_from == [merged["old"]]
    with pytest.raises(GoneError) as caught:
        data_api.agents.retrieve(notable_ids["retired_agent_ids"][0])
    assert caught.value.superseded_by is None and "superseded_by" in caught.value.problem


def test_person_listings_with_filters(data_api: DataApi, notable_ids: dict) -> None:
    person_id = notable_ids["person_ids_with_listings"][0]
    current = data_api.people.listings(person_id).walk()
    assert current and all(isinstance(row, ListingRow) for row in current)
    every_version = data_api.people.listings(person_id, all_versions=True).walk()
    assert len(every_version) >= len(current)
    mentions = [row.mention_id for row in every_version]
    assert len(mentions) == len(set(mentions))
    statuses = {row.status for row in current}
    one_status = sorted(statuses)[0]
    kept = data_api.people.listings(person_id, status=[one_status]).walk()
    assert kept and all(row.status == one_status for row in kept)
    dated = sorted(row.listed_on for row in current if row.listed_on)
    middle = dated[len(dated) // 2]
    recent = data_api.people.listings(person_id, listed_from=middle).walk()
    assert recent and all(row.listed_on is not None and row.listed_on >= middle for row in recent)
    own = data_api.people.listings(person_id, self_listing=True).walk()
    assert all(row.self_listing for row in own)
    flagged = data_api.people.listings(person_id, flagged_purchase=True).walk()
    assert all(row.buyer_flagged for row in flagged)


def test_person_with_no_listings_is_an_empty_page(data_api: DataApi) -> None:
    page = data_api.people.listings("person:" + "0" * 12)
    assert page.items == [] and not page.has_next_page()


@pytest.mark.parametrize(
    ("call", "param"),
    [
        pytest.param(lambda api: api.agents.retrieve("agt_12"), "agent id", id="short-agent-id"),
        pytest.param(lambda api: api.agents.retrieve("agt_" + "0" * 12, market="X" * 17), "market", id="long-market"),
        pytest.param(lambda api: api.people.listings("person_0123456789ab"), "person id", id="person-wrong-form"),
        pytest.param(lambda api: api.people.listings("person:" + "0" * 12, listed_from=date(2024, 1, 1).strftime("%d/%m/%Y")),
                     "listed_from", id="listed-from-not-iso"),
        pytest.param(lambda api: api.people.listings("person:" + "0" * 12, limit=501), "limit", id="limit-over-500"),
    ],
)
def test_refused_before_any_request(data_api: DataApi, request_log: RequestLog, call, param: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        call(data_api)
    assert caught.value.param == param and request_log.sent == []
