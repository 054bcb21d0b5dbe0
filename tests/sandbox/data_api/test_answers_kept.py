"""Answers the sandbox keeps per state of its data (`Database.memo`: a map's summary, every
lender's rankings in a market) follow a publish's news and a reset: never one from before."""

from __future__ import annotations

from collections import Counter

from tests.sandbox.data_api.helpers import fixtures, get


def summary_deals(url: str, bbox: list[float]) -> int:
    response = get(url, "/v1/deals/summary", {"bbox": ",".join(map(str, bbox))})
    assert response.status_code == 200, response.text
    return response.json()["data"]["n_deals"]


def loans_in(url: str, lender_id: str, market: str) -> int:
    response = get(url, f"/v1/lenders/{lender_id}/rankings", {"market": market})
    assert response.status_code == 200, response.text
    return sum(row["n_loans"] for row in response.json()["data"])


def test_a_summary_and_a_lenders_rankings_follow_the_news_and_the_reset(sandbox):
    news = sandbox.publish("TX", new_deals=6)["data"]["new_deals"]
    sandbox.reset()  # the answers before the news, asked (and kept) first
    market = Counter(deal["market"] for deal in news).most_common(1)[0][0]
    bbox = fixtures(sandbox.url)["markets"][market]
    financed = [deal for deal in news if deal["lender_id"] and deal["market"] == market]
    assert financed, "the news finance a purchase in their market"
    lender = financed[0]["lender_id"]
    deals_before, loans_before = summary_deals(sandbox.url, bbox), loans_in(sandbox.url, lender, market)

    sandbox.publish("TX", new_deals=6)
    added = sum(1 for deal in news if deal["market"] == market)
    assert summary_deals(sandbox.url, bbox) == deals_before + added
    assert loans_in(sandbox.url, lender, market) == loans_before + sum(1 for deal in financed if deal["lender_id"] == lender)

    sandbox.reset()
    assert (summary_deals(sandbox.url, bbox), loans_in(sandbox.url, lender, market)) == (deals_before, loans_before)


def test_the_fixtures_name_the_next_publishs_news_after_each_publish_and_reset(sandbox):
    first = fixtures(sandbox.url)["news_targets"]
    published = sandbox.publish("TX", new_deals=6)["data"]["new_deals"]
    assert published[0]["buyer_id"] == first["investor_ids"][0], "the targets the fixtures named"
    second = fixtures(sandbox.url)["news_targets"]
    assert second != first, "after a publish of news, the next one's targets"
    assert sandbox.publish("TX", new_deals=6)["data"]["new_deals"][0]["buyer_id"] == second["investor_ids"][0]
    sandbox.reset()
    assert fixtures(sandbox.url)["news_targets"] == first
