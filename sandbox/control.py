"""Control routes of decisions.md (mounted with `--admin` only, never on a live host).

Never rate limited or charged.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from sandbox.core.context import Faults, SandboxContext
from sandbox.core.problems import Problem


MAX_NEW_DEALS = 500


class ClockAdvance(BaseModel):
    model_config = ConfigDict(extra="forbid")
    advance_seconds: Annotated[float, Field(ge=0, le=10 * 365 * 86400)]


class PublishRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    state: Annotated[str, Field(min_length=2, max_length=2)]
    # News: that many deals dated after the state's data end (sandbox/data_api/sql_news.py).
    new_deals: Annotated[int, Field(ge=0, le=MAX_NEW_DEALS)] = 0


class FaultsRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rate: Annotated[float, Field(ge=0, le=1)] = 0.0
    statuses: list[int] = Field(default_factory=lambda: [429, 503, 504])
    latency_ms: Annotated[int, Field(ge=0, le=60_000)] = 0
    seed: int = 1
    unavailable_codes: list[Literal["pool_saturated", "ledger_unavailable", "database_unavailable"]] = Field(
        default_factory=lambda: ["pool_saturated"], min_length=1
    )


def mount(app: FastAPI, context: SandboxContext) -> None:
    router = APIRouter(prefix="/_sandbox", tags=["sandbox control"])

    @router.post("/clock")
    def advance_clock(body: ClockAdvance) -> dict:
        context.clock.advance(body.advance_seconds)
        return {"data": {"now": context.clock.now().isoformat().replace("+00:00", "Z")}}

    @router.post("/publish")
    def publish(body: PublishRequest) -> dict:
        if context.publish is None:
            raise Problem(404, "not_found", "This sandbox has no Data API mounted.")
        return {"data": context.publish(body.state.upper(), body.new_deals)}

    @router.post("/faults")
    def faults(body: FaultsRequest) -> dict:
        allowed = {429, 500, 503, 504}
        if not set(body.statuses) <= allowed:
            raise Problem(400, "validation_error", f"statuses must be among {sorted(allowed)}.")
        context.faults = Faults(
            rate=body.rate, statuses=body.statuses, latency_ms=body.latency_ms, seed=body.seed,
            unavailable_codes=list(body.unavailable_codes),
        )
        return {"data": body.model_dump()}

    @router.get("/faults")
    def faults_so_far() -> dict:
        """The faults in force and what they did: data requests drawn, failures injected."""
        current = context.faults
        return {"data": {"rate": current.rate, "statuses": current.statuses, "latency_ms": current.latency_ms,
                         "seed": current.seed, "drawn": current.drawn, "injected": current.injected}}

    @router.post("/reset")
    def reset(request: Request) -> dict:
        context.reset()
        return {"data": {"reset": True}}

    app.include_router(router)
