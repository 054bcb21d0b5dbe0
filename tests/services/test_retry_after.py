"""Retry-After parsing: delay-seconds and HTTP-date (RFC 9110 10.2.3)."""

from __future__ import annotations

from email.utils import format_datetime
from datetime import datetime, timezone

import pytest

from services.retry_after import parse_retry_after

NOW = datetime(2026, 11, 22, 12, 0, 0, tzinfo=timezone.utc).timestamp()


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        pytest.param("7", 7.0, id="seconds"),
        pytest.param(" 1 ", 1.0, id="seconds-with-spaces"),
        pytest.param("0", 0.0, id="zero"),
        pytest.param("2.5", 2.5, id="fractional-seconds"),
        pytest.param("-3", 0.0, id="negative-means-now"),
        pytest.param("Sun, 22 Nov 2026 12:00:40 GMT", 40.0, id="http-date-ahead"),
        pytest.param("Sun, 22 Nov 2026 11:59:00 GMT", 0.0, id="http-date-past"),
        pytest.param(None, None, id="absent"),
        pytest.param("", None, id="empty"),
        pytest.param("soon", None, id="unreadable"),
        pytest.param("nan", None, id="not-a-number"),
    ],
)
def test_parse_retry_after(header: str | None, expected: float | None) -> None:
    assert parse_retry_after(header, now=NOW) == expected


def test_http_date_made_by_the_standard_library_round_trips() -> None:
    when = datetime(2026, 11, 22, 12, 2, 0, tzinfo=timezone.utc)
    assert parse_retry_after(format_datetime(when, usegmt=True), now=NOW) == 120.0
