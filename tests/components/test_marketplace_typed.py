"""The marketplace's typed reads on the pages (issue 41, 2) tolerate what a host may send beyond the
sandbox's default shapes: unknown members, nulls, a nested object left out, an event's payload of
another form. Each is read by attribute and said in words, never a failure or "None"."""

from __future__ import annotations

import pytest

from components.buyer_tools import box_label, criteria_text
from components.marketplace_deals import deal_label, deal_row
from components.marketplace_preview import deal_terms_rows, preview_rows
from components.seller_drafts import balance_short, cost_text, draft_label, publish_text
from services.marketplace_api.desk_models import BuyBox, Credits, Draft, Lead, PublishResult, Review
from services.marketplace_api.models import MarketplaceDeal, MarketplaceEvent, OfferPreview, Trust

EXTRA = {"added_later": {"note": "a field this client was not written for"}}


def test_a_deal_without_its_nested_members_reads_as_blanks():
    deal = MarketplaceDeal.model_validate({"id": "mkd_0123456789ab", "title": None, "property": None, "terms": None,
                                           "seller": None, **EXTRA})
    assert deal_row(deal) == {"title": None, "city": None, "state": None, "status": None, "asking_price": None,
                              "min_emd": None, "closing_date": None, "id": "mkd_0123456789ab"}
    assert deal_label(deal) == "Untitled deal", "a person reads no deal's id"
    untitled = MarketplaceDeal.model_validate({"id": "mkd_0123456789ab", "property": {"city": "Austin"},
                                               "terms": {"asking_price": 152000}})
    assert deal_label(untitled) == "Untitled deal in Austin · $152,000"
    full = MarketplaceDeal.model_validate({"id": "mkd_0123456789ab", "title": "Oak", "property": {"city": "Austin", **EXTRA},
                                           "terms": {"asking_price": 152000, **EXTRA}, **EXTRA})
    assert deal_row(full)["city"] == "Austin" and deal_label(full) == "Oak · $152,000"


@pytest.mark.parametrize(("data", "offer_id", "status", "deal_id"), [
    pytest.param({"offer": {"id": "off_0123456789ab", "status": "new", "deal_id": "mkd_0123456789ab"}},
                 "off_0123456789ab", "new", "mkd_0123456789ab", id="the sandbox's offer event"),
    pytest.param({"deal_id": "mkd_0123456789ab", **EXTRA}, None, None, "mkd_0123456789ab", id="a deal's event"),
    pytest.param({"offer": "off_0123456789ab"}, None, None, None, id="an offer named, not given"),
    pytest.param(["a", "list"], None, None, None, id="a payload of another form"),
    pytest.param(None, None, None, None, id="no payload"),
])
def test_an_events_payload_of_any_form_reads_as_its_members_or_none(data, offer_id, status, deal_id):
    event = MarketplaceEvent.model_validate({"id": "evt_1", "type": "offer.created", "data": data, **EXTRA})
    assert (event.offer_id, event.offer_status, event.deal_id) == (offer_id, status, deal_id)


def test_a_buy_box_without_criteria_matches_any_deal():
    assert box_label(BuyBox.model_validate({"id": "bbx_1", "name": None, "criteria": None, "n_alerts": None})) == \
        "A buy box (any deal) · 0 alerts"
    box = BuyBox.model_validate({"id": "bbx_1", "name": "North", "n_alerts": 1, "criteria": {
        "cities": ["Schertz"], "property_types": ["single_family"], "max_price": 200000, "min_bedrooms": None, **EXTRA}})
    assert box_label(box) == "North (in Schertz; single family; up to $200,000) · 1 alert"
    assert criteria_text(None) == "any deal"


def test_a_preview_says_the_terms_it_states_and_no_unknown_member():
    preview = OfferPreview.model_validate({"preview_token": "t", "terms": {
        "offer_id": "off_0123456789ab", "offer_amount": 180000, "emd_amount": None, "financing": "hard_money",
        "deal": {"asking_price": 185000, "min_emd": None, "closing_date": "2026-12-01", **EXTRA}, **EXTRA}})
    assert preview_rows(preview.terms) == {"Offer amount": "$180,000", "Earnest money deposit": "—",
                                           "Financing": "hard money", "Deal: Asking price": "$185,000",
                                           "Deal: Closing date": "2026-12-01"}
    flat = OfferPreview.model_validate({"preview_token": "t", "terms": {"asking_price": 185000}})
    assert deal_terms_rows(flat.terms.deal_terms) == {"Asking price": "$185,000"}, "a host's flat terms still compare"


def test_drafts_credits_and_a_publish_read_from_what_the_host_states():
    assert draft_label(Draft.model_validate({"id": "drf_1", "title": None, "status": None, **EXTRA})) == "Untitled draft ()"
    assert cost_text(None).startswith("Publishing uses your organization's publishing credits")
    assert not balance_short(Credits.model_validate({"balance": None, "publish_cost": 25}))
    assert balance_short(Credits(balance=3, publish_cost=25))
    reviewing = PublishResult.model_validate({"id": "drf_1", "status": "under_review", "review_ends_at": None, **EXTRA})
    assert publish_text(reviewing, None) == ("Your deal is under the marketplace's review: it goes live when the review "
                                             "ends. The draft cannot be changed until then.")
    live = PublishResult.model_validate({"id": "mkd_0123456789ab", "status": None})
    assert publish_text(live, "Oak") == "Your deal “Oak” is live; buyers see it now."


def test_blocks_the_documents_do_not_type_read_as_absent_in_another_form():
    """A review's reviewer and response, a lead's history, the trust tier's next step: the sandbox's
    objects are read by attribute; another form a host may send (a word, a list) reads as absent."""
    review = Review.model_validate({"id": "rev_1", "reviewer": "Jane", "response": ["thanks"], **EXTRA})
    assert review.reviewer is None and review.response is None
    typed = Review.model_validate({"id": "rev_1", "reviewer": {"name": "Jane", **EXTRA},
                                   "response": {"body": "Thanks", "created_at": None}})
    assert typed.reviewer.name == "Jane" and typed.response.body == "Thanks"
    lead = Lead.model_validate({"id": "lead_1", "history": [{"status": "open", "at": "2026-11-20T00:00:00Z"}, "called", None]})
    assert [(step.status, step.at) for step in lead.history] == [("open", "2026-11-20T00:00:00Z")]
    assert Lead.model_validate({"id": "lead_1", "history": None}).history == []
    assert Trust.model_validate({"tier": "new", "next_step": "verify"}).next_step is None
    assert Trust.model_validate({"next_step": {"tier": "verified", "action": "Verify."}}).next_step.tier == "verified"
