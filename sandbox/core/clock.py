"""The sandbox's clock: real time plus an offset that `POST /_sandbox/clock` moves forward."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timedelta, timezone


class Clock:
    def __init__(self) -> None:
        self._offset = 0.0
        self._lock = threading.Lock()

    def time(self) -> float:
        """Seconds since the epoch, as the sandbox sees them."""
        with self._lock:
            return time.time() + self._offset

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.time(), tz=timezone.utc)

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("the sandbox clock only moves forward")
        with self._lock:
            self._offset += seconds

    def reset(self) -> None:
        with self._lock:
            self._offset = 0.0

    @property
    def offset(self) -> timedelta:
        return timedelta(seconds=self._offset)
