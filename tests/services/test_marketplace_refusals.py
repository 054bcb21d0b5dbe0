"""Each refusal of marketplace-api.md's Errors table becomes its class with its extra members
(Errors: "Extra members"), from the problem body alone (no server needed: table-driven)."""

from __future__ import annotations

import json

import pytest

from services.errors import (
    AgreementRequiredError, BelowFloorError, ConflictError, DealIncompleteError, DraftUnderReviewError,
    DuplicateInquiryError, ForbiddenError, IdentityVerificationRequiredError, InsufficientBalanceError,
    InsufficientRoleError, NotAMemberError, NotEnabledError, OfferRequiredError, OrganizationRequiredError,
    OriginUnconfiguredError, PermissionDeniedError, PersonExistsError, RateLimitedError, ResourceLimitError,
    error_from_response,
)

PROBLEM = "application/problem+json"


def refusal(status: int, code: str, headers: dict | None = None, **members):
    body = json.dumps({"type": f"https://errors.test#{code}", "title": "t", "status": status, "code": code,
                       "detail": "d", "recovery": "r", "request_id": "req_1", **members}).encode()
    return error_from_response(status, PROBLEM, body, headers or {})


@pytest.mark.parametrize(
    ("status", "code", "members", "cls", "read"),
    [
        pytest.param(403, "insufficient_role", {"role": "member", "required_roles": ["owner", "admin"]},
                     InsufficientRoleError, lambda e: (e.role, e.required_roles) == ("member", ["owner", "admin"]), id="role"),
        pytest.param(403, "designation_required", {"designation": "seller"}, PermissionDeniedError,
                     lambda e: e.designation == "seller", id="designation"),
        pytest.param(403, "idv_required", {"verification_url": "https://verify.test/x"}, PermissionDeniedError,
                     lambda e: e.verification_url == "https://verify.test/x", id="verification_url"),
        pytest.param(403, "insufficient_scope", {"scope": "deals:write"}, PermissionDeniedError,
                     lambda e: e.scope == "deals:write", id="scope"),
        pytest.param(403, "terms_required", {"agreement_id": "agr_0123456789ab"}, PermissionDeniedError,
                     lambda e: e.agreement_id == "agr_0123456789ab", id="agreement_id"),
        pytest.param(409, "agreement_required", {"agreement": {"id": "agr_0123456789ab", "url": "https://a.test"}},
                     AgreementRequiredError, lambda e: e.agreement == {"id": "agr_0123456789ab", "url": "https://a.test"},
                     id="agreement"),
        pytest.param(409, "resource_limit", {}, ResourceLimitError, lambda e: e.status == 409, id="resource_limit"),
        pytest.param(409, "offer_exists", {"open_offer_id": "off_0123456789ab"}, ConflictError,
                     lambda e: e.open_offer_id == "off_0123456789ab", id="open round"),
        pytest.param(402, "insufficient_balance", {"balance": 3, "publish_cost": 25}, InsufficientBalanceError,
                     lambda e: (e.balance, e.publish_cost) == (3, 25), id="balance"),
        pytest.param(422, "deal_incomplete", {"missing": ["media"]}, DealIncompleteError,
                     lambda e: e.missing == ["media"], id="missing"),
        pytest.param(400, "unknown_parameter", {"unknown_parameters": ["cover"]}, Exception,
                     lambda e: e.unknown_parameters == ["cover"], id="unknown_parameters"),
        pytest.param(400, "invalid_parameter", {"parameter": "limit"}, Exception,
                     lambda e: e.parameter == "limit", id="parameter"),
        # The refusals issue 43 lists (Errors, lines 168-179), each its own class.
        pytest.param(403, "idv_required", {"verification_url": "https://verify.test/x"},
                     IdentityVerificationRequiredError, lambda e: e.verification_url == "https://verify.test/x",
                     id="idv_required"),
        pytest.param(422, "below_floor", {"floor": 122000}, BelowFloorError, lambda e: e.floor == 122000,
                     id="below_floor"),
        pytest.param(422, "below_floor", {}, BelowFloorError, lambda e: e.floor is None, id="below_floor, no amount"),
        pytest.param(409, "offer_required", {}, OfferRequiredError, lambda e: e.status == 409, id="offer_required"),
        pytest.param(409, "organization_required", {"organization": {"id": "org 1", "name": "Acme"}},
                     OrganizationRequiredError, lambda e: e.organization["name"] == "Acme", id="organization_required"),
        pytest.param(403, "not_a_member", {"organization": {"id": "o", "name": "Sandbox Wholesale Co"}},
                     NotAMemberError, lambda e: e.organization["name"] == "Sandbox Wholesale Co", id="not_a_member"),
        pytest.param(403, "not_a_member", {}, NotAMemberError, lambda e: e.organization is None,
                     id="not_a_member, unnamed"),
        pytest.param(409, "person_exists", {}, PersonExistsError, lambda e: e.status == 409, id="person_exists"),
        pytest.param(403, "forbidden", {}, ForbiddenError, lambda e: e.status == 403, id="forbidden"),
        pytest.param(403, "not_enabled", {}, NotEnabledError, lambda e: e.status == 403, id="not_enabled"),
        pytest.param(429, "rate_limited", {}, RateLimitedError, lambda e: e.status == 429, id="rate_limited"),
        pytest.param(503, "origin_unconfigured", {}, OriginUnconfiguredError, lambda e: e.status == 503,
                     id="origin_unconfigured"),
        pytest.param(409, "draft_under_review", {}, DraftUnderReviewError, lambda e: e.status == 409,
                     id="draft_under_review"),
        pytest.param(402, "insufficient_balance", {}, InsufficientBalanceError,
                     lambda e: (e.balance, e.publish_cost) == (None, None), id="balance not stated"),
        pytest.param(402, "insufficient_balance", {"balance": None, "publish_cost": "25 credits"},
                     InsufficientBalanceError, lambda e: (e.balance, e.publish_cost) == (None, None),
                     id="balance not a number"),
    ],
)
def test_a_refusal_is_its_class_with_its_members(status, code, members, cls, read):
    error = refusal(status, code, **members)
    assert isinstance(error, cls) and error.code == code and read(error)


@pytest.mark.parametrize(
    "members",
    [
        pytest.param({"deal_id": "mkd_0123456789ab", "inquiry_type": "address_request"}, id="the sandbox's member"),
        pytest.param({"deal_id": "mkd_0123456789ab", "inquiry": {"type": "address_request"}}, id="nested"),
    ],
)
def test_duplicate_inquiry_names_the_deal_and_type_and_waits_a_day(members):
    error = refusal(429, "duplicate_inquiry", headers={"retry-after": "86400"}, **members)
    assert isinstance(error, DuplicateInquiryError)
    assert (error.deal_id, error.inquiry_type, error.retry_after) == ("mkd_0123456789ab", "address_request", 86400)
