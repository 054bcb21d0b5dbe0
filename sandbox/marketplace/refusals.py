"""The documented refusals a demo account, a deal or a control route makes (marketplace-api.md,
Errors: lines 169-176; Authentication 6), each listed in docs/contract.md ("Sandbox marketplace:
refusals"):

- `403 idv_required` + `verification_url`: an offer or an address request from a person whose
  identity is not verified (unverified@sandbox.test);
- `409 organization_required`: an offer from a buyer acting for no company, on a deal of a seller
  that takes offers from companies only (solo@sandbox.test on Hill Country Deals LLC);
- `422 below_floor` + `floor`: an offer under the seller's floor ("Cottage on a half acre");
- `409 offer_required`: an address request on a deal of a seller that releases addresses only to
  buyers with an offer on it (Hill Country Deals LLC);
- `403 not_a_member` + `organization`: a `/sell/` call from a person removed from the organization
  (former@sandbox.test);
- `409 person_exists`: a lead whose e-mail is a marketplace person's;
- `401 unauthorized` (a suspended or deleted account), `403 forbidden` (a stopped account, client or
  organization), and the gateway's `429 rate_limited`, `403 not_enabled`, `503 origin_unconfigured`:
  set by `POST /_sandbox/marketplace/standing` and `/gateway` (routes/admin.py).
"""

from __future__ import annotations

from sandbox.core.problems import Problem
from sandbox.marketplace.models import Deal, MarketState, Organization, User

VERIFY_PATH = "/marketplace/verify"
RATE_LIMIT_RETRY_S = 30  # the gateway's rate_limited Retry-After (Errors: every 429 carries one)
GATEWAY_PROBLEMS = {
    "rate_limited": (429, "Too many requests reached the marketplace from this account.",
                     "Wait for the Retry-After seconds, then send the request again."),
    "not_enabled": (403, "The marketplace is not enabled for this account.",
                    "Ask the marketplace to enable the private beta for your account."),
    "origin_unconfigured": (503, "The marketplace behind the gateway is not configured.",
                            "Try again later; the marketplace is being set up."),
}


def require_identity(user: User, base_url: str) -> None:
    if not user.identity_verified:
        raise Problem(403, "idv_required", "This needs your identity verified first.",
                      recovery="Verify your identity at verification_url, then send the request again.",
                      verification_url=base_url + VERIFY_PATH)


def require_company(seller: Organization, user: User) -> None:
    if seller.offers_from_companies_only and not user.entity_name:
        raise Problem(409, "organization_required", f"{seller.name} takes offers only from buyers acting for a company.",
                      recovery="Make the offer from your company's marketplace account.")


def require_floor(deal: Deal, amount: float) -> None:
    if deal.floor_price is not None and amount < deal.floor_price:
        raise Problem(422, "below_floor", "The amount is below the seller's floor for this deal.",
                      recovery="Offer at least the floor.", floor=deal.floor_price, deal_id=deal.id)


def require_offer_for_address(state: MarketState, seller: Organization, deal: Deal, buyer_id: str) -> None:
    if seller.addresses_after_offer and not any(o.deal_id == deal.id and o.buyer_id == buyer_id
                                                for o in state.offers.values()):
        raise Problem(409, "offer_required", f"{seller.name} releases addresses only to buyers with an offer on the deal.",
                      recovery="Make an offer on the deal, then ask for the address again.", deal_id=deal.id)


def require_membership(user: User, organization: Organization) -> None:
    if not user.member:
        raise Problem(403, "not_a_member", f"You are not a member of {organization.name}.",
                      recovery="Ask an owner of the organization to add you again.",
                      organization={"id": organization.id, "name": organization.name})


def refuse_existing_person(state: MarketState, email: str | None) -> None:
    if email and state.user_by_email(email) is not None:
        raise Problem(409, "person_exists", "This person already has a marketplace account.",
                      recovery="Find them among the buyers on your deals instead of adding a lead.")


def refuse_stopped(state: MarketState, user: User, organization: Organization | None, client_id: str) -> None:
    """`403 forbidden`: a stopped account, client or organization (Authentication 6)."""
    stopped = ("account" if user.standing == "stopped" else "organization" if organization and organization.stopped
               else "application" if client_id in state.stopped_clients else None)
    if stopped:
        raise Problem(403, "forbidden", f"This {stopped} is stopped on the marketplace.",
                      recovery="Contact the marketplace's support to restore access.", stopped=stopped)


def gateway_problem(code: str) -> Problem:
    status, detail, recovery = GATEWAY_PROBLEMS[code]
    headers = {"Retry-After": str(RATE_LIMIT_RETRY_S)} if status == 429 else {}
    return Problem(status, code, detail, recovery=recovery, headers=headers)
