"""Wholesale listings, wholesalers, an investor's wholesale purchases and a lender's borrowers through DataApi."""

from __future__ import annotations

import pytest

from services.data_api import DataApi
from services.errors import BadRequestError, InvalidInputError, NotFoundError, UnprocessableError


def bbox(notable_ids: dict, market: str) -> list[float]:
    return notable_ids["markets"][market]


def test_listings_walk_and_a_listing(data_api: DataApi, notable_ids: dict) -> None:
    page = data_api.wholesale_listings.list(bbox=bbox(notable_ids, "CLT"), status=["ACTIVE", "PENDING"], limit=30)
    rows = page.walk()
    assert rows and len(rows) == len({row.id for row in rows})
    assert {row.status for row in rows} <= {"ACTIVE", "PENDING"}
    first = rows[0]
    assert data_api.wholesale_listings.retrieve(first.id).data.id == first.id
    assert data_api.credits.charged == 0  # data-api.md, Limits 3: wholesale is early access


def test_wholesaler_search_profile_listings(data_api: DataApi, notable_ids: dict) -> None:
    sold = data_api.wholesale_listings.list(bbox=bbox(notable_ids, "DFW"), status="SOLD", limit=5).items[0]
    wholesaler = data_api.wholesalers.retrieve(sold.wholesaler.id).data
    listings = data_api.wholesalers.listings(wholesaler.id, limit=100).walk()
    assert len(listings) == wholesaler.n_listings
    assert sold.id in {row.id for row in listings}
    if wholesaler.name:
        assert wholesaler.id in {hit.id for hit in data_api.wholesalers.search(wholesaler.name[:10]).items}


def test_investor_purchases_and_lender_borrowers(data_api: DataApi, notable_ids: dict) -> None:
    lender_id = notable_ids["large_lender_id"]
    borrowers = data_api.lenders.borrowers(lender_id, market="CLT", limit=50).walk()
    assert borrowers and all(b.investor_id.startswith("inv_") for b in borrowers)
    investor_id = next(b.investor_id for b in borrowers if b.name)
    purchases = data_api.investors.wholesale_purchases(investor_id).walk()
    assert all(p.buyer.investor_id == investor_id for p in purchases)


def test_errors_carry_their_codes(data_api: DataApi, notable_ids: dict) -> None:
    with pytest.raises(UnprocessableError) as raised:
        data_api.wholesale_listings.list(bbox=bbox(notable_ids, "NNJ")).items
    assert raised.value.code == "wholesale_unavailable"
    with pytest.raises(BadRequestError) as missing:
        data_api.wholesale_listings.list().items
    assert missing.value.code == "geometry_required"
    with pytest.raises(NotFoundError):
        data_api.wholesalers.retrieve("wsr_0123456789ab")


@pytest.mark.parametrize("call", [
    pytest.param(lambda api: api.wholesalers.retrieve("inv_0123456789ab"), id="wholesaler-id"),
    pytest.param(lambda api: api.wholesale_listings.retrieve("wl_12"), id="listing-id"),
    pytest.param(lambda api: api.wholesale_listings.list(bbox=[0, 0, 1, 1], status="GONE"), id="status"),
    pytest.param(lambda api: api.wholesale_listings.list(bbox=[0, 0, 1, 1], sort="cheapest"), id="sort"),
    pytest.param(lambda api: api.wholesalers.search("x"), id="short-query"),
])
def test_bad_input_is_refused_before_the_request(data_api: DataApi, call) -> None:
    sent = data_api.requests_sent
    with pytest.raises(InvalidInputError):
        call(data_api)
    assert data_api.requests_sent == sent
