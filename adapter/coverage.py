"""The Coverage page's reads beyond the shared ones (`adapter.data.markets`, `dataset`): whether a
place is covered, and the build of each served state. Both are free reads (data-api.md, Limits 3),
returned typed."""

from __future__ import annotations

from typing import Any

from adapter.data import data_api, markets
from services.base_models import BuildState
from services.data_api.models import Coverage
from services.errors import ApiError


def place_coverage(**place: Any) -> Coverage:
    """`GET /v1/coverage` for one place (`zip`, `county`, or `lat` and `lng`)."""
    return data_api().coverage.retrieve(**place)


def county_names() -> dict[str, str]:
    """County names by FIPS code, from the served markets (free); none when they cannot be read,
    so a page then shows the code."""
    try:
        served = markets()
    except ApiError:
        return {}
    return {str(county.fips): str(county.name) for market in served for county in market.counties if county.name}


def build_states() -> list[BuildState]:
    """`GET /v3/build`: each served state's build, from `data` when it lists them (its shape is not
    shown, data-api.md, Envelope), else from the lean `meta.build`."""
    envelope = data_api().build()
    listed = envelope.data.get("states") if isinstance(envelope.data, dict) else None
    if listed:
        return [BuildState.model_validate(state) for state in listed]
    return list(envelope.meta.build.states) if envelope.meta.build else []
