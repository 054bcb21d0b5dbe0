"""The parcel level through the client, against the real sandbox (issue 19)."""

from __future__ import annotations

import csv
import io

import pytest

from services import DataApi
from services.data_api.resources.properties import matches_csv, search_body
from services.errors import InvalidInputError, PermissionDeniedError, UnprocessableError
from tests.services.conftest import settings_for


@pytest.mark.parametrize("place, param", [
    pytest.param({}, "place", id="no-place"),
    pytest.param({"zip": "7520"}, "zip", id="short-zip"),
    pytest.param({"property_id": "prop_12"}, "property id", id="bad-id"),
    pytest.param({"street": "Oak"}, "place", id="unknown-member"),
])
def test_search_body_refuses_before_sending(place, param):
    with pytest.raises(InvalidInputError) as raised:
        search_body(place=place)
    assert raised.value.param == param


def test_search_body_nests_criteria():
    body = search_body(place={"zip": "75201, 75204", "city": None}, property={"beds_min": 3, "beds_max": None},
                       owner={"kind": "organization"}, limit=50)
    # No sort unless one is chosen: the documents name none (the host's own order).
    assert body == {"place": {"zip": ["75201", "75204"]}, "property": {"beds_min": 3},
                    "owner": {"kind": "organization"}, "limit": 50}
    assert search_body(place={"zip": "75201"}, sort="last_sale_desc")["sort"] == "last_sale_desc"
    with pytest.raises(InvalidInputError):
        search_body(place={"zip": "75201"}, limit=501)


def test_search_pages_and_holds_properties(data_api: DataApi):
    """Pages follow next_cursor; parcels served count 0 in later estimates (data-api.md, Limits 3)."""
    page = data_api.properties.search(search_body(place={"zip": "75201"}, limit=20))
    assert len(page.items) == 20 and page.has_next_page()
    second = page.get_next_page()
    assert second.items
    first_id = page.items[0].property_id
    assert data_api.properties.estimate_detail(first_id) == 0
    assert data_api.properties.estimate_search(20) == 20
    assert data_api.credits.charged >= 20


def test_a_parcels_details_cost_one_credit(data_api: DataApi, notable_ids: dict):
    property_id = notable_ids["parcel_with_everything"]
    assert data_api.properties.estimate_detail(property_id) == 1
    loans, _ = data_api.properties.financing(property_id)
    permits, _ = data_api.properties.permits(property_id)
    listings, _ = data_api.properties.listing_history(property_id)
    assert loans[0].lender.id.startswith("len_") and permits and listings
    assert data_api.credits.charged == 1 and data_api.properties.estimate_detail(property_id) == 0


def test_a_parcels_history_is_priced_per_deal_new_to_the_account(data_api: DataApi, notable_ids: dict):
    """data-api.md line 13 (What the service does 7): reads serving a deal new to the account cost 1
    each. The free summary counts the parcel's deals, so the estimate is stated before the read; the
    deals served are held (a later estimate counts them 0)."""
    property_id = notable_ids["parcel_with_everything"]
    n_deals = data_api.deals.summary(property_id=property_id).n_deals
    assert data_api.credits.charged == 0 and n_deals >= 2
    assert data_api.properties.estimate_history(property_id, n_deals) == 1 + n_deals
    assert data_api.properties.estimate_history(property_id, None) is None
    deeds, _meta = data_api.properties.history(property_id)
    assert len(deeds) == n_deals and data_api.credits.charged == 1 + n_deals
    assert data_api.estimate_cost("deal", ids=[deed.deal_id for deed in deeds]) == 0
    assert data_api.properties.estimate_history(property_id, n_deals) == 0, "served: held"
    assert data_api.properties.estimate_history(property_id, n_deals + 1) == 1, "a deal recorded since"


def test_person_parties_are_absent_not_flagged(data_api: DataApi, notable_ids: dict):
    deeds, _ = data_api.properties.history(notable_ids["parcel_of_person_deed"])
    assert any(deed.buyer is None for deed in deeds)


def test_ambiguous_address_raises_with_candidates(data_api: DataApi, notable_ids: dict):
    with pytest.raises(UnprocessableError) as raised:
        data_api.properties.search(search_body(place={"address": notable_ids["ambiguous_address"]}))
    assert raised.value.code == "ambiguous_address"
    assert len(raised.value.problem["candidates"]) >= 2


def test_unknown_zip_is_outside_coverage(data_api: DataApi):
    with pytest.raises(UnprocessableError) as raised:
        data_api.properties.search(search_body(place={"zip": "99999"}))
    assert raised.value.code == "outside_coverage"
    assert raised.value.problem["zips_unknown"] == ["99999"]


def test_buyers_match_and_its_csv(data_api: DataApi, notable_ids: dict):
    page = data_api.buyer_matches.list(notable_ids["parcel_with_everything"], limit=10)
    assert [m.rank for m in page.items] == list(range(1, 11))
    assert data_api.credits.charged == 10
    assert data_api.estimate_cost("investor", ids=[m.investor.investor_id for m in page.items]) == 0
    rows = list(csv.DictReader(io.StringIO(matches_csv(page.items))))
    assert [row["investor_id"] for row in rows] == [m.investor.investor_id for m in page.items]


def test_str_parcels_where_published_and_not(data_api: DataApi, notable_ids: dict, sandbox):
    parcels = data_api.str_parcels.list(zip=notable_ids["str_zip"])
    assert parcels.items and all(p.address.zip == notable_ids["str_zip"] for p in parcels.items)
    with pytest.raises(UnprocessableError) as raised:
        data_api.str_parcels.list(city="Houston")
    assert raised.value.code == "str_unavailable"
    no_contract = DataApi(settings_for(sandbox.url, "zpka_sandbox_nostr"))
    with no_contract, pytest.raises(PermissionDeniedError) as refused:
        no_contract.str_parcels.list(zip=notable_ids["str_zip"])
    assert refused.value.code == "plan_limit"
