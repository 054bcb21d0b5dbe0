"""Lenders (search, list, profile, loans as JSON and CSV, rankings, cells), lean buyers, marketplace listing."""

from __future__ import annotations

import csv
import io

import pytest

from services.data_api import DataApi
from services.errors import GoneError, NotFoundError, OutsideCoverageError
from services.data_api.models import MarketplaceListing


def test_lender_search_list_and_profile(data_api: DataApi, notable_ids: dict) -> None:
    page = data_api.lenders.list(limit=20)
    assert page.items and all(lender.id.startswith("len_") for lender in page.items)
    assert page.has_next_page()
    second = page.get_next_page()
    assert not {l.id for l in page.items} & {l.id for l in second.items}
    top = page.items[0]
    word = top.name.split()[0]
    assert top.id in {hit.id for hit in data_api.lenders.search(word).items} or data_api.lenders.search(word).capped
    retrieved = data_api.lenders.retrieve(top.id)
    assert retrieved.data.id == top.id and retrieved.resolved_from == []


def test_old_lender_id_followed_retired_gone(data_api: DataApi, notable_ids: dict) -> None:
    if notable_ids["merged_lender_ids"]:
        merged = notable_ids["merged_lender_ids"][0]
        assert data_api.lenders.retrieve(merged["old"]).resolved_from == [merged["old"]]
    assert notable_ids["retired_lender_ids"], "the sandbox fixtures name no retired lender"
    with pytest.raises(GoneError):
        data_api.lenders.retrieve(notable_ids["retired_lender_ids"][0])


def test_loans_as_json_pages_and_as_csv(data_api: DataApi, notable_ids: dict) -> None:
    lender_id = data_api.lenders.list(limit=50).items[-1].id
    loans = data_api.lenders.loans(lender_id, limit=25).walk()
    assert loans
    text = data_api.lenders.loans_csv(lender_id)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == len(loans)


def test_rankings_and_cells_are_one_lenders(data_api: DataApi, notable_ids: dict, request_log) -> None:
    """data-api.md lists `/v1/lenders/{id}/rankings` and `/cells` with `/loans`: per lender (docs/contract.md)."""
    lender_id = notable_ids["large_lender_id"]
    ranks = data_api.lenders.rankings(lender_id)
    assert ranks and all(row.rank >= 1 for row in ranks)
    west, south, east, north = notable_ids["markets"][ranks[0].market]
    one = data_api.lenders.cells(lender_id, bbox=(west, south, east, north), resolution=6)
    assert one.resolution == 6 and one.cells and all(cell.n_lenders == 1 for cell in one.cells)
    assert {path for path in request_log.paths() if path.startswith("/v1/lenders/")} == {
        f"/v1/lenders/{lender_id}/rankings", f"/v1/lenders/{lender_id}/cells"}


def test_lean_buyers_by_zip(data_api: DataApi) -> None:
    deal = data_api.deals.list(bbox=tuple(data_api.coverage.retrieve().markets[0].bbox), limit=1).items[0]
    buyers = data_api.buyers.list(zip=[deal.property.zip], limit=10)
    assert buyers.items and len(buyers.items) <= 10
    counts = [getattr(row, "n_purchases") for row in buyers.items]
    assert counts == sorted(counts, reverse=True)


def test_lean_buyers_unknown_zip(data_api: DataApi) -> None:
    with pytest.raises(OutsideCoverageError) as caught:
        data_api.buyers.list(zip=["00001"])
    assert caught.value.zips_unknown == ["00001"]


def test_marketplace_listing(data_api: DataApi, notable_ids: dict) -> None:
    listing = data_api.marketplace_listings.retrieve(notable_ids["listing_ids"][0])
    assert isinstance(listing, MarketplaceListing) and listing.listing_id == notable_ids["listing_ids"][0]
    assert listing.closing is not None and listing.closing.deal_id
    assert data_api.credits.charged == 0
    with pytest.raises(NotFoundError):
        data_api.marketplace_listings.retrieve("f" * 32)


def test_malformed_listing_id_refused_before_any_request(data_api: DataApi, request_log) -> None:
    from services.errors import InvalidInputError

    with pytest.raises(InvalidInputError) as caught:
        data_api.marketplace_listings.retrieve("../v1/deals")
    assert caught.value.param == "listing id" and request_log.sent == []
