"""Credits: what one response charged, the running total of a session, and estimates.

data-api.md, Limits 3: a deal, investor or property new to the account costs 1 credit;
one already held costs nothing again; a failed request charges nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from services.contract import CREDITS_CHARGED_HEADER, CREDITS_REMAINING_HEADER

CostKind = Literal["deal", "investor", "property"]
COST_KINDS: tuple[CostKind, ...] = ("deal", "investor", "property")


@dataclass(frozen=True)
class Credits:
    """The credit headers of one response (each None when absent)."""

    charged: int | None
    remaining: int | None

    @classmethod
    def from_headers(cls, headers: Mapping[str, str]) -> Credits:
        return cls(_integer(headers.get(CREDITS_CHARGED_HEADER)), _integer(headers.get(CREDITS_REMAINING_HEADER)))


class CreditMeter:
    """Credits charged during one session, the balance last seen, and the records held."""

    def __init__(self) -> None:
        self.charged = 0
        self.remaining: int | None = None
        self.responses_charged = 0
        self._held: dict[str, set[str]] = {kind: set() for kind in COST_KINDS}
        self._lock = threading.Lock()

    def record(self, credits: Credits) -> None:
        with self._lock:
            if credits.charged:
                self.charged += credits.charged
                self.responses_charged += 1
            if credits.remaining is not None:
                self.remaining = credits.remaining

    def hold(self, kind: CostKind, ids: Iterable[str | None]) -> None:
        """Remember records this session has been served, so estimates do not count them again."""
        with self._lock:
            self._held[kind].update(i for i in ids if i)

    def holds(self, kind: CostKind, record_id: str) -> bool:
        return record_id in self._held[kind]

    def held_ids(self, kind: CostKind) -> frozenset[str]:
        """The records of this kind this session has been served (what its credits bought, or held already)."""
        with self._lock:
            return frozenset(self._held[kind])

    def estimate(self, kind: CostKind, ids: Iterable[str] | None = None, count: int | None = None) -> int:
        """At most how many credits reading these records costs.

        With `ids`, each id not yet served to this session counts 1; with only `count`
        (the rows a list may return) every row counts 1, an upper bound.
        """
        if kind not in self._held:
            raise ValueError(f"kind must be one of {', '.join(COST_KINDS)}, not {kind!r}")
        if ids is not None:
            with self._lock:
                held = self._held[kind]
                return len({i for i in ids if i and i not in held})
        if count is not None:
            if count < 0:
                raise ValueError("count must be 0 or more")
            return count
        raise ValueError("give ids or count")

    # --- one person's meter over several sessions (issue 42: adapter/person_state.py) ---------

    def adds_to(self, record: Mapping | None, since: int) -> bool:
        """Whether this meter has news for the person's `record` (`since`: its `charged` when the
        two last met): credits spent since, or records served that the record does not hold."""
        if self.charged != since:
            return True
        held = (record or {}).get("held") or {}
        with self._lock:
            return any(not ids <= set(held.get(kind) or ()) for kind, ids in self._held.items())

    def added_to(self, record: Mapping | None, since: int) -> dict:
        """The person's record with this meter's news: what it spent since `since` added to what
        every session of the person spent, the records it was served among those they hold, and
        the balance it saw last when it spent (another session's otherwise)."""
        record = record or {}
        spent = self.charged - since
        with self._lock:
            held = {kind: sorted(set((record.get("held") or {}).get(kind) or ()) | ids) for kind, ids in self._held.items()}
        remaining = self.remaining if spent or record.get("remaining") is None else record.get("remaining")
        return {"charged": int(record.get("charged") or 0) + spent, "remaining": remaining, "held": held}

    def take_up(self, record: Mapping | None) -> None:
        """Show the person's whole: what every session of theirs spent, the records they hold."""
        if not record:
            return
        with self._lock:
            self.charged = int(record.get("charged") or 0)
            if record.get("remaining") is not None:
                self.remaining = int(record["remaining"])
            for kind, ids in (record.get("held") or {}).items():
                if kind in self._held:
                    self._held[kind].update(ids)

    def __repr__(self) -> str:
        return f"CreditMeter(charged={self.charged}, remaining={self.remaining})"


def _integer(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value.strip())
    except ValueError:
        return None
