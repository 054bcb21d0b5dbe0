"""Buyer routes (decisions.md, Marketplace: buyer routes beyond the document; marketplace-api.md,
Endpoints: withdraw and accept)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from sandbox.core.problems import Problem
from sandbox.marketplace import offers, refusals, trust
from sandbox.marketplace.bodies import AcceptBody, EmptyBody, OfferTerms, WithdrawBody
from sandbox.marketplace.gateway import BuyDealsRead, BuyOffersRead, BuyOffersWrite, Caller
from sandbox.marketplace.lists import DealList, OfferList, deal_list, offer_list
from sandbox.marketplace.models import MarketState, Offer
from sandbox.marketplace.params import DealId, NoQuery, OfferId
from sandbox.marketplace.strict import parse_body
from sandbox.marketplace.views import deal_json, offer_json
from sandbox.marketplace.wire import envelope, timestamp
from sandbox.marketplace.writes import idempotent_write, plain_write

router = APIRouter(prefix="/buy", tags=["marketplace: buy"])


def own_offer(state: MarketState, caller: Caller, offer_id: str) -> Offer:
    return offers.owned("offer", state.offers, offer_id, lambda offer: offer.buyer_id == caller.user.buyer_id)


def with_chain(state: MarketState, offer: Offer) -> dict:
    return offer_json(offer, offers.chain_of(state, offer))


def require_funds(caller: Caller, state: MarketState) -> None:
    proof = state.proofs_of_funds.get(caller.user.buyer_id)
    if proof is None:
        raise Problem(422, "proof_of_funds_missing", "An offer needs a proof-of-funds letter on file.",
                      recovery="Upload a proof-of-funds letter (POST /buy/me/proof-of-funds/uploads), then offer again.")
    if proof.expires_at <= caller.runtime.now:
        raise Problem(422, "proof_of_funds_expired", "Your proof-of-funds letter has expired.",
                      recovery="Upload a current proof-of-funds letter, then offer again.")


def require_min_emd(state: MarketState, deal_id: str, terms: OfferTerms) -> None:
    deal = state.deals[deal_id]
    if terms.emd_amount < deal.min_emd:
        raise Problem(422, "requirement_unmet", f"This deal asks for earnest money of at least {deal.min_emd:,}.",
                      recovery=f"Offer an emd_amount of at least {deal.min_emd}.", requirement="min_emd",
                      min_emd=deal.min_emd)


@router.get("/deals")
def list_deals(request: Request, caller: BuyDealsRead, query: DealList) -> JSONResponse:
    return deal_list(request, caller, query, lambda deal: True)


@router.get("/deals/{deal_id}")
def retrieve_deal(request: Request, caller: BuyDealsRead, _: NoQuery, deal_id: DealId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        deal = state.deals.get(deal_id)
        if deal is None:
            raise offers.not_found("deal", deal_id)
        return envelope(request, deal_json(state, deal))


@router.post("/deals/{deal_id}/offers")
async def make_offer(request: Request, caller: BuyOffersWrite, _: NoQuery, deal_id: DealId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        deal = state.deals.get(deal_id)
        if deal is None:
            raise offers.not_found("deal", deal_id)
        terms = parse_body(request, raw, OfferTerms)
        offers.require_api_offers(state, deal)
        refusals.require_identity(caller.user, caller.runtime.context.config.base_url)
        refusals.require_company(state.organizations[deal.organization_id], caller.user)
        offers.require_open_deal(deal)
        existing = offers.open_offer_on_deal(state, caller.user.buyer_id, deal_id)
        if existing is None:
            require_funds(caller, state)
            require_min_emd(state, deal_id, terms)
            refusals.require_floor(deal, terms.offer_amount)
            trust.check_cap(caller, "offers.create")
        offer = offers.make_offer(state, deal, caller.user.buyer_id, terms.model_dump(), caller.runtime.now)
        trust.record_use(caller, "offers.create")
        return with_chain(state, offer)

    return await idempotent_write(request, caller, change)


@router.get("/offers")
def list_offers(request: Request, caller: BuyOffersRead, query: OfferList) -> JSONResponse:
    return offer_list(request, caller, query, lambda state, offer: offer.buyer_id == caller.user.buyer_id,
                      lambda state, offer: offer_json(offer))


@router.get("/offers/{offer_id}")
def retrieve_offer(request: Request, caller: BuyOffersRead, _: NoQuery, offer_id: OfferId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        return envelope(request, with_chain(state, own_offer(state, caller, offer_id)))


@router.post("/offers/{offer_id}/counter")
async def counter_offer(request: Request, caller: BuyOffersWrite, _: NoQuery, offer_id: OfferId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        offer = own_offer(state, caller, offer_id)
        terms = parse_body(request, raw, OfferTerms)
        offers.require_actionable(state, offer, "buyer", own_round=False)
        require_min_emd(state, offer.deal_id, terms)
        refusals.require_floor(state.deals[offer.deal_id], terms.offer_amount)
        reply = trust.within_cap(caller, "offers.counter",
                                 lambda: offers.counter(state, offer, "buyer", terms.model_dump(), caller.runtime.now))
        return with_chain(state, reply)

    return await idempotent_write(request, caller, change)


@router.post("/offers/{offer_id}/preview")
async def preview_offer(request: Request, caller: BuyOffersWrite, _: NoQuery, offer_id: OfferId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        offer = own_offer(state, caller, offer_id)
        parse_body(request, raw, EmptyBody, optional=True)
        made = offers.preview(state, offer, caller.runtime.now)
        return {"preview_token": made.token, "expires_at": timestamp(made.expires_at), "terms": made.terms}

    return await plain_write(request, caller, change, counted=False)


@router.post("/offers/{offer_id}/accept")
async def accept_offer(request: Request, caller: BuyOffersWrite, _: NoQuery, offer_id: OfferId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        offer = own_offer(state, caller, offer_id)
        body = parse_body(request, raw, AcceptBody)
        return with_chain(state, offers.accept_by_buyer(state, offer, body.preview_token, caller.runtime.now))

    return await idempotent_write(request, caller, change)


@router.post("/offers/{offer_id}/withdraw")
async def withdraw_offer(request: Request, caller: BuyOffersWrite, _: NoQuery, offer_id: OfferId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        offer = own_offer(state, caller, offer_id)
        body = parse_body(request, raw, WithdrawBody, optional=True)
        return with_chain(state, offers.withdraw(state, offer, body.decline_reason, caller.runtime.now))

    return await idempotent_write(request, caller, change)
