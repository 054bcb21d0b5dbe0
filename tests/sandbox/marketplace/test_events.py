"""Event feeds (decisions.md: `GET /buy/events`, `GET /sell/events`; marketplace-api.md, Events 1)."""

from __future__ import annotations

from tests.sandbox.marketplace.conftest import problem
from tests.sandbox.marketplace.helpers import free_deals, terms_for


def test_a_new_offer_shows_in_both_feeds(buyer, owner):
    organization = owner.data("/me")["organization"]["seller_id"]
    deal = next(d for d in free_deals(buyer) if d["seller"]["seller_id"] == organization)
    offer = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal)).json()["data"]
    newest = buyer.data("/buy/events", limit=1)[0]
    assert newest["type"] == "offer.created" and newest["data"]["offer"]["id"] == offer["id"]
    seller_feed = owner.data("/sell/events", type="offer.created", limit=100)
    assert seller_feed[0]["data"]["offer"]["id"] == offer["id"]
    assert all(event["type"] == "offer.created" for event in seller_feed)


def test_feed_pages_and_needs_events_read(buyer, login_as):
    first = buyer.get("/buy/events", limit=3).json()
    assert first["page"]["returned"] == 3 and first["page"]["next_cursor"]
    second = buyer.get("/buy/events", limit=3, cursor=first["page"]["next_cursor"]).json()
    assert not {e["id"] for e in first["data"]} & {e["id"] for e in second["data"]}
    narrow = login_as("buyer@sandbox.test", scope="offers:read")
    assert problem(narrow.get("/buy/events"), 403, "insufficient_scope")["scope"] == "events:read"
