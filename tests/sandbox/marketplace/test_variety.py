"""The marketplace half of `python -m sandbox --variety` (sandbox/marketplace/variety.py): what a host
written from marketplace-api.md alone may do and the default profile never does."""

from __future__ import annotations

import re

import pytest

from tests.sandbox.marketplace.conftest import Market, problem
from tests.sandbox.marketplace.helpers import free_deals, terms_for


@pytest.fixture
def varied(variety_sandbox):
    from tests.sandbox.marketplace.oauth_flow import login

    return lambda email: Market(variety_sandbox.url, login(variety_sandbox.url, email))


def test_every_write_needs_an_idempotency_key(varied):
    """marketplace-api.md:83: "A missing or overlong key answers `400 invalid_parameter`" — on a host
    that keys every write, the writes the default profile takes without one too."""
    owner = varied("owner@sandbox.test")
    body = problem(owner.post("/sell/leads", {"name": "No key"}, key=None), 400, "invalid_parameter")
    assert body["parameter"] == "Idempotency-Key"
    assert owner.post("/sell/leads", {"name": "With a key"}).status_code == 200


def test_ids_without_a_documented_form_take_another(varied):
    """marketplace-api.md:15 gives `byr_` and `slr_`; decisions.md:96 `off_`, `mkd_`, `drf_`, `med_`.
    Every other id is the host's own: here a word, a colon and 32 hex."""
    owner, buyer = varied("owner@sandbox.test"), varied("buyer@sandbox.test")
    lead = owner.data("/sell/leads")[0]
    assert re.fullmatch(r"lead:[0-9a-f]{32}", lead["id"])
    assert owner.data(f"/sell/leads/{lead['id']}")["id"] == lead["id"]
    box = buyer.post("/buy/buy-boxes", {"name": "Any", "criteria": {}}).json()["data"]
    assert box["id"].startswith("box:")
    assert re.fullmatch(r"off_[0-9a-f]{12}", buyer.offers()[0]["id"]), "documented forms stay"


def test_no_balance_route_and_publish_under_review_says_no_cost(varied):
    """No document names `GET /sell/credits`; a publish states no cost (What the service does 5)."""
    owner = varied("owner@sandbox.test")
    assert owner.get("/sell/credits").status_code == 404
    ready = next(d for d in owner.data("/sell/drafts", limit=100) if d.get("title") and "photos in" in d["title"])
    answer = owner.post(f"/sell/drafts/{ready['id']}/publish").json()["data"]
    assert answer["status"] == "under_review" and "credits" not in answer


def test_short_pages_with_cursors_unknown_fields_and_nulls(varied):
    buyer = varied("buyer@sandbox.test")
    first = buyer.get("/buy/deals", limit=6).json()
    assert first["page"]["returned"] == 4 and first["page"]["next_cursor"], "a short page is not the end"
    assert "added_later" in first and "added_later" in first["meta"] and "added_later" in first["page"]
    assert all("added_later" in row for row in first["data"])
    assert first["data"][1]["title"] is None and first["data"][0]["title"], "every other row's optional members null"
    seen = list(first["data"])
    cursor = first["page"]["next_cursor"]
    while cursor:
        page = buyer.get("/buy/deals", limit=6, cursor=cursor).json()
        seen += page["data"]
        cursor = page["page"]["next_cursor"]
    assert len({d["id"] for d in seen}) == len(seen) > len(first["data"]), "the cursor walks every deal once"
    deal = free_deals(buyer)[0]
    made = buyer.post(f"/buy/deals/{deal['id']}/offers", terms_for(deal)).json()
    assert "added_later" in made["data"]


def test_the_sellers_offers_list_takes_only_a_status_filter(varied):
    """marketplace-api.md:97: "Query parameter names of the offers list other than `limit` and
    `cursor`: not shown": this host names no deal or changed-after filter."""
    owner = varied("owner@sandbox.test")
    body = problem(owner.get("/sell/offers", deal_id="mkd_0123456789ab"), 400, "unknown_parameter")
    assert body["unknown_parameters"] == ["deal_id"]
    assert owner.get("/sell/offers", status="new").status_code == 200
