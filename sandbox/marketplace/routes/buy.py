"""Buyer routes (decisions.md, Marketplace: buyer routes beyond the document; marketplace-api.md,
Endpoints: withdraw and accept)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from sandbox.marketplace import offers, trust
from sandbox.marketplace.bodies import AcceptBody, EmptyBody, OfferTerms, WithdrawBody
from sandbox.marketplace.gateway import BuyDealsRead, BuyOffersRead, BuyOffersWrite, Caller
from sandbox.marketplace.ids import require_id
from sandbox.marketplace.models import MarketState, Offer
from sandbox.marketplace.strict import check_query, parse_body
from sandbox.marketplace.views import deal_json, offer_json
from sandbox.marketplace.wire import envelope, page_of, parse_timestamp, timestamp
from sandbox.marketplace.writes import idempotent_write, plain_write
from sandbox.core.problems import Problem

OFFER_STATUSES = ("new", "countered", "accepted", "declined", "withdrawn")
DEAL_STATUSES = ("active", "pending")


def choice(name: str, value: str | None, allowed: tuple[str, ...]) -> str | None:
    if value is not None and value not in allowed:
        raise Problem(400, "invalid_parameter", f"{name} must be one of {', '.join(allowed)}.",
                      recovery=f"Send {name} as one of {', '.join(allowed)}, or leave it out.", parameter=name)
    return value


def deal_id_filter(value: str | None) -> str | None:
    if value is not None:
        try:
            require_id("deal", value)
        except Problem:
            raise Problem(400, "invalid_parameter", "deal_id must be a deal id starting mkd_.",
                          recovery="Send deal_id as returned by the deals list.", parameter="deal_id") from None
    return value


def offer_list_filter(request: Request) -> Callable[[Offer], bool]:
    """The query of both offers lists (status, deal_id, changed_after; decisions.md), checked strictly."""
    check_query(request, {"status", "deal_id", "changed_after", "cursor", "limit"})
    query = request.query_params
    status = choice("status", query.get("status"), OFFER_STATUSES)
    deal_id = deal_id_filter(query.get("deal_id"))
    changed_after = parse_timestamp("changed_after", query["changed_after"]) if "changed_after" in query else None
    return lambda o: ((status is None or o.status == status) and (deal_id is None or o.deal_id == deal_id)
                      and (changed_after is None or o.updated_at > changed_after))


def newest_change_first(rows: Iterable[Offer]) -> list[Offer]:
    # marketplace-api.md, Endpoints: the seller's list is newest change first; the buyer's follows it.
    return sorted(rows, key=lambda o: (timestamp(o.updated_at), o.round, o.id), reverse=True)


def own_offer(state: MarketState, caller: Caller, offer_id: str) -> Offer:
    require_id("offer", offer_id)
    offer = state.offers.get(offer_id)
    if offer is None or offer.buyer_id != caller.user.buyer_id:
        raise offers.not_found("offer", offer_id)
    return offer


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


def build_router() -> APIRouter:
    router = APIRouter(prefix="/buy", tags=["marketplace: buy"])

    @router.get("/deals")
    def list_deals(request: Request, caller: BuyDealsRead) -> JSONResponse:
        check_query(request, {"status", "cursor", "limit"})
        status = choice("status", request.query_params.get("status"), DEAL_STATUSES)
        state = caller.runtime.state
        with state.lock:
            deals = [d for d in state.deals.values() if status is None or d.status == status]
            deals.sort(key=lambda d: (d.published_at, d.id), reverse=True)
            rows, page = page_of(request, caller.principal, deals)
            return envelope(request, [deal_json(state, d) for d in rows], page=page)

    @router.get("/deals/{deal_id}")
    def retrieve_deal(request: Request, deal_id: str, caller: BuyDealsRead) -> JSONResponse:
        check_query(request)
        require_id("deal", deal_id)
        state = caller.runtime.state
        with state.lock:
            deal = state.deals.get(deal_id)
            if deal is None:
                raise offers.not_found("deal", deal_id)
            return envelope(request, deal_json(state, deal))

    @router.post("/deals/{deal_id}/offers")
    async def make_offer(request: Request, deal_id: str, caller: BuyOffersWrite) -> JSONResponse:
        check_query(request)
        require_id("deal", deal_id)

        def change(state: MarketState, raw: bytes) -> dict:
            deal = state.deals.get(deal_id)
            if deal is None:
                raise offers.not_found("deal", deal_id)
            terms = parse_body(request, raw, OfferTerms)
            offers.require_api_offers(state, deal)
            offers.require_open_deal(deal)
            existing = offers.open_offer_on_deal(state, caller.user.buyer_id, deal_id)
            if existing is None:
                require_funds(caller, state)
                require_min_emd(state, deal_id, terms)
                trust.check_cap(caller, "offers.create")
            offer = offers.make_offer(state, deal, caller.user.buyer_id, terms.model_dump(), caller.runtime.now)
            trust.record_use(caller, "offers.create")
            return with_chain(state, offer)

        return await idempotent_write(request, caller, change)

    @router.get("/offers")
    def list_offers(request: Request, caller: BuyOffersRead) -> JSONResponse:
        wanted = offer_list_filter(request)
        state = caller.runtime.state
        with state.lock:
            rows = newest_change_first(o for o in state.offers.values() if o.buyer_id == caller.user.buyer_id and wanted(o))
            items, page = page_of(request, caller.principal, rows)
            return envelope(request, [offer_json(o) for o in items], page=page)

    @router.get("/offers/{offer_id}")
    def retrieve_offer(request: Request, offer_id: str, caller: BuyOffersRead) -> JSONResponse:
        check_query(request)
        state = caller.runtime.state
        with state.lock:
            return envelope(request, with_chain(state, own_offer(state, caller, offer_id)))

    @router.post("/offers/{offer_id}/counter")
    async def counter_offer(request: Request, offer_id: str, caller: BuyOffersWrite) -> JSONResponse:
        check_query(request)
        require_id("offer", offer_id)

        def change(state: MarketState, raw: bytes) -> dict:
            offer = own_offer(state, caller, offer_id)
            terms = parse_body(request, raw, OfferTerms)
            offers.require_actionable(state, offer, "buyer", own_round=False)
            require_min_emd(state, offer.deal_id, terms)
            trust.check_cap(caller, "offers.counter")
            reply = offers.counter(state, offer, "buyer", terms.model_dump(), caller.runtime.now)
            trust.record_use(caller, "offers.counter")
            return with_chain(state, reply)

        return await idempotent_write(request, caller, change)

    @router.post("/offers/{offer_id}/preview")
    async def preview_offer(request: Request, offer_id: str, caller: BuyOffersWrite) -> JSONResponse:
        check_query(request)
        require_id("offer", offer_id)

        def change(state: MarketState, raw: bytes) -> dict:
            offer = own_offer(state, caller, offer_id)
            parse_body(request, raw, EmptyBody, optional=True)
            made = offers.preview(state, offer, caller.runtime.now)
            return {"preview_token": made.token, "expires_at": timestamp(made.expires_at), "terms": made.terms}

        return await plain_write(request, caller, change)

    @router.post("/offers/{offer_id}/accept")
    async def accept_offer(request: Request, offer_id: str, caller: BuyOffersWrite) -> JSONResponse:
        check_query(request)
        require_id("offer", offer_id)

        def change(state: MarketState, raw: bytes) -> dict:
            offer = own_offer(state, caller, offer_id)
            body = parse_body(request, raw, AcceptBody)
            accepted = offers.accept_by_buyer(state, offer, body.preview_token, caller.runtime.now)
            return with_chain(state, accepted)

        return await idempotent_write(request, caller, change)

    @router.post("/offers/{offer_id}/withdraw")
    async def withdraw_offer(request: Request, offer_id: str, caller: BuyOffersWrite) -> JSONResponse:
        check_query(request)
        require_id("offer", offer_id)

        def change(state: MarketState, raw: bytes) -> dict:
            offer = own_offer(state, caller, offer_id)
            body = parse_body(request, raw, WithdrawBody, optional=True)
            return with_chain(state, offers.withdraw(state, offer, body.decline_reason, caller.runtime.now))

        return await idempotent_write(request, caller, change)

    return router
