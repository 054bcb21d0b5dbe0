"""Seller routes: the offers list of the document, and decisions.md's counter, accept, decline;
`PATCH /sell/deals/{deal_id}` changes a deal's terms (what makes a buyer's preview stale)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from sandbox.marketplace import offers, trust
from sandbox.marketplace.bodies import DealTermsChange, DeclineBody, EmptyBody, OfferTerms
from sandbox.marketplace.gateway import Caller, SellDealsRead, SellDealsWrite, SellOffersRead, SellOffersWrite
from sandbox.marketplace.ids import require_id
from sandbox.marketplace.models import Deal, MarketState, Offer
from sandbox.marketplace.routes.buy import DEAL_STATUSES, choice, newest_change_first, offer_list_filter
from sandbox.marketplace.strict import check_query, parse_body
from sandbox.marketplace.views import deal_json, offer_json, seller_row_json
from sandbox.marketplace.wire import envelope, page_of
from sandbox.marketplace.writes import idempotent_write, plain_write


def _own_deal(state: MarketState, caller: Caller, deal_id: str) -> Deal:
    require_id("deal", deal_id)
    deal = state.deals.get(deal_id)
    if deal is None or deal.organization_id != caller.organization.id:
        raise offers.not_found("deal", deal_id)
    return deal


def _offer_on_own_deal(state: MarketState, caller: Caller, offer_id: str) -> Offer:
    require_id("offer", offer_id)
    offer = state.offers.get(offer_id)
    if offer is None or state.deals[offer.deal_id].organization_id != caller.organization.id:
        raise offers.not_found("offer", offer_id)
    return offer


def _row(state: MarketState, caller: Caller, offer: Offer) -> dict:
    # marketplace-api.md, Offer: contacts need `contacts:read` and an owner or admin.
    with_contacts = "contacts:read" in caller.scopes and caller.manages_organization
    buyer = state.user_by_buyer(offer.buyer_id)
    return seller_row_json(offer, buyer, state.proofs_of_funds.get(offer.buyer_id), caller.runtime.now,
                           with_contacts=with_contacts)


def build_router() -> APIRouter:
    router = APIRouter(prefix="/sell", tags=["marketplace: sell"])

    @router.get("/offers")
    def list_offers(request: Request, caller: SellOffersRead) -> JSONResponse:
        wanted = offer_list_filter(request)
        state = caller.runtime.state
        with state.lock:
            rows = newest_change_first(o for o in state.offers.values()
                                       if state.deals[o.deal_id].organization_id == caller.organization.id and wanted(o))
            items, page = page_of(request, caller.principal, rows)
            return envelope(request, [_row(state, caller, o) for o in items], page=page)

    @router.get("/offers/{offer_id}")
    def retrieve_offer(request: Request, offer_id: str, caller: SellOffersRead) -> JSONResponse:
        check_query(request)
        state = caller.runtime.state
        with state.lock:
            return envelope(request, _answer(state, caller, _offer_on_own_deal(state, caller, offer_id)))

    def _answer(state: MarketState, caller: Caller, offer: Offer) -> dict:
        return {**_row(state, caller, offer), "chain": [offer_json(o) for o in offers.chain_of(state, offer)]}

    @router.post("/offers/{offer_id}/counter")
    async def counter_offer(request: Request, offer_id: str, caller: SellOffersWrite) -> JSONResponse:
        check_query(request)
        require_id("offer", offer_id)

        def change(state: MarketState, raw: bytes) -> dict:
            offer = _offer_on_own_deal(state, caller, offer_id)
            terms = parse_body(request, raw, OfferTerms)
            offers.require_actionable(state, offer, "seller", own_round=False)
            trust.check_cap(caller, "sell.offers.counter")
            reply = offers.counter(state, offer, "seller", terms.model_dump(), caller.runtime.now)
            trust.record_use(caller, "sell.offers.counter")
            return _answer(state, caller, reply)

        return await idempotent_write(request, caller, change)

    @router.post("/offers/{offer_id}/accept")
    async def accept_offer(request: Request, offer_id: str, caller: SellOffersWrite) -> JSONResponse:
        check_query(request)
        require_id("offer", offer_id)

        def change(state: MarketState, raw: bytes) -> dict:
            offer = _offer_on_own_deal(state, caller, offer_id)
            parse_body(request, raw, EmptyBody, optional=True)
            return _answer(state, caller, offers.accept_by_seller(state, offer, caller.runtime.now))

        return await idempotent_write(request, caller, change)

    @router.post("/offers/{offer_id}/decline")
    async def decline_offer(request: Request, offer_id: str, caller: SellOffersWrite) -> JSONResponse:
        check_query(request)
        require_id("offer", offer_id)

        def change(state: MarketState, raw: bytes) -> dict:
            offer = _offer_on_own_deal(state, caller, offer_id)
            body = parse_body(request, raw, DeclineBody, optional=True)
            return _answer(state, caller, offers.decline(state, offer, body.decline_reason, caller.runtime.now))

        return await idempotent_write(request, caller, change)

    @router.get("/deals")
    def list_deals(request: Request, caller: SellDealsRead) -> JSONResponse:
        check_query(request, {"status", "cursor", "limit"})
        status = choice("status", request.query_params.get("status"), DEAL_STATUSES)
        state = caller.runtime.state
        with state.lock:
            deals = [d for d in state.deals.values()
                     if d.organization_id == caller.organization.id and (status is None or d.status == status)]
            deals.sort(key=lambda d: (d.published_at, d.id), reverse=True)
            rows, page = page_of(request, caller.principal, deals)
            return envelope(request, [deal_json(state, d) for d in rows], page=page)

    @router.patch("/deals/{deal_id}")
    async def change_deal_terms(request: Request, deal_id: str, caller: SellDealsWrite) -> JSONResponse:
        check_query(request)

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

    return router
