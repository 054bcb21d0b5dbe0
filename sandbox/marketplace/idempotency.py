"""`Idempotency-Key` on offer writes (marketplace-api.md, Endpoints).

The same key with the same body replays the stored answer; another body answers
`409 idempotency_conflict`; a key still processing `409 idempotency_in_progress`
with `Retry-After: 1`; a missing or overlong key `400 invalid_parameter`.
Only successful answers are stored: a refused write changed nothing, so a retry
with the same key runs again (as Stripe does for requests that fail validation).
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, field

from sandbox.core.problems import Problem

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 255  # marketplace-api.md, Limits


@dataclass
class Stored:
    fingerprint: str
    finished: bool = False
    status: int = 0
    body: dict | None = None


def fingerprint(method: str, path: str, raw_body: bytes) -> str:
    return hashlib.sha256(method.encode() + b" " + path.encode() + b"\n" + raw_body).hexdigest()


def require_key(value: str | None) -> str:
    if value is None or not 1 <= len(value) <= MAX_KEY_LENGTH:
        state = "missing" if value is None else f"{len(value)} characters long"
        raise Problem(
            400,
            "invalid_parameter",
            f"The {HEADER} header is {state}; it must be 1 to {MAX_KEY_LENGTH} characters.",
            recovery=f"Send a unique {HEADER} of 1 to {MAX_KEY_LENGTH} characters (a UUID) with this write.",
            parameter=HEADER,
        )
    return value


@dataclass
class IdempotencyStore:
    records: dict[tuple[str, str], Stored] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def begin(self, principal: str, key: str, print_: str) -> Stored | None:
        """The stored answer to replay, or None when this request now owns the key."""
        with self.lock:
            record = self.records.get((principal, key))
            if record is None:
                self.records[(principal, key)] = Stored(print_)
                return None
        if record.fingerprint != print_:
            raise Problem(
                409,
                "idempotency_conflict",
                f"This {HEADER} was used with another request body or path.",
                recovery=f"Use a new {HEADER} for a different request.",
            )
        if not record.finished:
            raise Problem(
                409,
                "idempotency_in_progress",
                f"A request with this {HEADER} is still being processed.",
                recovery="Wait one second and send the same request again.",
                headers={"Retry-After": "1"},
            )
        return record

    def finish(self, principal: str, key: str, status: int, body: dict) -> None:
        with self.lock:
            record = self.records[(principal, key)]
            record.finished, record.status, record.body = True, status, body

    def abandon(self, principal: str, key: str) -> None:
        with self.lock:
            self.records.pop((principal, key), None)

    def clear(self) -> None:
        with self.lock:
            self.records.clear()
