"""The gateway lock in front of `POST /mcp`, answered as plain HTTP before any MCP handling.

data-api.md, Authentication 1, 2 and 4: the same `zpka_` key as a Bearer token (`401
unauthorized` without one, `403 subscription_required` / `payment_overdue` for a refused plan)
and the on-behalf header (`400 on_behalf_of_required`), with the problem bodies the `/v1`
routes answer. Rate limits count tool calls, not protocol messages: each call passes the
REST gate of the route it mirrors (sandbox/data_api/mcp/dispatch.py).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from sandbox.core.problems import Problem, problem_response
from sandbox.data_api.keys import REFUSAL_DETAIL, plan_for


def check(request: Request) -> None:
    """Raise the problem the REST gate would answer for these headers, or return."""
    plan = plan_for(request.headers.get("authorization"))
    if plan is None:
        raise Problem(401, "unauthorized",
                      "Missing or invalid API key. Send Authorization: Bearer <your zpka_ key> from the developer console.")
    if plan.refusal:
        raise Problem(403, plan.refusal, REFUSAL_DETAIL[plan.refusal])
    if not (request.headers.get("x-on-behalf-of") or "").strip():
        raise Problem(400, "on_behalf_of_required",
                      "POST /mcp, like every /v1 route except /v1/dataset and /v1/coverage, needs the "
                      "X-On-Behalf-Of header naming your developer identity.")


class McpGate:
    """ASGI app: the lock, then the MCP transport."""

    def __init__(self, transport: ASGIApp) -> None:
        self._transport = transport

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        try:
            check(request)
        except Problem as problem:
            await problem_response(request, problem)(scope, receive, send)
            return
        await self._transport(scope, receive, send)
