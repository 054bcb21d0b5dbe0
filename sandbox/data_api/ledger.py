"""Credits per account: what each key holds already, and what it has left this month.

data-api.md, What the service does 7 and Limits 3: a deal, an investor or a property
new to the account costs 1 credit; one already held costs nothing again.
A failed request charges nothing: `charge` either charges all or raises, changing nothing.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from sandbox.core.problems import Problem
from sandbox.data_api.keys import Plan


@dataclass
class Charge:
    charged: int
    remaining: int | None  # None: the key has no credit limit


@dataclass
class _Account:
    spent: int = 0
    held: set[str] = field(default_factory=set)


class Ledger:
    def __init__(self) -> None:
        self._accounts: dict[str, _Account] = {}
        self._lock = threading.Lock()

    def reset(self) -> None:
        with self._lock:
            self._accounts.clear()

    def remaining(self, plan: Plan) -> int | None:
        if plan.monthly_credits is None:
            return None
        with self._lock:
            return plan.monthly_credits - self._accounts.get(plan.key, _Account()).spent

    def charge(self, plan: Plan, item_ids: list[str]) -> Charge:
        """Charge 1 per id not held yet; 403 quota_exceeded (charging nothing) when short."""
        with self._lock:
            account = self._accounts.setdefault(plan.key, _Account())
            new = {item for item in item_ids if item not in account.held}
            if plan.monthly_credits is None:
                account.held |= new
                return Charge(len(new), None)
            left = plan.monthly_credits - account.spent
            if len(new) > left:
                raise Problem(
                    403,
                    "quota_exceeded",
                    f"This read needs {len(new)} credits and the account has {left} left this month. "
                    "Narrow the query or wait for the period to reset.",
                )
            account.spent += len(new)
            account.held |= new
            return Charge(len(new), left - len(new))
