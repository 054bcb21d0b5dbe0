"""Injected failures of data requests (`POST /_sandbox/faults`, decisions.md).

Each data request draws from a generator seeded by the faults' `seed`, so the same
settings fail the same requests. Every failure carries its documented headers
(data-api.md, Limits 1 and 4).
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from sandbox.core.context import Faults, SandboxContext
from sandbox.core.problems import Problem


@dataclass(frozen=True)
class FaultDraw:
    delay_seconds: float
    failure: Problem | None


class FaultInjector:
    def __init__(self, context: SandboxContext) -> None:
        self._context = context
        self._source: Faults | None = None
        self._random = random.Random(0)
        self._lock = threading.Lock()

    def draw(self) -> FaultDraw:
        """This request's injected delay and failure, as the current faults say."""
        faults = self._context.faults
        if faults.rate <= 0 and faults.latency_ms <= 0:
            return FaultDraw(0.0, None)
        with self._lock:
            if self._source is not faults:
                self._source = faults
                self._random = random.Random(faults.seed)
            draw = self._random.random()
            status = self._random.choice(faults.statuses) if faults.statuses else None
            unavailable = self._random.choice(faults.unavailable_codes or ["pool_saturated"])
            failure = _fault_problem(status, unavailable) if status is not None and draw < faults.rate else None
            faults.drawn += 1
            faults.injected += failure is not None
        return FaultDraw(faults.latency_ms / 1000, failure)


def _fault_problem(status: int, unavailable: str = "pool_saturated") -> Problem:
    if status == 429:
        return Problem(429, "rate_limited", "Too many requests for this key. Retry after 2 s.",
                       headers={"Retry-After": "2"}, retry_after=2, bucket="key")
    if status == 503:
        return _unavailable(unavailable)
    if status == 504:
        return Problem(504, "statement_timeout",
                       "The query ran past the 10 s statement limit. Narrow the query rather than retrying it as is.")
    return Problem(500, "internal_error", "The service failed on this request.")


def _unavailable(code: str) -> Problem:
    """A 503 of the documented code, with the `Retry-After` data-api.md, Limits 4 gives it
    (`pool_saturated` 1 s, `ledger_unavailable` 5 s; `database_unavailable` names none)."""
    if code == "ledger_unavailable":
        return Problem(503, code, "The credit ledger is unavailable; nothing was charged. Retry after 5 s.",
                       headers={"Retry-After": "5"})
    if code == "database_unavailable":
        return Problem(503, code, "The database is unavailable. Try again later.")
    return Problem(503, "pool_saturated", "The database pool is busy. Retry after 1 s.", headers={"Retry-After": "1"})
