"""One hierarchy of errors for both APIs, keyed by the documents' `code`.

```
ApiError
├── InvalidInputError (also ValueError)      refused before any request is spent
├── UnexpectedResponseError                  a success whose body does not have the documented shape
├── ApiConnectionError ── ApiTimeoutError
└── ApiStatusError (.status .code .detail .problem .request_id .retry_after .errors
    │               .zips_unknown .recovery)
    ├── BadRequestError 400 ─ InvalidCursorError, ValidationError
    ├── AuthenticationError 401
    ├── PaymentRequiredError 402 ─ InsufficientBalanceError (.balance .publish_cost)
    ├── PermissionDeniedError 403 ─ QuotaExceededError, InsufficientRoleError (.role .required_roles)
    ├── NotFoundError 404
    ├── ConflictError 409 ─ AgreementRequiredError (.agreement), ResourceLimitError
    ├── GoneError 410 (.superseded_by)
    ├── UnprocessableError 422 ─ OutsideCoverageError, DealIncompleteError (.missing)
    ├── RateLimitError 429 ─ DuplicateInquiryError (.deal_id .inquiry_type)
    └── ServerError 5xx ─ ServiceUnavailableError 503, GatewayTimeoutError 504
```

Every status error also reads the marketplace's extra members (marketplace-api.md, Errors):
`.scope`, `.role`, `.required_roles`, `.designation`, `.agreement_id`, `.verification_url`,
`.unknown_parameters`, `.agreement`, `.parameter`, `.deal_id`, `.inquiry_type`, `.open_offer_id`.

Switch on `code` (data-api.md, Errors), not on `detail`. `str(error)` carries the code,
the detail and the request id; it never carries a credential (the transport redacts).
"""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any

from services.contract import REQUEST_ID_HEADER, RETRY_AFTER_HEADER
from services.retry_after import parse_retry_after

PROBLEM_MEDIA_TYPES = ("application/problem+json", "application/json")


class ApiError(Exception):
    """Anything that went wrong talking to a deedscope API."""

    code: str | None = None
    status: int | None = None
    detail: str | None = None
    recovery: str | None = None
    request_id: str | None = None
    retry_after: float | None = None
    errors: list[dict[str, Any]] = []
    zips_unknown: list[str] = []


class InvalidInputError(ApiError, ValueError):
    """Input the documents would refuse, caught before spending a request."""

    code = "invalid_input"

    def __init__(self, param: str, message: str) -> None:
        super().__init__(f"{param}: {message}")
        self.param = param
        self.detail = f"Invalid {param}: {message}"
        self.errors = [{"param": param, "message": message, "code": "invalid_input"}]
        self.recovery = f"Correct {param} and try again."

    def __str__(self) -> str:
        return self.detail or ""


class UnexpectedResponseError(ApiError):
    """A success answer whose body could not be read as the documents describe it."""

    code = "unexpected_response"

    def __init__(self, path: str, problem: str, *, request_id: str | None = None) -> None:
        self.path = path
        self.request_id = request_id
        self.detail = f"The answer to {path} did not have the expected shape ({problem})"
        self.recovery = "Try again later; if it persists, report it with the request id."
        super().__init__(str(self))

    def __str__(self) -> str:
        return self.detail + (f" [request {self.request_id}]" if self.request_id else "")


class ApiConnectionError(ApiError):
    """The service could not be reached, or the connection broke."""

    code = "connection_error"

    def __init__(self, message: str, *, method: str | None = None, path: str | None = None) -> None:
        super().__init__(message)
        self.detail = message
        self.method = method
        self.path = path

    def __str__(self) -> str:
        where = f" ({self.method} {self.path})" if self.method else ""
        return f"{self.detail}{where}"


class ApiTimeoutError(ApiConnectionError):
    """No answer within the client's timeout."""

    code = "timeout"


def _problem_member(name: str) -> property:
    """One optional member of the problem body, read-only: its value, or None where the body has none."""
    return property(lambda error: error.problem.get(name), doc=f"The problem's `{name}` member, or None.")


class ApiStatusError(ApiError):
    """The service answered with an error status; `problem` holds the RFC 9457 body."""

    def __init__(
        self,
        status: int,
        problem: dict[str, Any],
        *,
        request_id: str | None = None,
        retry_after: float | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.status = status
        self.problem = problem
        self.code = str(problem.get("code") or _code_for_status(status))
        self.title = problem.get("title") or _phrase(status)
        self.detail = str(problem.get("detail") or self.title)
        self.recovery = problem.get("recovery")
        self.request_id = problem.get("request_id") or request_id
        self.retry_after = retry_after if retry_after is not None else _number(problem.get("retry_after"))
        self.errors = list(problem.get("errors") or [])
        self.zips_unknown = list(problem.get("zips_unknown") or [])
        self.headers = headers or {}
        super().__init__(str(self))

    # The Data API's `market_required` names the markets the id lives in (when it does).
    markets = _problem_member("markets")
    # Marketplace extra members (marketplace-api.md, Errors).
    scope = _problem_member("scope")
    agreement_id = _problem_member("agreement_id")
    role = _problem_member("role")
    designation = _problem_member("designation")
    verification_url = _problem_member("verification_url")
    deal_id = _problem_member("deal_id")
    open_offer_id = _problem_member("open_offer_id")

    @property
    def required_roles(self) -> list[str]:
        return list(self.problem.get("required_roles") or [])

    @property
    def agreement(self) -> dict[str, Any] | None:
        """`agreement_required`'s `{id, url}`."""
        agreement = self.problem.get("agreement")
        return dict(agreement) if isinstance(agreement, dict) else None

    @property
    def inquiry_type(self) -> str | None:
        """`duplicate_inquiry`'s type (`inquiry`, `address_request`): the sandbox's `inquiry_type`
        (docs/contract.md), else a `type` that is not the problem's URI, else a nested one."""
        named = self.problem.get("inquiry_type")
        plain = self.problem.get("type")
        nested = self.problem.get("inquiry")
        if named:
            return str(named)
        if plain in ("inquiry", "address_request"):
            return str(plain)
        return str(nested.get("type")) if isinstance(nested, dict) and nested.get("type") else None
    parameter = _problem_member("parameter")
    bucket = _problem_member("bucket")

    @property
    def unknown_parameters(self) -> list[str]:
        return list(self.problem.get("unknown_parameters") or [])

    def __str__(self) -> str:
        text = f"{self.status} {self.code}: {self.detail}"
        if self.retry_after is not None:
            text += f" (retry after {self.retry_after:g} s)"
        if self.request_id:
            text += f" [request {self.request_id}]"
        return text

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status}, code={self.code!r}, request_id={self.request_id!r})"


class BadRequestError(ApiStatusError):
    pass


class InvalidCursorError(BadRequestError):
    """The cursor no longer matches the query or the data version: restart at page 1."""


class ValidationError(BadRequestError):
    """`errors[]` names each parameter (`param`, `message`, `code`)."""


class AuthenticationError(ApiStatusError):
    pass


class PaymentRequiredError(ApiStatusError):
    pass


class InsufficientBalanceError(PaymentRequiredError):
    """The organization's credits are too low to publish the draft."""

    balance = _problem_member("balance")
    publish_cost = _problem_member("publish_cost")


class PermissionDeniedError(ApiStatusError):
    pass


class InsufficientRoleError(PermissionDeniedError):
    """A member on an owner-or-admin operation: `required_roles` say who may."""


class QuotaExceededError(PermissionDeniedError):
    """The month's credits are used up; free reads still work."""


class NotFoundError(ApiStatusError):
    pass


class ConflictError(ApiStatusError):
    pass


class AgreementRequiredError(ConflictError):
    """An address request needs `accept_agreement: {id}`; `.agreement` is `{id, url}`."""


class ResourceLimitError(ConflictError):
    """A limit of the document is reached (five buy boxes)."""


class GoneError(ApiStatusError):
    """A retired id (data-api.md, Conventions: Old ids)."""

    @property
    def superseded_by(self) -> str | None:
        return self.problem.get("superseded_by")


class UnprocessableError(ApiStatusError):
    pass


class OutsideCoverageError(UnprocessableError):
    """A place no served market covers; `zips_unknown` names the ZIPs."""


class DealIncompleteError(UnprocessableError):
    """The draft lacks what a deal needs; `.missing` names it (the sandbox's member)."""

    @property
    def missing(self) -> list[str]:
        return list(self.problem.get("missing") or [])


class RateLimitError(ApiStatusError):
    pass


class DuplicateInquiryError(RateLimitError):
    """One inquiry per type per deal per 24 hours; `.retry_after` is the wait (86400)."""


class ServerError(ApiStatusError):
    pass


class ServiceUnavailableError(ServerError):
    pass


class GatewayTimeoutError(ServerError):
    """`statement_timeout`: never retried identically (data-api.md, Limits 4)."""


CODE_CLASSES: dict[str, type[ApiStatusError]] = {
    "invalid_cursor": InvalidCursorError,
    "validation_error": ValidationError,
    "quota_exceeded": QuotaExceededError,
    "outside_coverage": OutsideCoverageError,
    "insufficient_balance": InsufficientBalanceError,
    "insufficient_role": InsufficientRoleError,
    "agreement_required": AgreementRequiredError,
    "resource_limit": ResourceLimitError,
    "deal_incomplete": DealIncompleteError,
    "duplicate_inquiry": DuplicateInquiryError,
}

STATUS_CLASSES: dict[int, type[ApiStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    402: PaymentRequiredError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    410: GoneError,
    422: UnprocessableError,
    429: RateLimitError,
    503: ServiceUnavailableError,
    504: GatewayTimeoutError,
}


def error_class(status: int, code: str | None) -> type[ApiStatusError]:
    if code in CODE_CLASSES and CODE_CLASSES[code] in _classes_for_status(status):
        return CODE_CLASSES[code]
    if status in STATUS_CLASSES:
        return STATUS_CLASSES[status]
    if status >= 500:
        return ServerError
    return ApiStatusError


def parse_problem(status: int, content_type: str | None, body: bytes) -> dict[str, Any]:
    """The problem members of an error body; a non-problem body (a proxy's HTML) still gives one."""
    media_type = (content_type or "").split(";")[0].strip().lower()
    if media_type in PROBLEM_MEDIA_TYPES and body:
        try:
            parsed = json.loads(body)
        except ValueError:
            parsed = None
        if isinstance(parsed, dict):
            return parsed
    described = media_type or "no content type"
    return {
        "status": status,
        "code": _code_for_status(status),
        "title": _phrase(status),
        "detail": f"The service answered {status} {_phrase(status)} without a problem body ({described}); "
        "this usually comes from a proxy in front of the service",
    }


def error_from_response(
    status: int,
    content_type: str | None,
    body: bytes,
    headers: dict[str, str],
    *,
    now: float | None = None,
) -> ApiStatusError:
    """Build the error of the hierarchy for one error answer."""
    problem = parse_problem(status, content_type, body)
    code = problem.get("code")
    retry_after = parse_retry_after(headers.get(RETRY_AFTER_HEADER.lower()), now=now)
    cls = error_class(status, code)
    return cls(
        status,
        problem,
        request_id=headers.get(REQUEST_ID_HEADER.lower()),
        retry_after=retry_after,
        headers=headers,
    )


def _classes_for_status(status: int) -> tuple[type[ApiStatusError], ...]:
    base = STATUS_CLASSES.get(status, ServerError if status >= 500 else ApiStatusError)
    return tuple(cls for cls in CODE_CLASSES.values() if issubclass(cls, base))


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def _code_for_status(status: int) -> str:
    return _phrase(status).lower().replace(" ", "_").replace("-", "_")


def _number(value: Any) -> float | None:
    try:
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None
