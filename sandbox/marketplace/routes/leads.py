"""Leads and strikes of the seller side (marketplace-api.md, States: `lead_locked`, strike window
and `strike_exists`; scopes leads:read, leads:write).

- `GET /sell/leads`, `GET /sell/leads/{lead_id}` (with history), `POST /sell/leads`,
  `PATCH /sell/leads/{lead_id}` `{status}`: a closed lead (`won`, `lost`) answers `409 lead_locked`.
- `GET /sell/buyers/{buyer_id}` carries `strike`; `POST /sell/buyers/{buyer_id}/strike` `{reason}`:
  within 90 days of the buyer's last act on the organization's deals, one per organization per buyer.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from sandbox.core.problems import Problem
from sandbox.marketplace import offers, refusals
from sandbox.marketplace.bodies import Strict
from sandbox.marketplace.gateway import Caller, caller_for
from sandbox.marketplace.ids import new_id
from sandbox.marketplace.models import Lead, MarketState, Strike
from sandbox.marketplace.params import BuyerId, LeadId, NoQuery, Paged
from sandbox.marketplace.strict import parse_body
from sandbox.marketplace.wire import envelope, page_of, timestamp
from sandbox.marketplace.writes import plain_write

LeadsRead = Annotated[Caller, Depends(caller_for("leads:read", "sell"))]
LeadsWrite = Annotated[Caller, Depends(caller_for("leads:write", "sell"))]
LeadStatus = Literal["open", "contacted", "negotiating", "won", "lost"]
CLOSED_LEAD_STATUSES = ("won", "lost")
STRIKE_WINDOW = timedelta(days=90)  # marketplace-api.md, Limits: strike window
router = APIRouter(prefix="/sell", tags=["marketplace: leads"])


class LeadCreate(Strict):
    name: Annotated[str, Field(min_length=1, max_length=200)]
    email: Annotated[str, Field(max_length=254)] | None = None
    phone: Annotated[str, Field(max_length=40)] | None = None


class LeadChange(Strict):
    status: LeadStatus


class StrikeBody(Strict):
    reason: Annotated[str, Field(min_length=1, max_length=1000)]


def _lead_json(lead: Lead) -> dict:
    return {"id": lead.id, "name": lead.name, "email": lead.email, "phone": lead.phone, "status": lead.status,
            "history": [{"status": h["status"], "at": timestamp(h["at"])} for h in lead.history],
            "created_at": timestamp(lead.created_at), "updated_at": timestamp(lead.updated_at)}


def _own_lead(state: MarketState, caller: Caller, lead_id: str) -> Lead:
    return offers.owned("lead", state.leads, lead_id, lambda lead: lead.organization_id == caller.organization.id)


def _last_act(state: MarketState, organization_id: str, buyer_id: str) -> datetime | None:
    """The buyer's last act on the organization's deals: a round it sent, or its withdrawal."""
    acts = [o.updated_at if o.status == "withdrawn" else o.created_at for o in state.offers.values()
            if o.buyer_id == buyer_id and o.submitted_by == "buyer"
            and state.deals[o.deal_id].organization_id == organization_id]
    return max(acts, default=None)


def _buyer_json(state: MarketState, caller: Caller, buyer_id: str) -> dict:
    last = _last_act(state, caller.organization.id, buyer_id)
    buyer = state.user_by_buyer(buyer_id)
    # Only buyers who acted on this organization's deals are visible to it.
    if buyer is None or last is None:
        raise offers.not_found("buyer", buyer_id)
    strike = state.strikes.get((caller.organization.id, buyer_id))
    return {"buyer_id": buyer_id, "name": buyer.name, "entity_name": buyer.entity_name,
            "last_act_at": timestamp(last),
            "strike": None if strike is None else {"reason": strike.reason, "filed_at": timestamp(strike.filed_at)}}


@router.get("/leads")
def list_leads(request: Request, caller: LeadsRead, query: Paged) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        leads = sorted((lead for lead in state.leads.values() if lead.organization_id == caller.organization.id),
                       key=lambda lead: (timestamp(lead.updated_at), lead.id), reverse=True)
        items, page = page_of(request, caller.principal, leads, query)
        return envelope(request, [_lead_json(lead) for lead in items], page=page)


@router.get("/leads/{lead_id}")
def retrieve_lead(request: Request, caller: LeadsRead, _: NoQuery, lead_id: LeadId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        return envelope(request, _lead_json(_own_lead(state, caller, lead_id)))


@router.post("/leads")
async def add_lead(request: Request, caller: LeadsWrite, _: NoQuery) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        body = parse_body(request, raw, LeadCreate)
        refusals.refuse_existing_person(state, body.email)
        now = caller.runtime.now
        lead = Lead(new_id("lead"), caller.organization.id, body.name, body.email, body.phone, "open",
                    [{"status": "open", "at": now}], now, now)
        state.leads[lead.id] = lead
        return _lead_json(lead)

    return await plain_write(request, caller, change)


@router.patch("/leads/{lead_id}")
async def change_lead(request: Request, caller: LeadsWrite, _: NoQuery, lead_id: LeadId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        lead = _own_lead(state, caller, lead_id)
        body = parse_body(request, raw, LeadChange)
        if lead.status in CLOSED_LEAD_STATUSES:
            raise Problem(409, "lead_locked", f"The lead is closed ({lead.status}) and cannot change.",
                          recovery="Add a new lead for a new contact with this person.", lead_id=lead.id)
        now = caller.runtime.now
        lead.status, lead.updated_at = body.status, now
        lead.history.append({"status": body.status, "at": now})
        return _lead_json(lead)

    return await plain_write(request, caller, change)


@router.get("/buyers/{buyer_id}")
def retrieve_buyer(request: Request, caller: LeadsRead, _: NoQuery, buyer_id: BuyerId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        return envelope(request, _buyer_json(state, caller, buyer_id))


@router.post("/buyers/{buyer_id}/strike")
async def file_strike(request: Request, caller: LeadsWrite, _: NoQuery, buyer_id: BuyerId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        _buyer_json(state, caller, buyer_id)
        body = parse_body(request, raw, StrikeBody)
        key = (caller.organization.id, buyer_id)
        if key in state.strikes:
            raise Problem(409, "strike_exists", "This organization already filed a strike on this buyer.",
                          recovery="Nothing to do: one strike per organization per buyer.")
        now = caller.runtime.now
        last = _last_act(state, caller.organization.id, buyer_id)
        if now - last > STRIKE_WINDOW:
            raise Problem(409, "strike_window_closed",
                          "More than 90 days passed since the buyer's last act on your deals.",
                          recovery="A strike can be filed only within 90 days of the buyer's last act.",
                          last_act_at=timestamp(last))
        state.strikes[key] = Strike(caller.organization.id, buyer_id, body.reason, now)
        return _buyer_json(state, caller, buyer_id)

    return await plain_write(request, caller, change)
