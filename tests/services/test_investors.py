"""Investors: list, search, profile (old ids followed, retired ids gone), an investor's deals."""

from __future__ import annotations

import pytest

from services.data_api import DataApi
from services.errors import GoneError, InvalidInputError, NotFoundError
from services.data_api.models import InvestorProfile, InvestorRow
from tests.services.conftest import RequestLog
from tests.services.test_deals import market_bbox


def test_list_most_events_first_and_walk(data_api: DataApi) -> None:
    page = data_api.investors.list(bbox=market_bbox(data_api), limit=25)
    assert page.items and all(isinstance(row, InvestorRow) for row in page.items)
    assert page.page.limit == 25 and page.has_next_page()
    second = page.get_next_page()
    assert not {row.id for row in page.items} & {row.id for row in second.items}
    assert data_api.estimate_cost("investor", ids=[row.id for row in page.items]) == 0, "listed rows are held"


def test_a_lists_cost_is_its_rows_until_its_answer_is_kept_for_the_account(data_api: DataApi) -> None:
    box = market_bbox(data_api)
    assert data_api.investors.list_cost(bbox=box, limit=7) == 7
    assert data_api.investors.list_cost(bbox=box) == 100, "the documented default page"
    data_api.investors.list(bbox=box, limit=7)
    assert data_api.investors.list_cost(bbox=box, limit=7) == 0, "the same read again is the account's already"
    assert data_api.investors.list_cost(bbox=box, limit=8) == 8, "another read is not known"


def test_search_by_name(data_api: DataApi) -> None:
    row = data_api.investors.list(bbox=market_bbox(data_api), limit=1).items[0]
    word = (row.display_name or row.name).split()[0]
    result = data_api.investors.search(word)
    assert 0 < len(result.items) <= 50
    assert row.id in {hit.id for hit in result.items} or result.capped
    assert all(word.lower() in (hit.name or "").lower() or word.lower() in (hit.display_name or "").lower()
               for hit in result.items)


def test_search_refuses_one_letter_before_any_request(data_api: DataApi, request_log: RequestLog) -> None:
    with pytest.raises(InvalidInputError):
        data_api.investors.search("a")
    assert request_log.sent == []


def test_retrieve_profile(data_api: DataApi) -> None:
    row = data_api.investors.list(bbox=market_bbox(data_api), limit=1).items[0]
    retrieved = data_api.investors.retrieve(row.id)
    profile = retrieved.data
    assert isinstance(profile, InvestorProfile)
    assert profile.id == row.id and retrieved.resolved_from == []
    assert profile.n_deals is not None and profile.n_deals > 0
    assert profile.members is None, "person-identifying fields arrive null"


def test_old_id_is_followed_and_says_so(data_api: DataApi, notable_ids: dict) -> None:
    merged = notable_ids["merged_investor_ids"][0]
    retrieved = data_api.investors.retrieve(merged["old"])
    assert retrieved.data.id == merged["current"]
    assert retrieved.resolved_from == [merged["old"]]


def test_retired_id_is_gone(data_api: DataApi, notable_ids: dict) -> None:
    with pytest.raises(GoneError) as caught:
        data_api.investors.retrieve(notable_ids["retired_investor_ids"][0])
    assert caught.value.status == 410 and caught.value.code == "gone"


def test_unknown_id_is_not_found(data_api: DataApi) -> None:
    with pytest.raises(NotFoundError):
        data_api.investors.retrieve("inv_" + "0" * 12)


def test_investor_deals_walked(data_api: DataApi) -> None:
    rows = data_api.investors.list(bbox=market_bbox(data_api), sort="events_desc", limit=50).items
    smallest = min((row for row in rows if row.n_deals), key=lambda row: row.n_deals)
    deals = data_api.investors.deals(smallest.id, limit=10).walk()
    ids = [deal.id for deal in deals]
    assert ids and len(ids) == len(set(ids))
    assert all(deal.buyer is None or deal.buyer.investor_id == smallest.id for deal in deals)
