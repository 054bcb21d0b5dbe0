"""The seller's desk and the buyer's tools through `MarketplaceApi`, against the real sandbox with
tokens from the real login: one Idempotency-Key per action (`IdempotencyKeys`), each documented
refusal raised as its class with its extra members (marketplace-api.md, Errors), and a login that
asks for the scopes of the sides the account holds (`GET /me` `sides`)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from services.errors import (
    AgreementRequiredError, DealIncompleteError, DraftUnderReviewError, DuplicateInquiryError, InsufficientBalanceError,
    InsufficientRoleError, InvalidInputError, ResourceLimitError,
)
from services.marketplace_api import IdempotencyKeys, MarketplaceApi
from services.oauth import MarketplaceLogin, TokenHolder, missing_scopes, scopes_for_sides
from tests.services.test_oauth_consent import (  # noqa: F401 - fixture
    consent_through_issuer, log_in, marketplace_login, sandbox_settings,
)
from tests.sandbox.marketplace.oauth_flow import http
from tests.services.test_marketplace_api import http_client  # noqa: F401 - fixture
from tests.sandbox.marketplace.test_publishing import FIELDS, JPEG

PNG = b"\x89PNG\r\n\x1a\n" + b"sandbox png" * 30


def log_in_for(login: MarketplaceLogin, email: str, sides: tuple[str, ...]) -> TokenHolder:
    redirect = consent_through_issuer(login.begin(scopes=scopes_for_sides(sides)), email=email, accept_terms=True)
    query = parse_qs(urlsplit(redirect).query)
    holder, _ = login.complete(code=query["code"][0], state=query["state"][0])
    return holder


@pytest.fixture
def api_for(sandbox, marketplace_login, http_client):
    def make(email: str, sides: tuple[str, ...]) -> MarketplaceApi:
        return MarketplaceApi(sandbox_settings(sandbox.url), log_in_for(marketplace_login, email, sides),
                              http_client=http_client)

    return make


@pytest.fixture
def owner_api(api_for) -> Iterator[MarketplaceApi]:
    yield api_for("owner@sandbox.test", ("sell",))


@pytest.fixture
def buyer_api(api_for) -> Iterator[MarketplaceApi]:
    yield api_for("buyer@sandbox.test", ("buy",))


def key() -> str:
    return str(uuid.uuid4())


def test_a_login_without_the_sides_scopes_is_told_what_to_ask_and_the_second_asks_it(sandbox, marketplace_login,
                                                                                       http_client):
    """Authentication 3b: ask for scopes and offline_access; the seller's need the sell side's."""
    first = MarketplaceApi(sandbox_settings(sandbox.url), log_in(marketplace_login, email="owner@sandbox.test"),
                           http_client=http_client)
    me = first.me()
    assert me.sides == ["sell"]
    missing = missing_scopes(me.sides, me.scopes)
    assert {"deals:write", "leads:read", "webhooks:manage"} <= set(missing)
    url = marketplace_login.begin(scopes=scopes_for_sides(me.sides))
    asked = parse_qs(urlsplit(url).query)["scope"][0].split()
    assert "offline_access" in asked and "buy_boxes:manage" not in asked and set(missing) <= set(asked)
    second = MarketplaceApi(sandbox_settings(sandbox.url), log_in_for(marketplace_login, "owner@sandbox.test", me.sides),
                            http_client=http_client)
    again = second.me()
    assert missing_scopes(again.sides, again.scopes) == ()


def publish_live(sandbox, owner_api, draft_id: str) -> str:
    """Publish (under review on the sandbox), move the clock past the review; the deal's id."""
    answer = owner_api.sell.drafts.publish(draft_id, idempotency_key=key())
    assert answer.outcome == "under_review"
    sandbox.advance_past(answer.review_ends_at)
    return owner_api.sell.drafts.retrieve(draft_id).deal_id


def test_a_draft_gets_two_photos_reordered_and_publishes_with_one_key(sandbox, owner_api):
    keys = IdempotencyKeys({})
    draft = keys.run("create draft", FIELDS, lambda k: owner_api.sell.drafts.create(idempotency_key=k, **FIELDS))
    owner_api.sell.drafts.upload_photo(draft.id, filename="front.jpg", content=JPEG, idempotency_key=key())
    media = owner_api.sell.drafts.upload_photo(draft.id, filename="yard.png", content=PNG, idempotency_key=key())
    assert [(m.filename, m.is_default) for m in media] == [("front.jpg", True), ("yard.png", False)]
    ordered = owner_api.sell.drafts.order_media(draft.id, [media[1].id, media[0].id], idempotency_key=key())
    assert ordered[0].is_default and ordered[0].content_type == "image/png"
    before = owner_api.sell.drafts.credits()
    answer = keys.run("publish", {"draft": draft.id}, lambda k: owner_api.sell.drafts.publish(draft.id, idempotency_key=k))
    assert answer.outcome == "under_review" and answer.credits.balance == before.balance - before.publish_cost
    with pytest.raises(DraftUnderReviewError):
        owner_api.sell.drafts.retrieve(draft.id)
    sandbox.advance_past(answer.review_ends_at)
    deal = next(d for d in owner_api.sell.deals.list(status="active") if d.id == owner_api.sell.drafts.retrieve(draft.id).deal_id)
    assert [m["filename"] for m in deal.model_dump()["media"]] == ["yard.png", "front.jpg"]


def test_publish_refusals_carry_their_members(sandbox, owner_api):
    draft = owner_api.sell.drafts.create(idempotency_key=key(), title="Half a draft")
    with pytest.raises(DealIncompleteError) as incomplete:
        owner_api.sell.drafts.publish(draft.id, idempotency_key=key())
    assert "media" in incomplete.value.missing and "asking_price" in incomplete.value.missing
    owner_api.sell.drafts.update(draft.id, idempotency_key=key(), **{k: v for k, v in FIELDS.items() if k != "title"})
    owner_api.sell.drafts.upload_photo(draft.id, filename="front.jpg", content=JPEG, idempotency_key=key())
    http.post(f"{sandbox.url}/_sandbox/marketplace/credits", json={"credits": 5})
    with pytest.raises(InsufficientBalanceError) as short:
        owner_api.sell.drafts.publish(draft.id, idempotency_key=key())
    assert (short.value.status, short.value.balance) == (402, 5) and short.value.publish_cost > 5
    with pytest.raises(InvalidInputError):
        owner_api.sell.drafts.update(draft.id, zip="7815", idempotency_key=key())
    with pytest.raises(InvalidInputError):
        owner_api.sell.drafts.upload_photo(draft.id, filename="notes.txt", content=b"plain words", idempotency_key=key())


def test_the_inbox_filters_and_carries_buyer_and_proof_of_funds_contacts_by_role(owner_api, api_for):
    rows = list(owner_api.sell.offers.list(status="new"))
    assert rows and all(row.status == "new" for row in rows)
    row = rows[0]
    assert row.buyer.entity_name and row.proof_of_funds.on_file is not None
    assert row.buyer.email  # owner with contacts:read
    on_deal = list(owner_api.sell.offers.list(deal_id=row.deal_id))
    assert row.id in {r.id for r in on_deal} and {r.deal_id for r in on_deal} == {row.deal_id}
    later = owner_api.sell.offers.list(deal_id=row.deal_id, changed_after=row.updated_at)
    assert row.id not in {r.id for r in later}  # changed after: strictly later
    member = api_for("member@sandbox.test", ("sell",))
    member_row = next(r for r in member.sell.offers.list(status="new") if r.id == row.id)
    assert member_row.buyer.email is None and "email" not in member_row.buyer.model_dump(exclude_unset=True)


def test_a_member_is_refused_seller_webhooks_with_the_roles_that_may(api_for):
    member = api_for("member@sandbox.test", ("sell",))
    with pytest.raises(InsufficientRoleError) as refused:
        list(member.sell.webhooks.list())
    assert refused.value.required_roles == ["owner", "admin"] and refused.value.role == "member"


def test_buy_boxes_stop_at_five_and_alert_on_a_published_match(sandbox, buyer_api, owner_api):
    box = buyer_api.buy_boxes.create(name="Schertz", cities=["Schertz"], idempotency_key=key())
    for n in range(4):
        buyer_api.buy_boxes.create(name=f"Box {n}", max_price=100000 + n, idempotency_key=key())
    with pytest.raises(ResourceLimitError):
        buyer_api.buy_boxes.create(name="Sixth", max_price=1, idempotency_key=key())
    draft = owner_api.sell.drafts.create(idempotency_key=key(), **FIELDS)
    owner_api.sell.drafts.upload_photo(draft.id, filename="front.jpg", content=JPEG, idempotency_key=key())
    deal_id = publish_live(sandbox, owner_api, draft.id)
    assert [a.deal_id for a in buyer_api.buy_boxes.alerts(box.id)] == [deal_id]
    assert deal_id in {d.id for d in buyer_api.buy_boxes.matches(box.id)}
    assert any(e.data["deal_id"] == deal_id for e in buyer_api.events.list(type="buy_box.alert"))


def test_inquiry_and_address_request_refusals_carry_their_members(buyer_api, owner_api):
    deal = next(d for d in buyer_api.deals.list() if d.status == "active")
    keys = IdempotencyKeys({})
    body = {"deal": deal.id, "message": "Roof age?"}
    keys.run("inquiry", body, lambda k: buyer_api.inquiries.send(deal.id, message="Roof age?", idempotency_key=k))
    with pytest.raises(DuplicateInquiryError) as duplicate:
        buyer_api.inquiries.send(deal.id, message="Again", idempotency_key=key())
    assert (duplicate.value.deal_id, duplicate.value.inquiry_type, duplicate.value.retry_after) == (deal.id, "inquiry", 86400)
    with pytest.raises(AgreementRequiredError) as needs:
        buyer_api.inquiries.request_address(deal.id, agreement_id=None, idempotency_key=key())
    agreement = needs.value.agreement
    assert agreement["id"].startswith("agr_") and agreement["url"].startswith("http")
    sent = buyer_api.inquiries.request_address(deal.id, agreement_id=agreement["id"], idempotency_key=key())
    assert sent.status == "pending"
    if deal.seller.name == "Sandbox Wholesale Co":
        answered = owner_api.sell.inquiries.answer(sent.id, approve=True, idempotency_key=key())
        assert answered.address


def test_a_review_response_is_written_once(owner_api):
    review = next(r for r in owner_api.sell.reviews.list() if r.response is None)
    written = owner_api.sell.reviews.respond(review.id, body="Thank you.", idempotency_key=key())
    assert written.response.body == "Thank you."
    with pytest.raises(Exception) as again:
        owner_api.sell.reviews.respond(review.id, body="Again", idempotency_key=key())
    assert again.value.code == "resource_exists"
