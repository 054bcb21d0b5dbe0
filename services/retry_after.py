"""`Retry-After` parsing (RFC 9110 10.2.3): delay-seconds or an HTTP-date."""

from __future__ import annotations

import time
from email.utils import parsedate_to_datetime


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait, or None when the header is absent or unreadable.

    `now` is the wall-clock time (epoch seconds) an HTTP-date is measured against;
    a date in the past means "now" (0 s).
    """
    if value is None:
        return None
    text = value.strip()
    if not text:
        return None
    try:
        seconds = float(text)
    except ValueError:
        seconds = None
    if seconds is not None:
        return max(seconds, 0.0) if seconds == seconds else None  # NaN is unreadable
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None or when.tzinfo is None:
        return None
    reference = time.time() if now is None else now
    return max(when.timestamp() - reference, 0.0)
