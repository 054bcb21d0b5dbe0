"""Idempotency keys of the marketplace's writes (marketplace-api.md, Endpoints; docs/contract.md).

The caller makes one key per action and body at the first click and keeps it until the
action's outcome is known, so a retry after a lost answer replays the stored result
instead of acting twice. The transport sends it as `Idempotency-Key` and resends the
same key on its own retries.

What each answer does to the key (docs/contract.md, "Marketplace actions"):

- a success, or a refusal that says the write was not done (4xx): the key is dropped;
- no answer, a `5xx`, or `409 idempotency_in_progress` (the first send may still finish):
  the key is kept, and every later send of that action and body reuses it;
- a `429` (a cap or the gateway's rate limit refused the write before it acted): the key
  is renewed, unless an earlier send under it had no known outcome (then it is kept: the
  earlier send may have acted). A key is thus never kept only to replay a `429`.

A `429` or an `idempotency_in_progress` holds the action until its `Retry-After` has
passed: a press before then raises the same error with the time still to wait, and
sends nothing (a write is never resent inside the `Retry-After`).
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

from services import contract
from services.errors import ApiConnectionError, ApiError, ApiStatusError, error_class

IN_PROGRESS = "idempotency_in_progress"


class IdempotencyKeys:
    """One `Idempotency-Key` per action and body, from the first click until its outcome is known.

    `keys` is any mutable mapping (the page passes a dict kept in its session state); each
    entry is plain data: `{"key", "uncertain", "not_before", "problem"}`. The same action
    with the same body gets the same key, so the server replays the first answer instead of
    acting twice; another body gets another key (the same key with another body would answer
    `409 idempotency_conflict`; marketplace-api.md, Endpoints).
    """

    def __init__(self, keys: MutableMapping[str, Any], *, clock: Callable[[], float] = time.time) -> None:
        self._keys = keys
        self._clock = clock

    @staticmethod
    def _fingerprint(action: str, body: Mapping[str, Any]) -> str:
        return hashlib.sha256(json.dumps([action, body], sort_keys=True, default=str).encode()).hexdigest()[:24]

    def _entry(self, action: str, body: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._keys.get(self._fingerprint(action, body))
        if isinstance(entry, str):  # an entry kept by an older version of this class
            entry = {"key": entry, "uncertain": True}
        return dict(entry or {})

    def key_for(self, action: str, body: Mapping[str, Any]) -> str:
        entry = self._entry(action, body)
        if not entry.get("key"):
            entry["key"] = str(uuid.uuid4())
            self._keys[self._fingerprint(action, body)] = entry
        return entry["key"]

    def pending(self, action: str, body: Mapping[str, Any]) -> bool:
        """A key is held whose first send may still act (no answer, a 5xx, still in progress)."""
        return bool(self._entry(action, body).get("uncertain"))

    def settle(self, action: str, body: Mapping[str, Any], error: BaseException | None = None) -> None:
        """Keep, renew or forget the action's key by how the send ended (the module docstring)."""
        fingerprint = self._fingerprint(action, body)
        entry = self._entry(action, body)
        if error is None or not (outcome_unknown(error) or _is_429(error)):
            self._keys.pop(fingerprint, None)
            return
        wait = _held_for(error)
        if wait is not None:
            entry["not_before"] = self._clock() + wait
            entry["problem"] = dict(getattr(error, "problem", {}) or {}, status=error.status)
        if outcome_unknown(error):
            entry["uncertain"] = True
        elif not entry.get("uncertain"):
            entry.pop("key", None)  # a 429 refused the write: the next send takes a new key
        self._keys[fingerprint] = entry

    def run(self, action: str, body: Mapping[str, Any], call: Callable[[str], Any]) -> Any:
        """`call(key)` with the action's key, settled by how it ended; held inside a `Retry-After`."""
        self._refuse_inside_retry_after(action, body)
        try:
            result = call(self.key_for(action, body))
        except ApiError as error:
            self.settle(action, body, error)
            raise
        self.settle(action, body)
        return result

    def _refuse_inside_retry_after(self, action: str, body: Mapping[str, Any]) -> None:
        entry = self._entry(action, body)
        remaining = (entry.get("not_before") or 0) - self._clock()
        if remaining <= 0:
            return
        problem = dict(entry.get("problem") or {})
        status = int(problem.get("status") or 429)
        raise error_class(status, problem.get("code"))(status, problem, retry_after=max(1.0, round(remaining)))


def outcome_unknown(error: BaseException) -> bool:
    """No answer, a `5xx` or `409 idempotency_in_progress`: the write may have happened (or may
    still happen), so a later send must reuse its key."""
    if isinstance(error, ApiConnectionError):
        return True
    status = getattr(error, "status", None) or 0
    return status >= 500 or (status == 409 and getattr(error, "code", None) == IN_PROGRESS)


def _is_429(error: BaseException) -> bool:
    return getattr(error, "status", None) == 429


def _held_for(error: BaseException) -> float | None:
    """Seconds the action is held after this answer: a 429's or an in-progress's `Retry-After`."""
    if not isinstance(error, ApiStatusError):
        return None
    if error.status == 429:
        return error.retry_after if error.retry_after is not None else contract.FALLBACK_429_WAIT_S
    if error.code == IN_PROGRESS:
        return error.retry_after if error.retry_after is not None else 1.0
    return None
