"""Who is calling, and may they (marketplace-api.md, Authentication 6 and Roles and refusals).

The token is verified (signature, `iss`, `exp`, `aud`, family not revoked); then user,
organization, role and terms are read from the current state on every request, so a
change takes effect on the next call. Checks run in the order scope, side, terms, role.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Callable

from fastapi import Depends, Request

from sandbox.core.problems import Problem
from sandbox.marketplace import refusals
from sandbox.marketplace.models import Organization, User
from sandbox.marketplace.runtime import Runtime, runtime_of
from sandbox.marketplace.seed import BUY_AGREEMENT_ID, SELL_AGREEMENT_ID

MANAGING_ROLES = ["owner", "admin"]


@dataclass
class Caller:
    runtime: Runtime
    user: User
    organization: Organization | None
    scopes: list[str]
    client_id: str

    @property
    def principal(self) -> str:
        return self.user.id

    @property
    def sides(self) -> list[str]:
        sides = []
        if self.organization is not None and "seller" in self.organization.designations:
            sides.append("sell")
        if self.user.buyer_id:
            sides.append("buy")
        return sides

    @property
    def manages_organization(self) -> bool:
        return self.user.role in MANAGING_ROLES


def _unauthorized(detail: str) -> Problem:
    return Problem(
        401, "unauthorized", detail,
        recovery="Sign in again (or refresh the token) and send the request with Authorization: Bearer <token>.",
        headers={"WWW-Authenticate": 'Bearer error="invalid_token"'},
    )


def authenticate(request: Request) -> Caller:
    runtime = runtime_of(request)
    runtime.settle_reviews()  # what the clock made live is live before anyone reads
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise _unauthorized("This route needs an OAuth access token in Authorization: Bearer.")
    claims = runtime.tokens.verify(token.strip(), runtime.context.config.marketplace_url)
    if claims is None:
        raise _unauthorized("The access token is invalid, expired, revoked, or not issued for the marketplace.")
    # The gateway's own refusals (Errors: "the gateway alone answers ..."), set by a control route.
    refused = runtime.gateway_refusals.get(str(claims.get("sub"))) or runtime.gateway_refusals.get("*")
    if refused:
        raise refusals.gateway_problem(refused)
    state = runtime.state
    user = state.users.get(claims.get("sub", ""))
    # Authentication 6: a suspended or deleted account, or one with no verified e-mail, answers 401.
    if user is None or not user.email_verified or user.standing in ("suspended", "deleted"):
        raise _unauthorized("The account behind this token cannot use the marketplace.")
    organization = state.organizations.get(user.organization_id or "")
    refusals.refuse_stopped(state, user, organization, str(claims.get("client_id")))
    return Caller(runtime, user, organization, str(claims.get("scope", "")).split(), str(claims.get("client_id")))


def require_scope(caller: Caller, scope: str) -> None:
    if scope not in caller.scopes:
        raise Problem(
            403, "insufficient_scope", f"This operation needs the scope {scope}, which the token does not carry.",
            recovery=f"Sign in again and grant the scope {scope}.", scope=scope,
        )


def require_side(caller: Caller, side: str) -> None:
    if side == "sell":
        if caller.organization is None:
            raise Problem(403, "no_organization", "Seller routes act for an organization, and this account has none.",
                          recovery="Join or create a seller organization, or use the buyer routes.")
        refusals.require_membership(caller.user, caller.organization)
        _require_designated(
            "seller" in caller.organization.designations, caller.organization.sell_terms_accepted, "seller",
            ("This organization is not designated to sell.", "Ask the marketplace to designate the organization as a seller."),
            "The organization has not accepted the Marketplace API Terms.", SELL_AGREEMENT_ID)
    else:
        _require_designated(
            bool(caller.user.buyer_id), caller.user.buy_terms_accepted, "buyer",
            ("This account is not designated to buy.", "Use a buyer account for /buy routes."),
            "You have not accepted the Marketplace API Terms as a buyer.", BUY_AGREEMENT_ID)


def _require_designated(designated: bool, accepted: bool, designation: str, not_designated: tuple[str, str],
                        not_accepted: str, agreement_id: str) -> None:
    """A side's two refusals, in order: not designated to it (`not_designated`: detail and recovery),
    then its terms not accepted (`not_accepted`: the detail)."""
    if not designated:
        detail, recovery = not_designated
        raise Problem(403, "designation_required", detail, recovery=recovery, designation=designation)
    if not accepted:
        raise Problem(403, "terms_required", not_accepted,
                      recovery="Sign in again and tick the Marketplace API Terms on the consent page.",
                      agreement_id=agreement_id)


def require_managing_role(caller: Caller) -> None:
    if not caller.manages_organization:
        raise Problem(
            403, "insufficient_role", "Seller-side webhook operations need the owner or admin role.",
            recovery="Ask an owner or admin of the organization to do this.",
            required_roles=MANAGING_ROLES, role=caller.user.role,
        )


def caller_for(scope: str, side: str | None = None, *, managing_role: bool = False) -> Callable[[Request], Caller]:
    def dependency(request: Request) -> Caller:
        caller = authenticate(request)
        require_scope(caller, scope)
        if side is not None:
            require_side(caller, side)
        if managing_role:
            require_managing_role(caller)
        return caller

    return dependency


Profile = Annotated[Caller, Depends(caller_for("marketplace:profile"))]
BuyDealsRead = Annotated[Caller, Depends(caller_for("deals:read", "buy"))]
BuyOffersRead = Annotated[Caller, Depends(caller_for("offers:read", "buy"))]
BuyOffersWrite = Annotated[Caller, Depends(caller_for("offers:write", "buy"))]
BuyEvents = Annotated[Caller, Depends(caller_for("events:read", "buy"))]
SellDealsRead = Annotated[Caller, Depends(caller_for("deals:read", "sell"))]
SellDealsWrite = Annotated[Caller, Depends(caller_for("deals:write", "sell"))]
SellOffersRead = Annotated[Caller, Depends(caller_for("offers:read", "sell"))]
SellOffersWrite = Annotated[Caller, Depends(caller_for("offers:write", "sell"))]
SellEvents = Annotated[Caller, Depends(caller_for("events:read", "sell"))]
