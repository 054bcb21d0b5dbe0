"""Probes and coverage: `/v1/dataset`, `/v1/coverage`, `/v3/build` (0 credits, no on-behalf header)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from sandbox.data_api.coverage import coverage_market
from sandbox.data_api.data.markets import MARKETS, MARKETS_BY_CODE
from sandbox.data_api.envelope import build_states, respond
from sandbox.data_api.filters import validation_error
from sandbox.data_api.gate import ProbeCaller
from sandbox.data_api.routes.common import problem_responses

router = APIRouter(tags=["probes"])


@router.get("/v1/dataset", responses=problem_responses(), summary="Freshness probe (unmetered)")
def dataset(request: Request, caller: ProbeCaller) -> Response:
    publishing = caller.runtime.publishing
    data = {
        "dataset_version": publishing.dataset_version,
        "data_end": publishing.data_end,
        "published_at": publishing.published_at,
        "states": [{"state": b.state, "run_id": b.run_id, "published_at": b.published_at} for b in publishing.states()],
    }
    return respond(request, caller, data)


@router.get("/v3/build", responses=problem_responses(), summary="Coverage and build of each served state")
def build(request: Request, caller: ProbeCaller) -> Response:
    db = caller.runtime.db
    data = [
        {**state, "markets": [m.code for m in MARKETS if m.state == state["state"]],
         "counties": [c.fips for m in MARKETS if m.state == state["state"] for c in m.counties],
         "data_end": caller.runtime.publishing.data_end_of(state["state"]),
         "n_parcels": sum(db.market_parcels.get(m.code, 0) for m in MARKETS if m.state == state["state"])}
        for state in build_states(caller)
    ]
    return respond(request, caller, data)


def _place(caller, lat: float | None, lng: float | None, county: str | None, zip_code: str | None,
           market: str | None) -> tuple[dict | None, list[str]]:
    """The place as understood and the markets covering it (data-api.md, `/v1/coverage`)."""
    db = caller.runtime.db
    given = [name for name, value in (("lat/lng", lat), ("county", county), ("zip", zip_code), ("market", market))
             if value is not None]
    if not given:
        return None, [m.code for m in MARKETS]
    if len(given) > 1:
        raise validation_error(given[1].split("/")[0], f"give one place, not {' and '.join(given)}.")
    if lat is not None:
        found = [code for code, (w, s, e, n) in db.market_bbox.items() if w <= lng <= e and s <= lat <= n]
        place = {"lat": lat, "lng": lng}
    elif county is not None:
        wanted = county.strip().lower().removesuffix(" county")
        found = [m.code for m in MARKETS for c in m.counties
                 if c.fips == county.strip() or c.name.lower().removesuffix(" county") == wanted]
        place = {"county": county}
    elif zip_code is not None:
        if not (len(zip_code) == 5 and zip_code.isdigit()):
            raise validation_error("zip", "a ZIP is five digits, leading zeros kept (e.g. 07002).")
        found = [db.zip_markets[zip_code]] if zip_code in db.zip_markets else []
        place = {"zip": zip_code}
    else:
        code = market.strip().upper()
        found = [code] if code in MARKETS_BY_CODE else []
        place = {"market": code}
    return {"status": "covered" if found else "outside", **place}, sorted(set(found))


@router.get("/v1/coverage", responses=problem_responses(), summary="Per-market dataset matrix (0 credits)")
def coverage(request: Request, caller: ProbeCaller,
             lat: Annotated[float | None, Query(ge=-90, le=90)] = None,
             lng: Annotated[float | None, Query(ge=-180, le=180)] = None,
             county: Annotated[str | None, Query(min_length=1, max_length=64, description="FIPS or name")] = None,
             zip: Annotated[str | None, Query(description="Five-digit ZIP")] = None,
             market: Annotated[str | None, Query(min_length=1, max_length=16)] = None) -> Response:
    if (lat is None) != (lng is None):
        raise validation_error("lat" if lat is None else "lng", "lat and lng go together.")
    place, codes = _place(caller, lat, lng, county, zip, market)
    runtime = caller.runtime
    markets = [coverage_market(code, runtime.db, runtime.publishing) for code in codes]
    return respond(request, caller, {"place": place, "markets": markets}, markets=codes, rows=len(markets))
