"""Per-key request limits on the sandbox clock, per minute and per UTC day (data-api.md, Limits 1 and 8).

Fixed windows, a clock minute and a UTC day: every call counts, charged or not; the
control routes never do. `POST /_sandbox/clock` moving past a window opens a new one.
The first budget to run out answers `429 rate_limited`: `bucket` `key` for the minute
(Retry-After to the next minute), `day` for the day (Retry-After to the next midnight UTC).
"""

from __future__ import annotations

import math
import threading

from sandbox.core.clock import Clock
from sandbox.core.problems import Problem


class RateLimiter:
    def __init__(self, clock: Clock, per_minute: int, *, per_day: int | None = None) -> None:
        self._clock = clock
        self._per_minute = per_minute
        self._per_day = per_day
        self._counts: dict[tuple[str, int], int] = {}
        self._days: dict[tuple[str, int], int] = {}
        self._lock = threading.Lock()

    def reset(self) -> None:
        with self._lock:
            self._counts.clear()
            self._days.clear()

    def hit(self, key: str) -> None:
        now = self._clock.time()
        window = int(now // 60)
        with self._lock:
            count = self._counts.get((key, window), 0) + 1
            # Forget old windows so the table never grows.
            self._counts = {k: v for k, v in self._counts.items() if k[1] == window}
            self._counts[(key, window)] = count
            day = int(now // 86400)
            today = self._days.get((key, day), 0) + 1
            self._days = {k: v for k, v in self._days.items() if k[1] == day}
            self._days[(key, day)] = today
        if self._per_day is not None and today > self._per_day:
            wait = max(1, math.ceil((day + 1) * 86400 - now))
            raise Problem(429, "rate_limited",
                          f"More than {self._per_day:,} requests today (UTC) for this key. Retry after {wait} s.",
                          headers={"Retry-After": str(wait)}, retry_after=wait, bucket="day")
        if count > self._per_minute:
            wait = max(1, math.ceil((window + 1) * 60 - now))
            raise Problem(
                429,
                "rate_limited",
                f"More than {self._per_minute} requests this minute for this key. Retry after {wait} s.",
                headers={"Retry-After": str(wait)},
                retry_after=wait,
                bucket="key",
            )


class CsvExportLimiter:
    """data-api.md, Limits 5: 12 CSV exports per minute and one in flight, per developer account (key)."""

    def __init__(self, clock: Clock, per_minute: int = 12) -> None:
        self._window = RateLimiter(clock, per_minute)
        self._in_flight: set[str] = set()
        self._lock = threading.Lock()

    def reset(self) -> None:
        self._window.reset()
        with self._lock:
            self._in_flight.clear()

    def start(self, key: str) -> None:
        """Count one export and hold the account's in-flight slot, or answer 429 with bucket `csv`."""
        with self._lock:
            busy = key in self._in_flight
        if busy:
            raise Problem(429, "rate_limited", "One CSV export is already in flight for this account. "
                          "Retry after it finishes.", headers={"Retry-After": "1"}, retry_after=1, bucket="csv")
        try:
            self._window.hit(key)
        except Problem as problem:
            problem.extras["bucket"] = "csv"
            problem.detail = "More than 12 CSV exports this minute for this account. " + problem.detail.split(". ")[-1]
            raise
        with self._lock:
            self._in_flight.add(key)

    def finish(self, key: str) -> None:
        with self._lock:
            self._in_flight.discard(key)
