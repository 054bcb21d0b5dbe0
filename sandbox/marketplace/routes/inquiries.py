"""Inquiries and address requests (marketplace-api.md: scopes inquiries:read / inquiries:write;
Limits: one per type per deal per 24 hours; Errors: `429 duplicate_inquiry` with `Retry-After`
86400 naming `deal_id` and the type, as `inquiry_type`, `409 agreement_required` with `agreement {id, url}` (send
`accept_agreement: {id}` with the address request), `409 address_unavailable`).

Buyer: `POST /buy/deals/{deal_id}/inquiries` `{message}`, `POST /buy/deals/{deal_id}/address-requests`
`{message?, accept_agreement: {id}}`, `GET /buy/inquiries`, `GET /buy/address-requests`.
Seller: `GET /sell/inquiries`, `GET /sell/address-requests`, and the answer
`POST /sell/address-requests/{address_request_id}/answer` `{decision: approve | decline}`.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import Field

from sandbox.core.problems import Problem
from sandbox.marketplace import offers, refusals
from sandbox.marketplace.bodies import Strict
from sandbox.marketplace.gateway import Caller, caller_for
from sandbox.marketplace.ids import new_id, stable_id
from sandbox.marketplace.models import Deal, Event, Inquiry, MarketState
from sandbox.marketplace.params import AddressRequestId, DealId, NoQuery, Paged
from sandbox.marketplace.strict import parse_body
from sandbox.marketplace.views import inquiry_json
from sandbox.marketplace.wire import envelope, page_of
from sandbox.marketplace.writes import idempotent_write

DUPLICATE_WINDOW = timedelta(hours=24)  # Limits: one per type per deal per 24 hours
ADDRESS_AGREEMENT_ID = stable_id("agreement", "address-request-non-circumvention-v1")
AGREEMENT_PATH = "/marketplace/agreements"
BuyRead = Annotated[Caller, Depends(caller_for("inquiries:read", "buy"))]
BuyWrite = Annotated[Caller, Depends(caller_for("inquiries:write", "buy"))]
SellRead = Annotated[Caller, Depends(caller_for("inquiries:read", "sell"))]
SellWrite = Annotated[Caller, Depends(caller_for("inquiries:write", "sell"))]
router = APIRouter(tags=["marketplace: inquiries"])
agreement_router = APIRouter(tags=["marketplace: inquiries"])


class AgreementRef(Strict):
    id: Annotated[str, Field(min_length=1, max_length=40)]


class InquiryBody(Strict):
    message: Annotated[str, Field(min_length=1, max_length=2000)]


class AddressRequestBody(Strict):
    message: Annotated[str, Field(min_length=1, max_length=2000)] | None = None
    accept_agreement: AgreementRef | None = None


class AnswerBody(Strict):
    decision: Literal["approve", "decline"]


def agreement_json(caller: Caller) -> dict:
    return {"id": ADDRESS_AGREEMENT_ID, "url": f"{caller.runtime.context.config.base_url}{AGREEMENT_PATH}/{ADDRESS_AGREEMENT_ID}"}


def _deal(state: MarketState, deal_id: str) -> Deal:
    deal = state.deals.get(deal_id)
    if deal is None:
        raise offers.not_found("deal", deal_id)
    return deal


def _refuse_duplicate(state: MarketState, caller: Caller, deal: Deal, kind: str) -> None:
    since = caller.runtime.now - DUPLICATE_WINDOW
    if any(i.buyer_id == caller.user.buyer_id and i.deal_id == deal.id and i.type == kind and i.created_at > since
           for i in state.inquiries.values()):
        raise Problem(429, "duplicate_inquiry", f"You already sent an {kind.replace('_', ' ')} on this deal today.",
                      recovery="Wait 24 hours before sending another of this kind on this deal.",
                      headers={"Retry-After": str(int(DUPLICATE_WINDOW.total_seconds()))}, deal_id=deal.id,
                      # The problem's own `type` is its URI (Errors), so the inquiry's type is named
                      # `inquiry_type` (docs/contract.md).
                      inquiry_type=kind)


def _record(state: MarketState, caller: Caller, deal: Deal, kind: str, message: str | None, status: str) -> dict:
    now = caller.runtime.now
    inquiry = Inquiry(new_id(kind), kind, deal.id, caller.user.buyer_id, message, status, now)
    state.inquiries[inquiry.id] = inquiry
    state.events.append(Event(new_id("event"), f"{kind}.created", now, caller.user.buyer_id, deal.organization_id,
                              {"deal_id": deal.id, f"{kind}_id": inquiry.id}))
    return inquiry_json(inquiry, caller.user)


@router.post("/buy/deals/{deal_id}/inquiries")
async def send_inquiry(request: Request, caller: BuyWrite, _: NoQuery, deal_id: DealId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        deal = _deal(state, deal_id)
        body = parse_body(request, raw, InquiryBody)
        _refuse_duplicate(state, caller, deal, "inquiry")
        return _record(state, caller, deal, "inquiry", body.message, "sent")

    return await idempotent_write(request, caller, change)


@router.post("/buy/deals/{deal_id}/address-requests")
async def request_address(request: Request, caller: BuyWrite, _: NoQuery, deal_id: DealId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        deal = _deal(state, deal_id)
        body = parse_body(request, raw, AddressRequestBody)
        refusals.require_identity(caller.user, caller.runtime.context.config.base_url)
        _refuse_duplicate(state, caller, deal, "address_request")
        if deal.status != "active" or not deal.street:
            raise Problem(409, "address_unavailable", "The seller does not release this deal's address.",
                          recovery="Send the seller an inquiry instead.", deal_id=deal.id)
        refusals.require_offer_for_address(state, state.organizations[deal.organization_id], deal, caller.user.buyer_id)
        if body.accept_agreement is None or body.accept_agreement.id != ADDRESS_AGREEMENT_ID:
            raise Problem(409, "agreement_required", "An address request needs the non-circumvention agreement accepted.",
                          recovery="Read the agreement, then send the request again with accept_agreement: {id}.",
                          agreement=agreement_json(caller))
        return _record(state, caller, deal, "address_request", body.message, "pending")

    return await idempotent_write(request, caller, change)


def _listed(request: Request, caller: Caller, query: Paged, kind: str, mine) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        rows = sorted((i for i in state.inquiries.values() if i.type == kind and mine(state, i)),
                      key=lambda i: (i.created_at, i.id), reverse=True)
        items, page = page_of(request, caller.principal, rows, query)
        return envelope(request, [inquiry_json(i, state.user_by_buyer(i.buyer_id)) for i in items], page=page)


def _buyers(caller: Caller):
    return lambda state, inquiry: inquiry.buyer_id == caller.user.buyer_id


def _sellers(caller: Caller):
    return lambda state, inquiry: state.deals[inquiry.deal_id].organization_id == caller.organization.id


@router.get("/buy/inquiries")
def buyer_inquiries(request: Request, caller: BuyRead, query: Paged) -> JSONResponse:
    return _listed(request, caller, query, "inquiry", _buyers(caller))


@router.get("/buy/address-requests")
def buyer_address_requests(request: Request, caller: BuyRead, query: Paged) -> JSONResponse:
    return _listed(request, caller, query, "address_request", _buyers(caller))


@router.get("/sell/inquiries")
def seller_inquiries(request: Request, caller: SellRead, query: Paged) -> JSONResponse:
    return _listed(request, caller, query, "inquiry", _sellers(caller))


@router.get("/sell/address-requests")
def seller_address_requests(request: Request, caller: SellRead, query: Paged) -> JSONResponse:
    return _listed(request, caller, query, "address_request", _sellers(caller))


@router.post("/sell/address-requests/{address_request_id}/answer")
async def answer(request: Request, caller: SellWrite, _: NoQuery, address_request_id: AddressRequestId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        found = offers.owned("address request", state.inquiries, address_request_id,
                             lambda i: _sellers(caller)(state, i))
        body = parse_body(request, raw, AnswerBody)
        if found.status != "pending":
            raise Problem(422, "invalid_transition", f"This address request is already {found.status}.",
                          recovery="An address request is answered once.", status_now=found.status)
        deal = state.deals[found.deal_id]
        if body.decision == "approve" and (deal.status != "active" or not deal.street):
            raise Problem(409, "address_unavailable", "This deal's address can no longer be released.",
                          recovery="Decline the request instead.", deal_id=deal.id)
        now = caller.runtime.now
        found.status, found.answered_at = ("approved" if body.decision == "approve" else "declined"), now
        if body.decision == "approve":
            found.address = f"{deal.street}, {deal.city}, {deal.state} {deal.zip}"
        state.events.append(Event(new_id("event"), "address_request.answered", now, found.buyer_id,
                                  deal.organization_id, {"deal_id": deal.id, "address_request_id": found.id,
                                                         "status": found.status}))
        return inquiry_json(found, state.user_by_buyer(found.buyer_id))

    return await idempotent_write(request, caller, change)


# A page a person reads: an unknown agreement is an HTML 404, declared (schemathesis found it undeclared).
PAGE_NOT_FOUND = {404: {"description": "No such agreement", "content": {"text/html": {"schema": {"type": "string"}}}}}


@agreement_router.get(AGREEMENT_PATH + "/{agreement_id}", response_class=HTMLResponse, responses=PAGE_NOT_FOUND)
def agreement_page(agreement_id: str) -> HTMLResponse:
    """The agreement a buyer reads before asking for an address (its `url`)."""
    if agreement_id != ADDRESS_AGREEMENT_ID:
        return HTMLResponse("<h1>No such agreement</h1>", status_code=404)
    return HTMLResponse("<h1>Address request agreement</h1><p>You will not contact the owner, the tenants or the "
                        "listing agent of this property, nor buy it around the seller, for 12 months.</p>")


@agreement_router.get(refusals.VERIFY_PATH, response_class=HTMLResponse)
def verification_page() -> HTMLResponse:
    """Where `403 idv_required`'s `verification_url` sends a person (the sandbox verifies no one)."""
    return HTMLResponse("<h1>Verify your identity</h1><p>On the live marketplace you would verify your identity "
                        "here. The sandbox's unverified@sandbox.test stays unverified.</p>")
