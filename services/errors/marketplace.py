"""The Marketplace API's own refusals, each with its members (marketplace-api.md, Errors: the
codes of lines 168-179 and the extra members of line 164). Members the document lists are read as
given; every other member a problem may carry (`balance`, `publish_cost`, `missing`, `floor`,
`organization`: the sandbox's, docs/contract.md) is optional and None where a host sends none."""

from __future__ import annotations

from typing import Any

from services.errors.base import (
    ConflictError, PaymentRequiredError, PermissionDeniedError, RateLimitError, ServiceUnavailableError,
    UnprocessableError, number, problem_member,
)


class InsufficientBalanceError(PaymentRequiredError):
    """`402`: the organization's credits are too low to publish the draft (Errors, line 170). The
    amounts are the sandbox's members, None where a host does not say them."""

    @property
    def balance(self) -> float | None:
        return number(self.problem.get("balance"))

    @property
    def publish_cost(self) -> float | None:
        return number(self.problem.get("publish_cost"))


class ForbiddenError(PermissionDeniedError):
    """`403 forbidden`: a stopped account, client or organization (Authentication 6)."""


class InsufficientRoleError(PermissionDeniedError):
    """A member on an owner-or-admin operation: `required_roles` say who may."""


class IdentityVerificationRequiredError(PermissionDeniedError):
    """`403 idv_required`: the person verifies their identity at `verification_url` first."""


class NotAMemberError(PermissionDeniedError):
    """`403 not_a_member`: the caller is not a member of the organization it acts for; `.organization`
    (`{id, name}`, the sandbox's member) names it where the host says it."""

    organization = property(lambda error: _organization(error.problem))
    organization_name = property(lambda error: _organization_name(error.problem))


class NotEnabledError(PermissionDeniedError):
    """`403 not_enabled` (gateway): the marketplace's release flag is off for the account."""


class AgreementRequiredError(ConflictError):
    """An address request needs `accept_agreement: {id}`; `.agreement` is `{id, url}`."""


class ResourceLimitError(ConflictError):
    """A limit of the document is reached (five buy boxes)."""


class DealChangedError(ConflictError):
    """`409 deal_changed`: the deal's terms changed since the preview; the body "carries current
    terms" (Errors, line 164), as `terms` on the sandbox (docs/contract.md): `{}` where a host names
    them otherwise."""

    @property
    def terms(self) -> dict[str, Any]:
        terms = self.problem.get("terms")
        return dict(terms) if isinstance(terms, dict) else {}


class DraftUnderReviewError(ConflictError):
    """`409 draft_under_review`: any route under the draft, reads included, while its review runs."""


class OfferRequiredError(ConflictError):
    """`409 offer_required`: the action needs an offer of the caller's on the deal first."""


class OrganizationRequiredError(ConflictError):
    """`409 organization_required`: the action needs the caller to act for an organization;
    `.organization` names one to join where the host says it."""

    organization = property(lambda error: _organization(error.problem))
    organization_name = property(lambda error: _organization_name(error.problem))


class PersonExistsError(ConflictError):
    """`409 person_exists`: the person already has a marketplace account."""


class DealIncompleteError(UnprocessableError):
    """The draft lacks what a deal needs; `.missing` names it (the sandbox's member)."""

    @property
    def missing(self) -> list[str]:
        missing = self.problem.get("missing")
        return [str(name) for name in missing] if isinstance(missing, list) else []


class BelowFloorError(UnprocessableError):
    """`422 below_floor`: the amount is under the seller's floor; `.floor` (the sandbox's member) is
    the lowest amount taken, None where the host does not say it."""

    floor = property(lambda error: number(error.problem.get("floor")))


class RequirementUnmetError(UnprocessableError):
    """`422 requirement_unmet`: the offer asks less than the deal requires; `.min_emd` (the sandbox's
    member) is the deal's minimum deposit, None where the host does not say it."""

    min_emd = property(lambda error: number(error.problem.get("min_emd")))


class CapReachedError(RateLimitError):
    """`429 cap_reached` / `daily_cap_reached`: a cap of `GET /me` `caps` is used up; `.action` and
    `.resets_at` (the sandbox's members) name the cap and when it resets, None where not said;
    `Retry-After` says the wait either way."""

    action = problem_member("action")
    resets_at = problem_member("resets_at")


class DuplicateInquiryError(RateLimitError):
    """One inquiry per type per deal per 24 hours; `.retry_after` is the wait (86400)."""


class RateLimitedError(RateLimitError):
    """`429 rate_limited` (the marketplace's gateway; the Data API's per-key limit): wait `Retry-After`."""


class OriginUnconfiguredError(ServiceUnavailableError):
    """`503 origin_unconfigured` (gateway): the marketplace behind the gateway is not set up."""


def _organization(problem: dict[str, Any]) -> dict[str, Any] | None:
    organization = problem.get("organization")
    return dict(organization) if isinstance(organization, dict) else None


def _organization_name(problem: dict[str, Any]) -> str | None:
    name = (_organization(problem) or {}).get("name")
    return name if isinstance(name, str) and name else None


MARKETPLACE_CODE_CLASSES = {
    "insufficient_balance": InsufficientBalanceError,
    "forbidden": ForbiddenError,
    "insufficient_role": InsufficientRoleError,
    "idv_required": IdentityVerificationRequiredError,
    "not_a_member": NotAMemberError,
    "not_enabled": NotEnabledError,
    "agreement_required": AgreementRequiredError,
    "deal_changed": DealChangedError,
    "resource_limit": ResourceLimitError,
    "draft_under_review": DraftUnderReviewError,
    "offer_required": OfferRequiredError,
    "organization_required": OrganizationRequiredError,
    "person_exists": PersonExistsError,
    "deal_incomplete": DealIncompleteError,
    "below_floor": BelowFloorError,
    "requirement_unmet": RequirementUnmetError,
    "cap_reached": CapReachedError,
    "daily_cap_reached": CapReachedError,
    "duplicate_inquiry": DuplicateInquiryError,
    "rate_limited": RateLimitedError,
    "origin_unconfigured": OriginUnconfiguredError,
}

__all__ = [*dict.fromkeys(cls.__name__ for cls in MARKETPLACE_CODE_CLASSES.values()), "MARKETPLACE_CODE_CLASSES"]
