"""Idempotency keys of the marketplace's writes (marketplace-api.md, Endpoints; docs/contract.md).

The caller makes one key per action and body at the first click and keeps it until a
definite answer, so a retry after a lost answer replays the stored result instead of
acting twice. The transport sends it as `Idempotency-Key` and resends the same key on
its own retries.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

from services.errors import ApiConnectionError, ApiError


class IdempotencyKeys:
    """One `Idempotency-Key` per action and body, from the first click until a definite answer.

    `keys` is any mutable mapping (the page passes a dict kept in its session state). A
    retry of the same action with the same body gets the same key, so the server replays
    the first answer instead of acting twice; another body gets another key (the same key
    with another body would answer `409 idempotency_conflict`; marketplace-api.md, Endpoints).
    """

    def __init__(self, keys: MutableMapping[str, str]) -> None:
        self._keys = keys

    @staticmethod
    def _fingerprint(action: str, body: Mapping[str, Any]) -> str:
        return hashlib.sha256(json.dumps([action, body], sort_keys=True, default=str).encode()).hexdigest()[:24]

    def key_for(self, action: str, body: Mapping[str, Any]) -> str:
        return self._keys.setdefault(self._fingerprint(action, body), str(uuid.uuid4()))

    def settle(self, action: str, body: Mapping[str, Any], error: BaseException | None = None) -> None:
        """Forget the key after a success or a definite refusal; keep it when the outcome is unknown."""
        if error is not None and outcome_unknown(error):
            return
        self._keys.pop(self._fingerprint(action, body), None)

    def run(self, action: str, body: Mapping[str, Any], call: Callable[[str], Any]) -> Any:
        """`call(key)` with the action's key, settled by how it ended."""
        try:
            result = call(self.key_for(action, body))
        except ApiError as error:
            self.settle(action, body, error)
            raise
        self.settle(action, body)
        return result


def outcome_unknown(error: BaseException) -> bool:
    """No answer, a `429` or a `5xx`: the write may have happened, so a retry must reuse its key."""
    if isinstance(error, ApiConnectionError):
        return True
    status = getattr(error, "status", None) or 0
    return status >= 500 or status == 429
