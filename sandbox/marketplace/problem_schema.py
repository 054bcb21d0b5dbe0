"""The OpenAPI declaration of every problem a marketplace route can answer (marketplace-api.md, Errors).

Every status of the Errors table is declared on every route of `/marketplace/v1`: the
gateway's codes (`unauthorized`, `rate_limited`, `not_enabled`, `origin_*`) apply to all of
them, and the origin's refusals (ids, parameters, bodies, scopes, sides, states) to any route
that takes them. Each answers `application/problem+json` with the documented members.
"""

from __future__ import annotations

from typing import Any

from sandbox.core.problems import problem_schema

PROBLEM_SCHEMA: dict[str, Any] = problem_schema(
    ["type", "title", "status", "code", "detail", "recovery", "request_id"],
    {
        "recovery": {"type": "string"},
        "scope": {"type": "string"},
        "role": {"type": ["string", "null"]},
        "required_roles": {"type": "array", "items": {"type": "string"}},
        "designation": {"type": "string"},
        "agreement_id": {"type": "string"},
        "unknown_parameters": {"type": "array", "items": {"type": "string"}},
        "parameter": {"type": "string"},
        "verification_url": {"type": "string"},
        "agreement": {"type": "object", "properties": {"id": {"type": "string"}, "url": {"type": "string"}}},
        "organization": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}},
        "floor": {"type": "number"},
    },
)

_MEANING = {
    400: "invalid_id, invalid_parameter, invalid_body, unknown_parameter",
    401: "unauthorized (gateway)",
    402: "insufficient_balance",
    403: "forbidden, insufficient_scope, insufficient_role, no_organization, designation_required, terms_required, "
         "client_limit, api_offers_disabled, idv_required, not_a_member, not_enabled",
    404: "not_found (also another account's resource)",
    405: "method_not_allowed (with Allow)",
    409: "conflicts of state and idempotency (deal_closed, offer_exists, idempotency_in_progress, ...)",
    415: "invalid_body: a body that is not application/json",
    422: "validation_failed, preview_expired, requirement_unmet, invalid_transition, ...",
    429: "cap_reached, daily_cap_reached, duplicate_inquiry, rate_limited (with Retry-After)",
    503: "origin_error, origin_unconfigured (gateway)",
}


def problem_responses() -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` of one marketplace route: each documented status as a problem."""
    return {
        status: {"description": f"Problem: {meaning}", "content": {"application/problem+json": {"schema": PROBLEM_SCHEMA}}}
        for status, meaning in _MEANING.items()
    }
