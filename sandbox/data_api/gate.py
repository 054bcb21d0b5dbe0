"""The gateway in front of every data route: Accept, key, plan, on-behalf, rate limit, faults, parameters.

data-api.md, Authentication 2 and 4, Errors (406), Limits 1; decisions.md (on-behalf
header `X-On-Behalf-Of`; unknown query parameters answer `400 unknown_parameter`).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Annotated, Callable

from fastapi import Depends, Header, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from sandbox.core.problems import Problem
from sandbox.core.query_numbers import check_numbers, numeric_params
from sandbox.data_api.keys import REFUSAL_DETAIL, Plan, is_early_access, plan_for
from sandbox.data_api.runtime import DataRuntime

JSON = "application/json"
CSV = "text/csv"
_bearer = HTTPBearer(auto_error=False, description="Data key `zpka_...` as `Authorization: Bearer <key>`")
_allowed_params: dict[int, frozenset[str]] = {}


@dataclass(frozen=True)
class Caller:
    plan: Plan
    on_behalf_of: str | None
    runtime: DataRuntime


def produces(*media_types: str) -> Callable:
    """Mark a route that produces more than JSON (checked against `Accept`)."""
    def mark(endpoint: Callable) -> Callable:
        endpoint.produces = media_types  # type: ignore[attr-defined]
        return endpoint
    return mark


def accepted_media(request: Request, offered: tuple[str, ...]) -> str:
    """The offered media type the `Accept` header prefers, or `406 not_acceptable`."""
    header = request.headers.get("accept", "").strip()
    if not header:
        return offered[0]
    for part in header.split(","):
        media, *params = (piece.strip() for piece in part.split(";"))
        if any(p.replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000") for p in params):
            continue
        media = media.lower()
        for candidate in offered:
            family = candidate.split("/")[0]
            if media in (candidate, "*/*", f"{family}/*") or (candidate == JSON and media == "application/problem+json"):
                return candidate
    raise Problem(406, "not_acceptable",
                  f"This endpoint produces {' or '.join(offered)}; the Accept header names neither. "
                  f"Send Accept: {offered[0]} or leave it out.")


def _check_parameters(request: Request) -> None:
    route = request.scope.get("route")
    if route is None or not hasattr(route, "dependant"):
        return
    allowed = _allowed_params.get(id(route))
    if allowed is None:
        allowed = frozenset(_query_names(route.dependant))
        _allowed_params[id(route)] = allowed
    unknown = sorted({name for name in request.query_params if name not in allowed})
    if unknown:
        raise Problem(400, "unknown_parameter",
                      f"Unknown query parameter {', '.join(unknown)}. This route takes: {', '.join(sorted(allowed)) or 'none'}.",
                      errors=[{"param": name, "message": "unknown parameter", "code": "unknown_parameter"} for name in unknown])
    check_numbers(request.query_params.multi_items(), numeric_params(id(route), route.dependant))


def _query_names(dependant) -> set[str]:
    """Query parameter names a route declares, its dependencies included."""
    names = {param.alias for param in dependant.query_params}
    for sub in dependant.dependencies:
        names |= _query_names(sub)
    return names


async def _gate(request: Request, credentials: HTTPAuthorizationCredentials | None, on_behalf_of: str | None,
                *, on_behalf_required: bool) -> Caller:
    """Async so that it runs on the event loop: only the route itself takes a worker thread."""
    request.state.started = time.perf_counter()  # for the Server-Timing header of the answer
    runtime: DataRuntime = request.app.state.data_api
    route = request.scope.get("route")
    accepted_media(request, getattr(getattr(route, "endpoint", None), "produces", (JSON,)))
    plan = plan_for(f"Bearer {credentials.credentials}" if credentials else None)
    if plan is None:
        raise Problem(401, "unauthorized",
                      "Missing or invalid API key. Send Authorization: Bearer <your zpka_ key> from the developer console.")
    if plan.refusal:
        raise Problem(403, plan.refusal, REFUSAL_DETAIL[plan.refusal])
    if on_behalf_required and not (on_behalf_of or "").strip():
        raise Problem(400, "on_behalf_of_required",
                      "Every /v1 route except /v1/dataset and /v1/coverage needs the X-On-Behalf-Of header "
                      "naming your developer identity.")
    if plan.rate_limited:
        runtime.rate_limiter.hit(plan.key)
    if not plan.early_access and is_early_access(request.url.path):
        raise early_access_refusal(runtime.context.config.variety)
    fault = runtime.faults.draw()
    if fault.delay_seconds:
        await asyncio.sleep(fault.delay_seconds)
    if fault.failure is not None:
        raise fault.failure
    _check_parameters(request)
    return Caller(plan, on_behalf_of, runtime)


def early_access_refusal(variety: bool) -> Problem:
    """A route not yet open to the key (docs/contract.md, `zpka_sandbox_noearly`): answered as absent,
    or on `--variety` as refused by the plan (data-api.md, Versioning 5 says neither; a client survives both)."""
    if variety:
        return Problem(403, "plan_limit", "The early-access routes (agents, wholesale, lenders) are not part of "
                       "this key's plan yet.")
    return Problem(404, "not_found", "No such route for this key: the early-access routes (agents, wholesale, "
                   "lenders) are not open to it yet.")


async def v1_gate(request: Request,
            credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
            on_behalf_of: Annotated[str | None, Header(alias="X-On-Behalf-Of", description="Developer identity")] = None,
            ) -> Caller:
    return await _gate(request, credentials, on_behalf_of, on_behalf_required=True)


async def probe_gate(request: Request,
               credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]) -> Caller:
    """Probes (`/v1/dataset`, `/v1/coverage`) and the lean `/v3` set need no on-behalf header."""
    return await _gate(request, credentials, None, on_behalf_required=False)


V1Caller = Annotated[Caller, Depends(v1_gate)]
ProbeCaller = Annotated[Caller, Depends(probe_gate)]
LeanCaller = ProbeCaller
