"""The sandbox's data keys and what each one's plan allows (decisions.md, Sandbox)."""

from __future__ import annotations

from dataclasses import dataclass

MONTHLY_CREDITS = 10_000


@dataclass(frozen=True)
class Plan:
    key: str
    # None: no limit at all (the bench key)
    monthly_credits: int | None
    rate_limited: bool = True
    # 403 code answered on every call, or None for an active plan
    refusal: str | None = None
    on_behalf_of: str = "dev_demo"
    # Short-term-rental parcels are "sold by contract" (data-api.md): without it `403 plan_limit`
    str_contract: bool = True
    # data-api.md, Versioning 5: early-access routes "may be restricted further before opening to
    # every key"; a key without them is answered `404 not_found` there, as if the routes were
    # absent (docs/contract.md).
    early_access: bool = True


PLANS: dict[str, Plan] = {
    plan.key: plan
    for plan in (
        Plan("zpka_sandbox_demo", MONTHLY_CREDITS),
        Plan("zpka_sandbox_noplan", 0, refusal="subscription_required"),
        Plan("zpka_sandbox_overdue", 0, refusal="payment_overdue"),
        Plan("zpka_sandbox_empty", 0),
        Plan("zpka_sandbox_bench", None, rate_limited=False),
        Plan("zpka_sandbox_nostr", MONTHLY_CREDITS, str_contract=False),
        Plan("zpka_sandbox_noearly", MONTHLY_CREDITS, early_access=False),
    )
}

REFUSAL_DETAIL = {
    "subscription_required": "This key has no active plan. Choose a plan in the developer console, then retry.",
    "payment_overdue": "The account's payment is overdue past its grace period. Settle the invoice in the "
                       "developer console, then retry.",
}


def has_str_contract(key: str) -> bool:
    plan = PLANS.get(key)
    return plan is not None and plan.str_contract


def plan_for(authorization: str | None) -> Plan | None:
    """The plan of `Authorization: Bearer <key>`, or None for a missing or unknown key."""
    if not authorization:
        return None
    scheme, _, key = authorization.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return PLANS.get(key.strip())


# Paths of the early-access routes (data-api.md, Limits 3: agents, wholesale, lenders).
EARLY_ACCESS_PREFIXES = ("/v1/agents", "/v1/wholesale-listings", "/v1/wholesalers", "/v1/lenders")


def is_early_access(path: str) -> bool:
    return path.startswith(EARLY_ACCESS_PREFIXES) or (path.startswith("/v1/investors/")
                                                       and path.endswith("/wholesale-purchases"))
