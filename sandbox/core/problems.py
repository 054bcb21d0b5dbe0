"""RFC 9457 problems for both surfaces of the sandbox.

Data API (data-api.md, Errors): `type` = `{base_url}/errors#{code}` (decisions.md),
`title`, `status`, `code`, `detail`, `instance`, `request_id`, plus extras.
Marketplace (marketplace-api.md, Errors): the same members plus `recovery`;
`detail` repeats `recovery` when there is nothing more to say.
"""

from __future__ import annotations

import uuid
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

PROBLEM_MEDIA_TYPE = "application/problem+json"
MARKETPLACE_PREFIX = "/marketplace/"
# Marketplace contract version, in every `meta.api_version` (marketplace-api.md, Versioning 2);
# here because a marketplace problem carries it too.
MARKETPLACE_API_VERSION = "1.0-beta"
# The members both surfaces' problems carry, as their OpenAPI declarations type them.
_SHARED_MEMBERS: dict[str, Any] = {
    "type": {"type": "string"}, "title": {"type": "string"}, "status": {"type": "integer"}, "code": {"type": "string"},
    "detail": {"type": "string"}, "instance": {"type": "string"}, "request_id": {"type": "string"},
}


def problem_schema(required: list[str], members: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI schema of a surface's problem: the members both carry and its own (`members`)."""
    return {"type": "object", "required": required, "properties": {**_SHARED_MEMBERS, **members}}


class Problem(Exception):
    """Raise anywhere in a route to answer `application/problem+json`."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        *,
        title: str | None = None,
        recovery: str | None = None,
        headers: dict[str, str] | None = None,
        **extras: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.title = title or HTTPStatus(status).phrase
        self.recovery = recovery
        self.headers = headers or {}
        self.extras = extras


def new_request_id() -> str:
    return "req_" + uuid.uuid4().hex[:20]


def request_id(request: Request) -> str:
    """The id of this request, made once and echoed in `X-Request-Id`."""
    existing = getattr(request.state, "request_id", None)
    if existing is None:
        existing = new_request_id()
        request.state.request_id = existing
    return existing


def problem_response(request: Request, problem: Problem) -> JSONResponse:
    rid = request_id(request)
    base = str(request.base_url).rstrip("/")
    body: dict[str, Any] = {
        "type": f"{base}/errors#{problem.code}",
        "title": problem.title,
        "status": problem.status,
        "code": problem.code,
        "detail": problem.detail,
        "instance": request.url.path,
        "request_id": rid,
    }
    if request.url.path.startswith(MARKETPLACE_PREFIX):
        body["type"] = f"{base}/marketplace/v1/errors#{problem.code}"
        body["recovery"] = problem.recovery or problem.detail
        # marketplace-api.md, Versioning 2: every response carries meta.api_version.
        body["meta"] = {"request_id": rid, "api_version": MARKETPLACE_API_VERSION}
    body.update(problem.extras)
    headers = {"X-Request-Id": rid, **problem.headers}
    return JSONResponse(body, status_code=problem.status, headers=headers, media_type=PROBLEM_MEDIA_TYPE)


def _validation_problem(request: Request, exc: RequestValidationError) -> Problem:
    errors = []
    for error in exc.errors():
        location = [str(part) for part in error.get("loc", ()) if part not in ("query", "path", "body", "header")]
        errors.append(
            {
                "param": ".".join(location) or "request",
                "message": error.get("msg", "invalid value"),
                "code": error.get("type", "invalid"),
            }
        )
    names = ", ".join(sorted({e["param"] for e in errors}))
    if request.url.path.startswith(MARKETPLACE_PREFIX):
        return Problem(
            400,
            "invalid_parameter",
            f"Invalid value for {names}.",
            recovery="Correct the named parameter and send the request again.",
            parameter=errors[0]["param"] if errors else None,
        )
    return Problem(400, "validation_error", f"Invalid value for {names}.", errors=errors)


def install_problem_handlers(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def _problem(request: Request, exc: Problem) -> JSONResponse:
        return problem_response(request, exc)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        return problem_response(request, _validation_problem(request, exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 404:
            problem = Problem(404, "not_found", "No such resource.", recovery="Check the id and the path.")
        elif exc.status_code == 405:
            problem = Problem(
                405,
                "method_not_allowed",
                f"{request.method} is not allowed here.",
                recovery="Use one of the methods named in the Allow header.",
                headers=headers,
            )
        else:
            code = HTTPStatus(exc.status_code).phrase.lower().replace(" ", "_")
            problem = Problem(exc.status_code, code, str(exc.detail), headers=headers)
        return problem_response(request, problem)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        # Never a stack trace on the wire: a problem with the request id to look it up by.
        return problem_response(request, Problem(500, "internal_error", "The sandbox failed on this request."))
