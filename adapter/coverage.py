"""The Coverage page's reads beyond the shared ones (`adapter.data.coverage_markets`, `dataset`):
whether a place is covered, and the build of each served state. Both are free reads
(data-api.md, Limits 3), returned as plain data."""

from __future__ import annotations

from typing import Any

from adapter.data import coverage_markets, data_api
from adapter.values import plain
from services.errors import ApiError


def place_coverage(**place: Any) -> dict:
    """`GET /v1/coverage` for one place (`zip`, `county`, or `lat` and `lng`)."""
    return plain(data_api().coverage.retrieve(**place))


def county_names() -> dict[str, str]:
    """County names by FIPS code, from the served markets (free); none when they cannot be read,
    so a page then shows the code."""
    try:
        markets = coverage_markets()
    except ApiError:
        return {}
    return {str(county.get("fips")): str(county.get("name"))
            for market in markets for county in market.get("counties") or [] if county.get("name")}


def build() -> dict:
    """`GET /v3/build` as a plain envelope: `data` as sent and `meta.build`."""
    return plain(data_api().build())
