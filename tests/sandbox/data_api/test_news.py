"""A publish that brings news (`POST /_sandbox/publish {"state", "new_deals"}`, issue 47): deals dated
after the state's data end, which moves past them with the version, read alike by every route (cells,
summary, lists, profiles, parcel history and financing, lender loans); a reset takes them back."""

from __future__ import annotations

import httpx2

from tests.sandbox.data_api.helpers import assert_problem, fixtures, get

NEW_DEALS = 6


def publish_news(sandbox, count: int = NEW_DEALS) -> dict:
    return sandbox.publish("TX", new_deals=count)["data"]


def dfw_box(sandbox) -> str:
    return ",".join(str(value) for value in fixtures(sandbox.url)["markets"]["DFW"])


def test_news_move_the_data_end_and_the_version_of_their_state_only(sandbox):
    before = get(sandbox.url, "/v1/dataset").json()["data"]
    published = publish_news(sandbox)
    after = get(sandbox.url, "/v1/dataset")
    data = after.json()["data"]
    assert data["dataset_version"] == before["dataset_version"] + 1 == published["dataset_version"]
    assert data["data_end"] > before["data_end"] and data["data_end"] == after.headers["X-Data-End"] == published["data_end"]
    assert all(before["data_end"] < deal["sale_date"] <= data["data_end"] for deal in published["new_deals"])
    assert len(published["new_deals"]) == NEW_DEALS
    ends = {market["market"]: market["data_end"] for market in get(sandbox.url, "/v1/coverage").json()["data"]["markets"]}
    assert ends["DFW"] == ends["HOU"] == data["data_end"], "Texas's markets end later"
    assert ends["ATL"] == before["data_end"], "another state's data end stays"


def test_every_route_reads_the_new_deals(sandbox):
    targets = fixtures(sandbox.url)["news_targets"]
    investor, parcel, lender = targets["investor_ids"][0], targets["property_ids"][0], targets["lender_ids"][0]
    box = dfw_box(sandbox)
    profile_before = get(sandbox.url, f"/v1/investors/{investor}").json()["data"]
    summary_before = get(sandbox.url, "/v1/deals/summary", {"bbox": box}).json()["data"]
    cells_before = sum(cell["n_deals"] for cell in get(sandbox.url, "/v1/deals/cells", {"bbox": box, "resolution": 6}).json()["data"])
    lender_before = get(sandbox.url, f"/v1/lenders/{lender}").json()["data"]
    history_before = get(sandbox.url, f"/v1/properties/{parcel}/history").json()["data"]

    published = publish_news(sandbox)
    added = published["new_deals"]
    in_dfw = [deal for deal in added if deal["market"] == "DFW"]
    first = added[0]
    assert (first["buyer_id"], first["property_id"], first["lender_id"]) == (investor, parcel, lender), "the targets said"
    assert first["market"] == "DFW" and len(in_dfw) >= NEW_DEALS // 2, "most in the default view's market"

    assert get(sandbox.url, f"/v1/deals/{first['deal_id']}").json()["data"]["buyer"]["investor_id"] == investor
    summary = get(sandbox.url, "/v1/deals/summary", {"bbox": box}).json()["data"]
    assert summary["n_deals"] == summary_before["n_deals"] + len(in_dfw)
    new_month = first["sale_date"][:7]
    assert (new_month, len(in_dfw)) in {(month["month"], month["n"]) for month in summary["by_month"]}
    cells = get(sandbox.url, "/v1/deals/cells", {"bbox": box, "resolution": 6}).json()["data"]
    assert sum(cell["n_deals"] for cell in cells) == cells_before + len(in_dfw)
    listed = get(sandbox.url, "/v1/deals", {"bbox": box, "from": published["new_deals"][0]["sale_date"]}).json()["data"]
    assert {deal["id"] for deal in listed} == {deal["deal_id"] for deal in in_dfw}

    profile = get(sandbox.url, f"/v1/investors/{investor}").json()["data"]
    bought = [deal for deal in added if deal["buyer_id"] == investor]
    assert profile["n_deals"] == profile_before["n_deals"] + len(bought)
    # A `--variety` host serves the profile's dates null.
    assert profile["last_bought_on"] in (max(deal["sale_date"] for deal in bought), None)
    hits = get(sandbox.url, "/v1/investors/search", {"q": profile["display_name"]}).json()["data"]
    assert next(hit for hit in hits if hit["id"] == investor)["n_deals"] == profile["n_deals"]
    purchases = get(sandbox.url, f"/v1/investors/{investor}/deals", {"from": first["sale_date"]}).json()["data"]
    assert [deal["id"] for deal in purchases] == [deal["deal_id"] for deal in reversed(bought)]

    history = get(sandbox.url, f"/v1/properties/{parcel}/history").json()["data"]
    assert len(history) == len(history_before) + 1 and first["deal_id"] in str(history)
    financing = get(sandbox.url, f"/v1/properties/{parcel}/financing").json()["data"]
    assert first["deal_id"] in {loan["deal_id"] for loan in financing}
    loans = get(sandbox.url, f"/v1/lenders/{lender}/loans", {"from": first["sale_date"]}).json()["data"]
    assert first["deal_id"] in {loan["deal_id"] for loan in loans}
    assert get(sandbox.url, f"/v1/lenders/{lender}").json()["data"]["n_loans"] > lender_before["n_loans"]


def test_a_reset_takes_the_news_back(sandbox):
    before = get(sandbox.url, "/v1/dataset").json()["data"]
    box = dfw_box(sandbox)
    count = get(sandbox.url, "/v1/deals/summary", {"bbox": box}).json()["data"]["n_deals"]
    added = publish_news(sandbox)["new_deals"]
    sandbox.reset()
    assert get(sandbox.url, "/v1/dataset").json()["data"]["data_end"] == before["data_end"]
    assert get(sandbox.url, "/v1/deals/summary", {"bbox": box}).json()["data"]["n_deals"] == count
    assert_problem(get(sandbox.url, f"/v1/deals/{added[0]['deal_id']}"), 404, "not_found")
    assert publish_news(sandbox)["new_deals"] == added, "the same news again after a reset"


def test_a_second_publish_brings_other_news_later(sandbox):
    first = publish_news(sandbox, 3)
    second = publish_news(sandbox, 3)
    assert second["data_end"] > first["data_end"]
    assert not {deal["deal_id"] for deal in first["new_deals"]} & {deal["deal_id"] for deal in second["new_deals"]}
    assert all(deal["sale_date"] > first["data_end"] for deal in second["new_deals"])
    assert get(sandbox.url, f"/v1/deals/{first['new_deals'][0]['deal_id']}").status_code == 200


def test_a_publish_without_news_keeps_the_data_end_and_bad_counts_are_refused(sandbox):
    before = get(sandbox.url, "/v1/dataset").json()["data"]
    assert sandbox.publish("TX")["data"]["data_end"] == before["data_end"]
    response = httpx2.post(f"{sandbox.url}/_sandbox/publish", json={"state": "TX", "new_deals": 501})
    assert response.status_code == 400 and response.json()["code"] == "validation_error"
    response = httpx2.post(f"{sandbox.url}/_sandbox/publish", json={"state": "ZZ", "new_deals": 2})
    assert response.status_code == 404
