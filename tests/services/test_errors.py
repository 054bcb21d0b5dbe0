"""Problem parsing and the error tree: RFC 9457 bodies, and bodies that are not problems."""

from __future__ import annotations

import json

import pytest

from services import errors as e

PROBLEM = "application/problem+json"


def problem(status: int, code: str, **extra) -> bytes:
    body = {"type": f"https://host/errors#{code}", "title": "T", "status": status, "code": code,
            "detail": f"detail of {code}", "instance": "/v1/x", "request_id": "req_body", **extra}
    return json.dumps(body).encode()


@pytest.mark.parametrize(
    ("status", "code", "cls"),
    [
        pytest.param(400, "invalid_cursor", e.InvalidCursorError, id="invalid-cursor"),
        pytest.param(400, "validation_error", e.ValidationError, id="validation"),
        pytest.param(400, "sort_requires_point", e.BadRequestError, id="other-400"),
        pytest.param(401, "unauthorized", e.AuthenticationError, id="401"),
        pytest.param(403, "quota_exceeded", e.QuotaExceededError, id="quota"),
        pytest.param(403, "subscription_required", e.PermissionDeniedError, id="subscription"),
        pytest.param(404, "not_found", e.NotFoundError, id="404"),
        pytest.param(409, "offer_exists", e.ConflictError, id="409"),
        pytest.param(410, "gone", e.GoneError, id="410"),
        pytest.param(422, "outside_coverage", e.OutsideCoverageError, id="outside-coverage"),
        pytest.param(422, "csv_cap_exceeded", e.UnprocessableError, id="other-422"),
        pytest.param(429, "rate_limited", e.RateLimitedError, id="429"),
        pytest.param(500, "internal_error", e.ServerError, id="500"),
        pytest.param(503, "pool_saturated", e.ServiceUnavailableError, id="503"),
        pytest.param(504, "statement_timeout", e.GatewayTimeoutError, id="504"),
        pytest.param(406, "not_acceptable", e.ApiStatusError, id="unmapped-status"),
        pytest.param(400, "quota_exceeded", e.BadRequestError, id="code-under-wrong-status"),
    ],
)
def test_class_follows_code_then_status(status: int, code: str, cls: type) -> None:
    error = e.error_from_response(status, PROBLEM, problem(status, code), {})
    assert type(error) is cls
    assert error.status == status and error.code == code
    assert isinstance(error, e.ApiError)


@pytest.mark.parametrize(
    ("body", "headers", "attribute", "expected"),
    [
        pytest.param(problem(429, "rate_limited", retry_after=30, bucket="key"), {"retry-after": "12"},
                     "retry_after", 12.0, id="header-retry-after-wins"),
        pytest.param(problem(429, "rate_limited", retry_after=30), {}, "retry_after", 30.0, id="body-retry-after"),
        pytest.param(problem(400, "validation_error", errors=[{"param": "limit", "message": "too big", "code": "too_big"}]),
                     {}, "errors", [{"param": "limit", "message": "too big", "code": "too_big"}], id="errors"),
        pytest.param(problem(422, "outside_coverage", zips_unknown=["99999"]), {}, "zips_unknown", ["99999"], id="zips"),
        pytest.param(problem(403, "insufficient_scope", scope="offers:write", recovery="Log in again."), {},
                     "scope", "offers:write", id="marketplace-scope"),
        pytest.param(problem(403, "terms_required", agreement_id="agr_1"), {}, "agreement_id", "agr_1", id="agreement"),
        pytest.param(problem(400, "unknown_parameter", unknown_parameters=["x"]), {}, "unknown_parameters", ["x"],
                     id="unknown-parameters"),
        pytest.param(problem(400, "invalid_parameter", parameter="limit"), {}, "parameter", "limit", id="parameter"),
        pytest.param(problem(410, "gone", superseded_by=None), {}, "superseded_by", None, id="superseded-by"),
        pytest.param(problem(404, "not_found"), {"x-request-id": "req_header"}, "request_id", "req_body",
                     id="body-request-id"),
    ],
)
def test_problem_members(body: bytes, headers: dict, attribute: str, expected) -> None:
    error = e.error_from_response(json.loads(body)["status"], PROBLEM, body, headers)
    assert getattr(error, attribute) == expected


@pytest.mark.parametrize(
    ("status", "content_type", "body", "code"),
    [
        pytest.param(502, "text/html", b"<html><body>Bad gateway</body></html>", "bad_gateway", id="html-502"),
        pytest.param(503, None, b"", "service_unavailable", id="empty-503"),
        pytest.param(500, PROBLEM, b"{not json", "internal_server_error", id="broken-json"),
        pytest.param(504, "application/json", b"[1, 2]", "gateway_timeout", id="json-not-object"),
    ],
)
def test_non_problem_body_still_gives_a_clear_error(status: int, content_type, body: bytes, code: str) -> None:
    error = e.error_from_response(status, content_type, body, {"x-request-id": "req_proxy"})
    assert error.status == status and error.code == code
    assert isinstance(error, e.ServerError)
    assert "without a problem body" in error.detail
    assert "req_proxy" in str(error)


def test_str_carries_code_detail_and_request_id() -> None:
    error = e.error_from_response(429, PROBLEM, problem(429, "rate_limited"), {"retry-after": "40"})
    assert str(error) == "429 rate_limited: detail of rate_limited (retry after 40 s) [request req_body]"


def test_invalid_input_error_is_a_value_error_with_advice() -> None:
    error = e.InvalidInputError("radius_miles", "at most 20 miles")
    assert isinstance(error, ValueError) and isinstance(error, e.ApiError)
    assert error.errors[0]["param"] == "radius_miles"
    assert "radius_miles" in error.recovery


@pytest.mark.parametrize(
    "body",
    [
        pytest.param(b'{"data": [{"n_deals": 1}], "meta": {}}', id="missing-field"),
        pytest.param(b"<html>ok</html>", id="not-json"),
        pytest.param(b'{"meta": {}}', id="no-data"),
    ],
)
def test_a_body_of_the_wrong_shape_is_an_api_error(body: bytes) -> None:
    from services.data_api.cache import CachedResponse
    from services.data_api.client import _parsed
    from services.envelope import envelope_parser
    from services.data_api.models import Cell

    entry = CachedResponse(body=body, etag=None, dataset_version="1", headers={"x-request-id": "req_shape"})
    with pytest.raises(e.UnexpectedResponseError) as caught:
        _parsed(entry, "cells", envelope_parser(list[Cell]), "/v1/deals/cells")
    assert isinstance(caught.value, e.ApiError)
    assert "/v1/deals/cells" in str(caught.value) and "req_shape" in str(caught.value)
    assert caught.value.code == "unexpected_response" and caught.value.recovery
