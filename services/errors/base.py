"""The error classes every answer of both APIs maps to, by status (`services.errors` draws the
tree and maps a problem's `code` to its class; `services.errors.marketplace` holds the
marketplace's own refusals)."""

from __future__ import annotations

from dataclasses import dataclass
from http import HTTPStatus
from typing import Any


@dataclass(frozen=True)
class FieldError:
    """One `errors[]` item (data-api.md and marketplace-api.md, Errors): the parameter refused and
    the service's words for it, each None where the item does not say it."""

    param: str | None = None
    message: str | None = None
    code: str | None = None

    @classmethod
    def of(cls, item: dict[str, Any]) -> "FieldError":
        param, message, code = (item.get(name) for name in ("param", "message", "code"))
        return cls(*(str(value) if value is not None else None for value in (param, message, code)))


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

    @property
    def field_errors(self) -> list[FieldError]:
        """`errors` as typed items (one that is no object is left out)."""
        return [FieldError.of(item) for item in self.errors if isinstance(item, dict)]


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


def problem_member(name: str) -> property:
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
        self.code = str(problem.get("code") or code_for_status(status))
        self.title = problem.get("title") or phrase(status)
        self.detail = str(problem.get("detail") or self.title)
        self.recovery = problem.get("recovery")
        self.request_id = problem.get("request_id") or request_id
        self.retry_after = retry_after if retry_after is not None else number(problem.get("retry_after"))
        self.errors = list(problem.get("errors") or [])
        self.zips_unknown = list(problem.get("zips_unknown") or [])
        self.headers = headers or {}
        super().__init__(str(self))

    # The Data API's `market_required` names the markets the id lives in (when it does).
    markets = problem_member("markets")
    # Marketplace extra members (marketplace-api.md, Errors).
    scope = problem_member("scope")
    agreement_id = problem_member("agreement_id")
    role = problem_member("role")
    designation = problem_member("designation")
    verification_url = problem_member("verification_url")
    deal_id = problem_member("deal_id")
    open_offer_id = problem_member("open_offer_id")

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
    parameter = problem_member("parameter")
    bucket = problem_member("bucket")

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


class PermissionDeniedError(ApiStatusError):
    pass


class QuotaExceededError(PermissionDeniedError):
    """The month's credits are used up; free reads still work."""


class NotFoundError(ApiStatusError):
    pass


class ConflictError(ApiStatusError):
    pass


class GoneError(ApiStatusError):
    """A retired id (data-api.md, Conventions: Old ids)."""

    @property
    def superseded_by(self) -> str | None:
        return self.problem.get("superseded_by")


class UnprocessableError(ApiStatusError):
    pass


class OutsideCoverageError(UnprocessableError):
    """A place no served market covers; `zips_unknown` names the ZIPs."""


class RateLimitError(ApiStatusError):
    pass


class ServerError(ApiStatusError):
    pass


class ServiceUnavailableError(ServerError):
    pass


class GatewayTimeoutError(ServerError):
    """`statement_timeout`: never retried identically (data-api.md, Limits 4)."""


def phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def code_for_status(status: int) -> str:
    return phrase(status).lower().replace(" ", "_").replace("-", "_")


def number(value: Any) -> float | None:
    try:
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None
