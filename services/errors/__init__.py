"""One hierarchy of errors for both APIs, keyed by the documents' `code`.

```
ApiError (.field_errors: `errors[]` as FieldError items)
├── InvalidInputError (also ValueError)      refused before any request is spent
├── UnexpectedResponseError                  a success whose body does not have the documented shape
├── ApiConnectionError ── ApiTimeoutError
└── ApiStatusError (.status .code .detail .problem .request_id .retry_after .errors
    │               .zips_unknown .recovery)
    ├── BadRequestError 400 ─ InvalidCursorError, ValidationError
    ├── AuthenticationError 401
    ├── PaymentRequiredError 402 ─ InsufficientBalanceError (.balance .publish_cost, optional)
    ├── PermissionDeniedError 403 ─ QuotaExceededError, InsufficientRoleError (.role .required_roles),
    │       ForbiddenError, IdentityVerificationRequiredError (.verification_url),
    │       NotAMemberError (.organization), NotEnabledError
    ├── NotFoundError 404
    ├── ConflictError 409 ─ AgreementRequiredError (.agreement), DealChangedError (.terms), ResourceLimitError,
    │       DraftUnderReviewError, OfferRequiredError, OrganizationRequiredError (.organization), PersonExistsError
    ├── GoneError 410 (.superseded_by)
    ├── UnprocessableError 422 ─ OutsideCoverageError, DealIncompleteError (.missing), BelowFloorError (.floor),
    │       RequirementUnmetError (.min_emd)
    ├── RateLimitError 429 ─ DuplicateInquiryError (.deal_id .inquiry_type), RateLimitedError,
    │       CapReachedError (.action .resets_at)
    └── ServerError 5xx ─ ServiceUnavailableError 503 ─ OriginUnconfiguredError; GatewayTimeoutError 504
```

Every status error also reads the marketplace's extra members (marketplace-api.md, Errors):
`.scope`, `.role`, `.required_roles`, `.designation`, `.agreement_id`, `.verification_url`,
`.unknown_parameters`, `.agreement`, `.parameter`, `.deal_id`, `.inquiry_type`, `.open_offer_id`.
The marketplace's own classes live in `services.errors.marketplace`; the shared ones in
`services.errors.base`; both are importable from here.

Switch on `code` (data-api.md, Errors), not on `detail`. `str(error)` carries the code,
the detail and the request id; it never carries a credential (the transport redacts).
"""

from __future__ import annotations

import json
from typing import Any

from services.contract import REQUEST_ID_HEADER, RETRY_AFTER_HEADER
from services.errors.base import (
    ApiConnectionError, ApiError, ApiStatusError, ApiTimeoutError, AuthenticationError, BadRequestError,
    ConflictError, FieldError, GatewayTimeoutError, GoneError, InvalidCursorError, InvalidInputError, NotFoundError,
    OutsideCoverageError, PaymentRequiredError, PermissionDeniedError, QuotaExceededError, RateLimitError,
    ServerError, ServiceUnavailableError, UnexpectedResponseError, UnprocessableError, ValidationError,
    code_for_status, phrase,
)
from services.errors.marketplace import (
    MARKETPLACE_CODE_CLASSES, AgreementRequiredError, BelowFloorError, CapReachedError, DealChangedError,
    DealIncompleteError, DraftUnderReviewError, RequirementUnmetError,
    DuplicateInquiryError, ForbiddenError, IdentityVerificationRequiredError, InsufficientBalanceError,
    InsufficientRoleError, NotAMemberError, NotEnabledError, OfferRequiredError, OrganizationRequiredError,
    OriginUnconfiguredError, PersonExistsError, RateLimitedError, ResourceLimitError,
)
from services.retry_after import parse_retry_after

PROBLEM_MEDIA_TYPES = ("application/problem+json", "application/json")

CODE_CLASSES: dict[str, type[ApiStatusError]] = {
    "invalid_cursor": InvalidCursorError,
    "validation_error": ValidationError,
    "quota_exceeded": QuotaExceededError,
    "outside_coverage": OutsideCoverageError,
    **MARKETPLACE_CODE_CLASSES,
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
        "code": code_for_status(status),
        "title": phrase(status),
        "detail": f"The service answered {status} {phrase(status)} without a problem body ({described}); "
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


__all__ = [
    "AgreementRequiredError", "ApiConnectionError", "ApiError", "ApiStatusError", "ApiTimeoutError",
    "AuthenticationError", "BadRequestError", "BelowFloorError", "CODE_CLASSES", "CapReachedError",
    "ConflictError", "DealChangedError", "DealIncompleteError", "DraftUnderReviewError",
    "DuplicateInquiryError", "FieldError", "ForbiddenError", "GatewayTimeoutError", "GoneError",
    "IdentityVerificationRequiredError", "InsufficientBalanceError", "InsufficientRoleError",
    "InvalidCursorError", "InvalidInputError", "NotAMemberError", "NotEnabledError", "NotFoundError",
    "OfferRequiredError", "OrganizationRequiredError", "OriginUnconfiguredError", "OutsideCoverageError",
    "PaymentRequiredError", "PermissionDeniedError", "PersonExistsError", "QuotaExceededError",
    "RateLimitError", "RateLimitedError", "RequirementUnmetError", "ResourceLimitError", "STATUS_CLASSES",
    "ServerError", "ServiceUnavailableError", "UnexpectedResponseError", "UnprocessableError",
    "ValidationError", "error_class", "error_from_response", "parse_problem",
]
