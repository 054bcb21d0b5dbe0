"""`MarketplaceApi` against the real sandbox, with tokens from the real login.

Ids are discovered from the API (the buyer's offers and deals), never written in.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone
from collections.abc import Iterator

import pytest

from services.errors import ConflictError, InvalidInputError, PermissionDeniedError, UnprocessableError
from services.marketplace_api import MarketplaceApi, MarketplaceOffer
from services.transport import new_http_client
from tests.services.test_oauth_consent import log_in, make_login, marketplace_login, sandbox_settings  # noqa: F401 - fixture


@pytest.fixture
def http_client():
    client = new_http_client()
    yield client
    client.close()


@pytest.fixture
def buyer_api(sandbox, marketplace_login, http_client) -> Iterator[MarketplaceApi]:
    yield MarketplaceApi(sandbox_settings(sandbox.url), log_in(marketplace_login), http_client=http_client)


def all_offers(api: MarketplaceApi, **filters) -> list[MarketplaceOffer]:
    return list(api.offers.list(limit=3, **filters))


def open_round_sent_by(api: MarketplaceApi, side: str) -> MarketplaceOffer:
    """An open round (status `new`) of the buyer's chains that `side` sent."""
    rounds = [offer for offer in all_offers(api, status="new") if offer.submitted_by == side]
    assert rounds, f"the demo buyer has no open round sent by the {side}"
    return rounds[0]


def key() -> str:
    return str(uuid.uuid4())


def test_me_shows_the_buyer_with_caps_trust_and_terms(buyer_api):
    me = buyer_api.me()
    assert me.user.email == "buyer@sandbox.test"
    assert me.user.buyer_id.startswith("byr_")
    assert "buy" in me.sides
    assert "offers:write" in me.scopes
    assert me.trust.tier
    assert me.caps and {"action", "limit", "used", "remaining", "resets_at"} <= me.caps[0].model_dump(exclude_unset=True).keys()
    assert me.terms["buy"].accepted is True


def test_offers_walk_every_page_once_and_filter_by_status(buyer_api):
    first = buyer_api.offers.list(limit=2)
    assert first.has_next_page(), "the demo buyer has more than two rounds"
    walked = [offer.id for offer in first]
    assert len(walked) == len(set(walked)) > 2
    countered = all_offers(buyer_api, status="countered")
    assert countered and {offer.status for offer in countered} == {"countered"}


def test_an_offer_comes_with_its_chain_of_rounds(buyer_api):
    open_round = open_round_sent_by(buyer_api, "seller")
    offer = buyer_api.offers.retrieve(open_round.id)
    rounds = offer.chain
    assert len(rounds) >= 2
    assert [item.round for item in rounds] == sorted(item.round for item in rounds)
    assert {item.submitted_by for item in rounds} == {"buyer", "seller"}
    assert all({"offer_amount", "emd_amount", "financing"} <= item.model_dump(exclude_unset=True).keys() for item in rounds)


def test_accepting_a_seller_round_with_its_preview(buyer_api):
    open_round = open_round_sent_by(buyer_api, "seller")
    preview = buyer_api.offers.preview(open_round.id, idempotency_key=key())
    assert preview.preview_token and preview.expires_at.endswith("Z")
    assert preview.terms.offer_amount == open_round.offer_amount

    accepted = buyer_api.offers.accept(open_round.id, preview_token=preview.preview_token, idempotency_key=key())
    assert accepted.status == "accepted"
    assert buyer_api.deals.retrieve(open_round.deal_id).status == "pending"


def test_an_expired_preview_is_refused_and_a_new_one_accepts(sandbox, buyer_api):
    open_round = open_round_sent_by(buyer_api, "seller")
    stale = buyer_api.offers.preview(open_round.id, idempotency_key=key())
    sandbox.advance_clock(301)
    with pytest.raises(UnprocessableError) as expired:
        buyer_api.offers.accept(open_round.id, preview_token=stale.preview_token, idempotency_key=key())
    assert expired.value.code == "preview_expired"
    assert expired.value.recovery

    fresh = buyer_api.offers.preview(open_round.id, idempotency_key=key())
    accepted = buyer_api.offers.accept(open_round.id, preview_token=fresh.preview_token, idempotency_key=key())
    assert accepted.status == "accepted"


def test_an_expired_access_token_is_refreshed_and_the_call_goes_through(sandbox, buyer_api):
    before = buyer_api.tokens.token
    sandbox.advance_clock(16 * 60)  # past the 15 minutes of an access token, by the server's clock
    me = buyer_api.me()
    assert me.user.email == "buyer@sandbox.test"
    after = buyer_api.tokens.token
    assert after["access_token"] != before["access_token"]
    assert after["refresh_token"] != before["refresh_token"]


def test_withdraw_replays_with_the_same_key_and_refuses_another_body(buyer_api):
    own = open_round_sent_by(buyer_api, "buyer")
    same_key = key()
    first = buyer_api.offers.withdraw(own.id, idempotency_key=same_key)
    again = buyer_api.offers.withdraw(own.id, idempotency_key=same_key)
    assert first.status == again.status == "withdrawn"
    assert first.updated_at == again.updated_at
    with pytest.raises(ConflictError) as conflict:
        buyer_api.offers.withdraw(own.id, decline_reason="other", idempotency_key=same_key)
    assert conflict.value.code == "idempotency_conflict"


def test_counter_adds_a_buyer_round(buyer_api):
    open_round = open_round_sent_by(buyer_api, "seller")
    amount = open_round.offer_amount - 1000
    min_emd = buyer_api.deals.retrieve(open_round.deal_id).terms.min_emd
    reply = buyer_api.offers.counter(
        open_round.id, offer_amount=amount, emd_amount=max(open_round.emd_amount, min_emd),
        financing=open_round.financing, note="Meet in the middle?", idempotency_key=key(),
    )
    assert reply.submitted_by == "buyer" and reply.status == "new"
    assert reply.round == open_round.round + 1 and reply.offer_amount == amount
    assert reply.chain[-2].status == "countered"


def test_a_second_open_offer_on_a_deal_names_the_first(buyer_api):
    own = open_round_sent_by(buyer_api, "buyer")
    with pytest.raises(ConflictError) as exists:
        buyer_api.deals.make_offer(
            own.deal_id, offer_amount=own.offer_amount + 500, emd_amount=own.offer_amount * 0.05,
            financing="cash", idempotency_key=key(),
        )
    assert exists.value.code == "offer_exists"
    assert own.id in str(exists.value.problem)


def test_make_offer_on_a_deal_without_one(buyer_api):
    taken = {offer.deal_id for offer in all_offers(buyer_api)}
    free = [deal for deal in buyer_api.deals.list(limit=100) if deal.id not in taken and deal.status == "active"]
    assert free, "the demo data has a deal the buyer has not offered on"
    deal = free[0]
    terms = deal.terms
    made = buyer_api.deals.make_offer(
        deal.id, offer_amount=terms.asking_price * 0.9, emd_amount=terms.min_emd, financing="cash", idempotency_key=key()
    )
    assert made.deal_id == deal.id and made.status == "new" and made.round == 1


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda api: api.offers.retrieve("offer-1"), id="offer id without prefix"),
        pytest.param(lambda api: api.offers.retrieve("off_XYZ"), id="offer id not hex"),
        pytest.param(lambda api: api.deals.retrieve("off_0123456789ab"), id="offer id where a deal id goes"),
        pytest.param(lambda api: api.offers.list(status="open"), id="unknown status"),
        pytest.param(lambda api: api.offers.withdraw("off_0123456789ab", idempotency_key=""), id="empty idempotency key"),
        pytest.param(lambda api: api.offers.withdraw("off_0123456789ab", decline_reason="bored", idempotency_key="k"), id="unknown reason"),
        pytest.param(
            lambda api: api.deals.make_offer("mkd_0123456789ab", offer_amount=100, emd_amount=500, financing="cash", idempotency_key="k"),
            id="emd above the offer",
        ),
    ],
)
def test_bad_input_is_refused_before_a_request(buyer_api, call):
    with pytest.raises(InvalidInputError) as refused:
        call(buyer_api)
    assert refused.value.recovery


def test_a_buyer_without_accepted_terms_reads_me_but_not_offers(sandbox, marketplace_login, http_client):
    api = MarketplaceApi(sandbox_settings(sandbox.url), log_in(marketplace_login, email="newbuyer@sandbox.test", accept_terms=False), http_client=http_client)
    me = api.me()
    assert me.terms["buy"].accepted is False
    with pytest.raises(PermissionDeniedError) as refused:
        api.offers.list()
    assert refused.value.code == "terms_required"
    assert refused.value.agreement_id == me.terms["buy"].agreement_id


# A PDF as small as a reader accepts: the sandbox checks the type, not the layout.
TINY_PDF = b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"


def test_proof_of_funds_goes_through_the_slot_and_is_on_file(buyer_api):
    valid_until = (datetime.now(timezone.utc) + timedelta(days=200)).date().isoformat()
    result = buyer_api.proof_of_funds.upload(
        filename="letter.pdf", content=TINY_PDF, lender_name="Loopback Credit Union", expires_at=f"{valid_until}T23:59:59Z",
        idempotency_key=key(),
    )
    assert result.on_file is True and result.is_expired is False
    assert result.lender_name == "Loopback Credit Union"
    on_file = buyer_api.proof_of_funds.retrieve()
    assert on_file.lender_name == "Loopback Credit Union"
    assert on_file.expires_at.startswith(valid_until)


def test_proof_of_funds_must_be_a_pdf(buyer_api):
    with pytest.raises(InvalidInputError):
        buyer_api.proof_of_funds.upload(filename="letter.txt", content=b"hello", lender_name="Bank",
                                        expires_at="2099-01-31T23:59:59Z", idempotency_key=key())


def test_a_deal_changed_after_the_preview_answers_its_current_terms(sandbox, tmp_path, buyer_api, http_client):
    with make_login(sandbox.url, tmp_path / "seller", scopes=("marketplace:profile", "deals:read", "deals:write")) as seller_login:
        seller_headers = {"Authorization": f"Bearer {log_in(seller_login, email='owner@sandbox.test').access_token()}"}
        sold_here = http_client.get(f"{sandbox.url}/marketplace/v1/sell/deals", params={"limit": 100}, headers=seller_headers)
        assert sold_here.status_code == 200, sold_here.text
        own_deals = {deal["id"] for deal in sold_here.json()["data"]}
        rounds = [offer for offer in all_offers(buyer_api, status="new") if offer.submitted_by == "seller" and offer.deal_id in own_deals]
        assert rounds, "the demo seller has a round waiting for the demo buyer"
        open_round = rounds[0]
        preview = buyer_api.offers.preview(open_round.id, idempotency_key=key())

        # The seller changes the deal's terms (PATCH /sell/deals/{id}, the sandbox's seller route).
        new_price = preview.terms.deal.asking_price + 5000
        response = http_client.patch(
            f"{sandbox.url}/marketplace/v1/sell/deals/{open_round.deal_id}",
            json={"asking_price": new_price},
            headers={**seller_headers, "Idempotency-Key": key()},
        )
        assert response.status_code == 200, response.text

    with pytest.raises(ConflictError) as changed:
        buyer_api.offers.accept(open_round.id, preview_token=preview.preview_token, idempotency_key=key())
    assert changed.value.code == "deal_changed"
    assert changed.value.problem["terms"]["asking_price"] == new_price
