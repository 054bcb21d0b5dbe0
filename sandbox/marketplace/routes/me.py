"""`GET /me` (marketplace-api.md, Resources: the `GET /me` object). It answers before the
Marketplace API Terms are accepted (Roles and refusals: terms_required)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from sandbox.marketplace import trust
from sandbox.marketplace.gateway import Profile
from sandbox.marketplace.params import NoQuery
from sandbox.marketplace.seed import BUY_AGREEMENT_ID, SELL_AGREEMENT_ID
from sandbox.marketplace.wire import API_VERSION, envelope

router = APIRouter(tags=["marketplace: me"])


@router.get("/me")
def me(request: Request, caller: Profile, _: NoQuery) -> JSONResponse:
    user, organization = caller.user, caller.organization
    state = caller.runtime.state
    with state.lock:
        terms = {}
        if "buy" in caller.sides:
            terms["buy"] = {"accepted": user.buy_terms_accepted, "agreement_id": BUY_AGREEMENT_ID}
        if "sell" in caller.sides:
            terms["sell"] = {"accepted": organization.sell_terms_accepted, "agreement_id": SELL_AGREEMENT_ID}
        org_block = None
        if organization is not None:
            org_block = {"seller_id": organization.id, "name": organization.name, "slug": organization.slug,
                         "role": user.role, "designations": list(organization.designations)}
        data = {
            "user": {"buyer_id": user.buyer_id, "name": user.name, "email": user.email,
                     "email_verified": user.email_verified, "phone_verified": user.phone_verified},
            "organization": org_block,
            "designations": {"user": user.designations,
                             "organization": list(organization.designations) if organization else []},
            "sides": caller.sides,
            "scopes": caller.scopes,
            "client_id": caller.client_id,
            "trust": trust.trust_of(caller),
            "caps": trust.caps_of(caller),
            "terms": terms,
            "environment": "sandbox",
            "api_version": API_VERSION,
        }
    return envelope(request, data)
