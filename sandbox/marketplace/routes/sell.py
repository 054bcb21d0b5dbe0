"""Seller routes: the offers list of the document, and decisions.md's counter, accept, decline;
`PATCH /sell/deals/{deal_id}` changes a deal's terms (what makes a buyer's preview stale)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from sandbox.marketplace import offers, trust
from sandbox.marketplace.bodies import DealTermsChange, DeclineBody, EmptyBody, OfferTerms
from sandbox.marketplace.gateway import Caller, SellDealsRead, SellDealsWrite, SellOffersRead, SellOffersWrite
from sandbox.marketplace.lists import DealList, SellOfferList, deal_list, offer_list
from sandbox.marketplace.models import Deal, MarketState, Offer
from sandbox.marketplace.params import DealId, NoQuery, OfferId
from sandbox.marketplace.strict import parse_body
from sandbox.marketplace.views import deal_json, offer_json, seller_row_json
from sandbox.marketplace.wire import envelope
from sandbox.marketplace.writes import idempotent_write, plain_write

router = APIRouter(prefix="/sell", tags=["marketplace: sell"])


def _own_deal(state: MarketState, caller: Caller, deal_id: str) -> Deal:
    return offers.owned("deal", state.deals, deal_id, lambda deal: deal.organization_id == caller.organization.id)


def _offer_on_own_deal(state: MarketState, caller: Caller, offer_id: str) -> Offer:
    return offers.owned("offer", state.offers, offer_id,
                        lambda offer: state.deals[offer.deal_id].organization_id == caller.organization.id)


def _row(state: MarketState, caller: Caller, offer: Offer) -> dict:
    # marketplace-api.md, Offer: contacts need `contacts:read` and an owner or admin.
    with_contacts = "contacts:read" in caller.scopes and caller.manages_organization
    buyer = state.user_by_buyer(offer.buyer_id)
    return seller_row_json(offer, buyer, state.proofs_of_funds.get(offer.buyer_id), caller.runtime.now,
                           with_contacts=with_contacts)


def _answer(state: MarketState, caller: Caller, offer: Offer) -> dict:
    return {**_row(state, caller, offer), "chain": [offer_json(o) for o in offers.chain_of(state, offer)]}


@router.get("/offers")
def list_offers(request: Request, caller: SellOffersRead, query: SellOfferList) -> JSONResponse:
    def mine(state: MarketState, offer: Offer) -> bool:
        return state.deals[offer.deal_id].organization_id == caller.organization.id

    return offer_list(request, caller, query, mine, lambda state, offer: _row(state, caller, offer))


@router.get("/offers/{offer_id}")
def retrieve_offer(request: Request, caller: SellOffersRead, _: NoQuery, offer_id: OfferId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        return envelope(request, _answer(state, caller, _offer_on_own_deal(state, caller, offer_id)))


@router.post("/offers/{offer_id}/counter")
async def counter_offer(request: Request, caller: SellOffersWrite, _: NoQuery, offer_id: OfferId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        offer = _offer_on_own_deal(state, caller, offer_id)
        terms = parse_body(request, raw, OfferTerms)
        offers.require_actionable(state, offer, "seller", own_round=False)
        reply = trust.within_cap(caller, "sell.offers.counter",
                                 lambda: offers.counter(state, offer, "seller", terms.model_dump(), caller.runtime.now))
        return _answer(state, caller, reply)

    return await idempotent_write(request, caller, change)


@router.post("/offers/{offer_id}/accept")
async def accept_offer(request: Request, caller: SellOffersWrite, _: NoQuery, offer_id: OfferId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        offer = _offer_on_own_deal(state, caller, offer_id)
        parse_body(request, raw, EmptyBody, optional=True)
        return _answer(state, caller, offers.accept_by_seller(state, offer, caller.runtime.now))

    return await idempotent_write(request, caller, change)


@router.post("/offers/{offer_id}/decline")
async def decline_offer(request: Request, caller: SellOffersWrite, _: NoQuery, offer_id: OfferId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        offer = _offer_on_own_deal(state, caller, offer_id)
        body = parse_body(request, raw, DeclineBody, optional=True)
        return _answer(state, caller, offers.decline(state, offer, body.decline_reason, caller.runtime.now))

    return await idempotent_write(request, caller, change)


@router.get("/deals")
def list_deals(request: Request, caller: SellDealsRead, query: DealList) -> JSONResponse:
    return deal_list(request, caller, query, lambda deal: deal.organization_id == caller.organization.id)


@router.patch("/deals/{deal_id}")
async def change_deal_terms(request: Request, caller: SellDealsWrite, _: NoQuery, deal_id: DealId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        deal = _own_deal(state, caller, deal_id)
        body = parse_body(request, raw, DealTermsChange)
        offers.require_open_deal(deal)
        for name, value in body.model_dump(exclude_none=True).items():
            setattr(deal, name, value)
        deal.terms_version += 1
        deal.updated_at = caller.runtime.now
        return deal_json(state, deal)

    return await plain_write(request, caller, change)
