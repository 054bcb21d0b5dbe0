"""Trust tier and caps (marketplace-api.md, `GET /me` trust and caps; Limits: the tier sets the caps).

The document does not show the numbers; docs/contract.md records the ones chosen here.
A daily cap resets at midnight UTC (`429 daily_cap_reached`, Retry-After to then); an
hourly cap at the top of the hour (`429 cap_reached`, Retry-After to then).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TypeVar

from sandbox.core.problems import Problem
from sandbox.marketplace.gateway import Caller
from sandbox.marketplace.wire import timestamp

T = TypeVar("T")

TRUSTED_AFTER_DEALS = 3
# tier -> action -> (limit, window)
CAPS: dict[str, dict[str, tuple[int, str]]] = {
    "new": {"offers.create": (3, "day"), "offers.counter": (5, "hour")},
    "verified": {"offers.create": (10, "day"), "offers.counter": (20, "hour")},
    "trusted": {"offers.create": (25, "day"), "offers.counter": (50, "hour")},
}
SELLER_CAPS: dict[str, tuple[int, str]] = {"sell.offers.counter": (50, "hour")}


def _window(now: datetime, window: str) -> tuple[datetime, datetime]:
    if window == "day":
        start = now.replace(hour=0, minute=0, second=0, microsecond=0)
        return start, start + timedelta(days=1)
    start = now.replace(minute=0, second=0, microsecond=0)
    return start, start + timedelta(hours=1)


def trust_of(caller: Caller) -> dict:
    user = caller.user
    now = caller.runtime.now
    facts = [
        {"fact": "email_verified", "value": user.email_verified, "source": "account"},
        {"fact": "phone_verified", "value": user.phone_verified, "source": "account"},
    ]
    if user.buyer_id:
        proof = caller.runtime.state.proofs_of_funds.get(user.buyer_id)
        funded = proof is not None and proof.expires_at > now
        facts += [
            {"fact": "proof_of_funds_on_file", "value": funded, "source": "proof_of_funds"},
            {"fact": "completed_deals", "value": user.completed_deals, "source": "marketplace"},
        ]
        if not funded:
            tier, step = "new", {"tier": "verified", "action": "Put a current proof-of-funds letter on file."}
        elif user.completed_deals < TRUSTED_AFTER_DEALS:
            missing = TRUSTED_AFTER_DEALS - user.completed_deals
            tier, step = "verified", {"tier": "trusted", "action": f"Close {missing} more {'deal' if missing == 1 else 'deals'} through the marketplace."}
        else:
            tier, step = "trusted", None
    else:
        designated = caller.organization is not None and "seller" in caller.organization.designations
        facts.append({"fact": "organization_designated_seller", "value": designated, "source": "marketplace review"})
        tier, step = ("verified", None) if designated else ("new", {"tier": "verified", "action": "Join a seller organization."})
    return {"tier": tier, "facts": facts, "next_step": step}


def _limits(caller: Caller) -> dict[str, tuple[int, str]]:
    limits: dict[str, tuple[int, str]] = {}
    if "buy" in caller.sides:
        limits.update(CAPS[trust_of(caller)["tier"]])
    if "sell" in caller.sides:
        limits.update(SELLER_CAPS)
    return limits


def _used(caller: Caller, action: str, start: datetime) -> int:
    return sum(1 for user_id, done, at in caller.runtime.state.cap_usage
               if user_id == caller.user.id and done == action and at >= start)


def caps_of(caller: Caller) -> list[dict]:
    now = caller.runtime.now
    rows = []
    for action, (limit, window) in _limits(caller).items():
        start, resets = _window(now, window)
        used = _used(caller, action, start)
        rows.append({"action": action, "limit": limit, "used": used, "remaining": max(limit - used, 0),
                     "window": window, "resets_at": timestamp(resets)})
    return rows


def check_cap(caller: Caller, action: str) -> None:
    limit, window = _limits(caller)[action]
    now = caller.runtime.now
    start, resets = _window(now, window)
    if _used(caller, action, start) < limit:
        return
    wait = str(max(1, math.ceil((resets - now).total_seconds())))
    if window == "day":
        raise Problem(429, "daily_cap_reached", f"You reached today's cap of {limit} for {action}.",
                      recovery="Try again after midnight UTC, or raise your trust tier (see GET /me).",
                      headers={"Retry-After": wait}, action=action, resets_at=timestamp(resets))
    raise Problem(429, "cap_reached", f"You reached the hourly cap of {limit} for {action}.",
                  recovery="Try again at the top of the hour, or raise your trust tier (see GET /me).",
                  headers={"Retry-After": wait}, action=action, resets_at=timestamp(resets))


def record_use(caller: Caller, action: str) -> None:
    caller.runtime.state.cap_usage.append((caller.user.id, action, caller.runtime.now))


def within_cap(caller: Caller, action: str, act: Callable[[], T]) -> T:
    """`act()` under the caller's cap for `action`: refused at the cap (429), else done and its use counted."""
    check_cap(caller, action)
    done = act()
    record_use(caller, action)
    return done
