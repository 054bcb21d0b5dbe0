"""Buy boxes (marketplace-api.md, Limits: five per buyer; Errors: `409 resource_limit`; scope
buy_boxes:manage "read and change buy boxes and their alerts") and reviews (scope reviews:read;
`/sell/reviews/{review_id}/response`; Errors: `409 resource_exists`)."""

from __future__ import annotations

from tests.sandbox.marketplace.conftest import problem
from tests.sandbox.marketplace.test_publishing import FIELDS, new_draft, publish_live, upload_photo


def _box(buyer, name: str, **criteria):
    return buyer.post("/buy/buy-boxes", {"name": name, "criteria": criteria})


def test_a_buyer_keeps_five_buy_boxes_and_the_sixth_is_resource_limit(buyer):
    for n in range(5):
        assert _box(buyer, f"Box {n}", max_price=100000 + n).status_code == 200
    problem(_box(buyer, "Sixth", max_price=1), 409, "resource_limit")
    boxes = buyer.data("/buy/buy-boxes")
    assert len(boxes) == 5
    deleted = buyer.request("DELETE", f"/buy/buy-boxes/{boxes[0]['id']}")
    assert deleted.status_code == 200
    assert _box(buyer, "Sixth", max_price=1).status_code == 200


def test_a_published_deal_matching_a_box_alerts_on_the_buyers_feed_only(sandbox, buyer, owner):
    box = _box(buyer, "Schertz houses", cities=["schertz"], max_price=250000).json()["data"]
    other = _box(buyer, "Austin only", cities=["Austin"]).json()["data"]
    matched_before = {d["id"] for d in buyer.data(f"/buy/buy-boxes/{box['id']}/matches")}
    draft = new_draft(owner, **FIELDS)
    upload_photo(owner, draft["id"], "front.jpg")
    deal = publish_live(sandbox, owner, draft["id"])

    alerts = buyer.data(f"/buy/buy-boxes/{box['id']}/alerts")
    assert [a["deal_id"] for a in alerts] == [deal["id"]]
    assert buyer.data(f"/buy/buy-boxes/{other['id']}/alerts") == []
    assert {d["id"] for d in buyer.data(f"/buy/buy-boxes/{box['id']}/matches")} == matched_before | {deal["id"]}
    feed = buyer.data("/buy/events", type="buy_box.alert")
    assert [(e["data"]["buy_box_id"], e["data"]["deal_id"]) for e in feed] == [(box["id"], deal["id"])]
    assert owner.data("/sell/events", type="buy_box.alert") == []


def test_buy_boxes_need_their_scope_and_a_buyer(login_as, owner):
    without = login_as("buyer@sandbox.test", scope="marketplace:profile deals:read")
    assert problem(without.get("/buy/buy-boxes"), 403, "insufficient_scope")["scope"] == "buy_boxes:manage"
    assert problem(owner.get("/buy/buy-boxes"), 403, "designation_required")["designation"] == "buyer"


def test_a_buyer_reads_a_sellers_public_profile_with_reviews(buyer, owner):
    seller_id = owner.data("/me")["organization"]["seller_id"]
    profile = buyer.data(f"/buy/sellers/{seller_id}")
    assert profile["seller_id"] == seller_id and profile["n_reviews"] == len(profile["reviews"]) >= 2
    assert profile["average_rating"] == sum(r["rating"] for r in profile["reviews"]) / profile["n_reviews"]
    problem(buyer.get("/buy/sellers/slr_000000000000"), 404, "not_found")


def test_a_review_takes_one_response_the_second_is_resource_exists(owner, member):
    reviews = owner.data("/sell/reviews")
    open_review = next(r for r in reviews if r["response"] is None)
    answered = next(r for r in reviews if r["response"] is not None)
    answer = member.post(f"/sell/reviews/{open_review['id']}/response", {"body": "Thanks; new photos are up."})
    assert answer.status_code == 200, answer.text
    assert answer.json()["data"]["response"]["body"] == "Thanks; new photos are up."
    problem(owner.post(f"/sell/reviews/{open_review['id']}/response", {"body": "Again"}), 409, "resource_exists")
    problem(owner.post(f"/sell/reviews/{answered['id']}/response", {"body": "Again"}), 409, "resource_exists")
