"""Marketplace control routes, mounted with `--admin` only (like sandbox/control.py).

- `GET /_sandbox/marketplace/fixtures`: demo accounts and the ids tests discover.
- `POST /_sandbox/marketplace/write-delay {"seconds": s}`: hold offer writes open, so a test
  can see `409 idempotency_in_progress`; a reset sets it back to 0.
- `POST /_sandbox/marketplace/credits {"credits": n}`: set the demo seller's credits (a test of
  `402 insufficient_balance`); a reset restores them.
- `POST /_sandbox/marketplace/write-faults {"rate": r, "statuses": [503, 504], "seed": s}`: lose
  that share of offer writes' answers after doing them; `GET /_sandbox/marketplace/writes` counts
  the writes received, applied, replayed and lost (sandbox/marketplace/write_faults.py).
- `POST /_sandbox/marketplace/standing {"email", "account": suspended|deleted|stopped|active,
  "organization": stopped|active}` or `{"client_id", "client": stopped|active}`: a suspended or
  deleted account answers `401`, a stopped account, organization or client `403 forbidden`.
- `POST /_sandbox/marketplace/gateway {"code": rate_limited|not_enabled|origin_unconfigured|null,
  "email"?}`: the gateway answers that code to every request (of the account); a reset clears it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from sandbox.marketplace.clients import REGISTERED_APP_ID
from sandbox.marketplace.runtime import RuntimeDep
from sandbox.marketplace.seed import DEMO_ORGANIZATION, DEMO_PASSWORD
from sandbox.marketplace.write_faults import WriteFaults


class WriteDelay(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seconds: Annotated[float, Field(ge=0, le=30)]


router = APIRouter(prefix="/_sandbox/marketplace", tags=["sandbox control"])


@router.post("/write-delay")
def write_delay(runtime: RuntimeDep, body: WriteDelay) -> dict:
    runtime.write_delay_seconds = body.seconds
    return {"data": {"seconds": body.seconds}}


class WriteFaultsRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rate: Annotated[float, Field(ge=0, le=1)] = 0.0
    statuses: list[Literal[503, 504]] = Field(default_factory=lambda: [503, 504], min_length=1)
    seed: int = 1


@router.post("/write-faults")
def write_faults(runtime: RuntimeDep, body: WriteFaultsRequest) -> dict:
    runtime.write_faults = WriteFaults.configured(body.rate, list(body.statuses), body.seed)
    return {"data": runtime.write_faults.counts()}


class Credits(BaseModel):
    model_config = ConfigDict(extra="forbid")
    credits: Annotated[int, Field(ge=0, le=1_000_000)]


@router.post("/credits")
def set_credits(runtime: RuntimeDep, body: Credits) -> dict:
    state = runtime.state
    with state.lock:
        organization = next(o for o in state.organizations.values() if o.name == DEMO_ORGANIZATION)
        organization.credits = body.credits
    return {"data": {"seller_id": organization.id, "credits": body.credits}}


class Standing(BaseModel):
    """An account's standing (by its e-mail), its organization's, or an OAuth client's (Authentication 6)."""

    model_config = ConfigDict(extra="forbid")
    email: str | None = None
    account: Literal["active", "suspended", "deleted", "stopped"] | None = None
    organization: Literal["active", "stopped"] | None = None
    client_id: str | None = None
    client: Literal["active", "stopped"] | None = None


@router.post("/standing")
def set_standing(runtime: RuntimeDep, body: Standing) -> dict:
    state = runtime.state
    with state.lock:
        user = _user(runtime, body.email) if body.email else None
        if user is not None and body.account:
            user.standing = body.account
        if user is not None and body.organization and user.organization_id:
            state.organizations[user.organization_id].stopped = body.organization == "stopped"
        if body.client_id and body.client:
            (state.stopped_clients.add if body.client == "stopped" else state.stopped_clients.discard)(body.client_id)
    return {"data": body.model_dump(exclude_none=True)}


class GatewayRefusal(BaseModel):
    """The gateway answers `code` to every marketplace request (of the account, when `email` is given)."""

    model_config = ConfigDict(extra="forbid")
    code: Literal["rate_limited", "not_enabled", "origin_unconfigured"] | None
    email: str | None = None


@router.post("/gateway")
def gateway_refusal(runtime: RuntimeDep, body: GatewayRefusal) -> dict:
    who = _user(runtime, body.email).id if body.email else "*"
    if body.code is None:
        runtime.gateway_refusals.pop(who, None)
    else:
        runtime.gateway_refusals[who] = body.code
    return {"data": {"refusals": dict(runtime.gateway_refusals)}}


def _user(runtime, email: str):
    user = runtime.state.user_by_email(email)
    if user is None:
        raise HTTPException(404, f"no account {email}")
    return user


@router.get("/writes")
def writes(runtime: RuntimeDep) -> dict:
    return {"data": runtime.write_faults.counts()}


@router.get("/fixtures")
def fixtures(runtime: RuntimeDep) -> dict:
    runtime.settle_reviews()
    state = runtime.state
    with state.lock:
        accounts = [{"email": u.email, "password": DEMO_PASSWORD, "buyer_id": u.buyer_id,
                     "organization_id": u.organization_id, "role": u.role}
                    for u in state.users.values() if u.password]
        offers = [{"id": o.id, "deal_id": o.deal_id, "buyer_id": o.buyer_id, "status": o.status,
                   "submitted_by": o.submitted_by, "round": o.round, "root_offer_id": o.root_offer_id}
                  for o in state.offers.values()]
        deals = [{"id": d.id, "organization_id": d.organization_id, "status": d.status} for d in state.deals.values()]
        drafts = [{"id": d.id, "organization_id": d.organization_id, "under_review": d.reviewing}
                  for d in state.drafts.values()]
    redirect_uris = list(runtime.clients.clients[REGISTERED_APP_ID].redirect_uris)
    registered_app = {"client_id": REGISTERED_APP_ID, "redirect_uris": redirect_uris}
    return {"data": {"accounts": accounts, "deals": deals, "offers": offers, "drafts": drafts,
                     "registered_app": registered_app}}
