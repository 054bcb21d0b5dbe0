"""Lost answers of offer writes, for tests of "no action sent twice" (admin routes, `--admin`).

With `POST /_sandbox/marketplace/write-faults {"rate": r, "statuses": [503, 504], "seed": s}`
that share of offer writes is done and stored, and then its answer is lost: the caller gets a
`503 origin_error` (marketplace-api.md, Errors: the gateway's) or a `504` from the gateway, and
cannot know whether the write happened. Resending with the same `Idempotency-Key` replays the
stored answer; a new key would act again. `GET /_sandbox/marketplace/writes` counts what the
writes did: received, applied (a change made), replayed (a stored answer sent again), lost.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field

from sandbox.core.problems import Problem


@dataclass
class WriteFaults:
    rate: float = 0.0
    statuses: tuple[int, ...] = (503, 504)
    seed: int = 1
    received: int = 0
    applied: int = 0
    replayed: int = 0
    lost: int = 0
    _random: random.Random = field(default_factory=lambda: random.Random(1))
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def configured(cls, rate: float, statuses: list[int], seed: int) -> "WriteFaults":
        return cls(rate=rate, statuses=tuple(statuses), seed=seed, _random=random.Random(seed))

    def count(self, what: str) -> None:
        with self._lock:
            setattr(self, what, getattr(self, what) + 1)

    def lost_answer(self) -> Problem | None:
        """After a write was applied: the problem that replaces its answer, or None to answer."""
        with self._lock:
            if self.rate <= 0 or self._random.random() >= self.rate:
                return None
            status = self._random.choice(self.statuses)
            self.lost += 1
        if status == 504:
            return Problem(504, "origin_error", "The gateway got no answer from the origin in time.",
                           recovery="Send the same request again with the same Idempotency-Key.")
        return Problem(503, "origin_error", "The gateway could not read the origin's answer.",
                       recovery="Send the same request again with the same Idempotency-Key.")

    def counts(self) -> dict:
        with self._lock:
            return {"rate": self.rate, "statuses": list(self.statuses), "seed": self.seed, "received": self.received,
                    "applied": self.applied, "replayed": self.replayed, "lost": self.lost}
