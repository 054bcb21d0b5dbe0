"""What the data routers share: problem responses for `/openapi.json`, and id resolution."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sandbox.core.problems import Problem, problem_schema
from sandbox.data_api.db import Database
from sandbox.data_api.gate import Caller
from sandbox.data_api.ids import check_prefixed

_PROBLEM_SCHEMA = problem_schema(
    ["type", "title", "status", "code", "detail", "instance", "request_id"],
    {
        "errors": {"type": "array", "items": {"type": "object", "properties": {
            "param": {"type": "string"}, "message": {"type": "string"}, "code": {"type": "string"}}}},
        "retry_after": {"type": "integer"},
        "bucket": {"type": "string"},
        "zips_unknown": {"type": "array", "items": {"type": "string"}},
    },
)

_CODES = {
    400: "validation_error, unknown_parameter, invalid_cursor, geometry_required, geometry_conflict, "
         "sort_requires_point, invalid_id, market_required, on_behalf_of_required",
    401: "unauthorized",
    403: "quota_exceeded, subscription_required, payment_overdue",
    404: "not_found",
    406: "not_acceptable",
    410: "gone",
    422: "outside_coverage, csv_cap_exceeded, agents_unavailable, listings_unavailable, lenders_unavailable, "
         "wholesale_unavailable",
    429: "rate_limited (Retry-After header, retry_after, bucket)",
    500: "internal_error",
    503: "pool_saturated (Retry-After: 1)",
    504: "statement_timeout",
}


ENVELOPE_SCHEMA = {
    "type": "object",
    "required": ["data", "meta"],
    "properties": {
        "data": {},
        "meta": {"type": "object", "required": ["generated_at", "coverage", "terms", "build"]},
        "page": {"type": "object", "required": ["next_cursor", "limit", "returned"],
                 "properties": {"next_cursor": {"type": ["string", "null"]}, "limit": {"type": "integer"},
                                "returned": {"type": "integer"}, "capped": {"type": "boolean"}}},
    },
}


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses`: the envelope on 200, and the problems a route can answer (gateway codes apply to all)."""
    gateway = (401, 403, 406, 429, 500, 503, 504)
    responses: dict[int | str, dict[str, Any]] = {
        200: {"description": "The envelope (data-api.md, Envelope)",
              "content": {"application/json": {"schema": ENVELOPE_SCHEMA}}},
    }
    for status in sorted({400, *gateway, *statuses}):
        responses[status] = {"description": f"Problem: {_CODES[status]}",
                             "content": {"application/problem+json": {"schema": _PROBLEM_SCHEMA}}}
    return responses


def resolve(db: Database, entity: str, requested: str, exists: Callable[[str], bool]) -> tuple[str, list[str]]:
    """Follow an old registry id to the current record (data-api.md, Conventions "Old ids").

    Returns (current id, ids resolved from); a retired id answers `410 gone`, an unknown one `404`.
    """
    if exists(requested):
        return requested, []
    current = db.resolve_old_id(entity, requested)
    if current is not None and exists(current):
        return current, [requested]
    if db.is_retired(entity, requested):
        extras = {"superseded_by": None} if entity == "agent" else {}
        raise Problem(410, "gone", f"The {entity} {requested} was retired by a registry run and has no successor.",
                      **extras)
    raise Problem(404, "not_found", f"No {entity} {requested}. Check the id, or look it up by name with the search route.")


def resolve_row(db: Database, entity: str, requested: str,
                load: Callable[[str], dict[str, Any] | None]) -> tuple[dict[str, Any], list[str]]:
    """`resolve` that keeps what `load` found: (the current record, ids resolved from), read once."""
    found: dict[str, dict[str, Any]] = {}

    def exists(candidate: str) -> bool:
        row = load(candidate)
        if row is not None:
            found[candidate] = row
        return row is not None

    current, resolved_from = resolve(db, entity, requested, exists)
    return found[current], resolved_from


@dataclass(frozen=True)
class Registry:
    """A registry's ids (`inv_`, `len_` + 12 hex): checked, old ones followed, retired 410, unknown 404."""

    entity: str
    prefix: str
    read: Callable[[Database, str], dict[str, Any] | None]
    # Whether an id is in the registry without reading its record: a lender's record sums its loans,
    # and every route under /v1/lenders/{id} checked its id by reading it (10 ms of a core a request).
    known: Callable[[Database, str], bool] | None = None

    def record(self, caller: Caller, requested: str) -> tuple[dict[str, Any], list[str]]:
        """(the current record, the old ids followed to it)."""
        db = caller.runtime.db
        check_prefixed(requested, self.prefix, 12, f"{self.entity}_id")
        return resolve_row(db, self.entity, requested, lambda candidate: self.read(db, candidate))

    def current(self, caller: Caller, requested: str) -> tuple[str, list[str]]:
        """(the current id, the old ids followed to it)."""
        if self.known is None:
            row, resolved_from = self.record(caller, requested)
            return row[f"{self.entity}_id"], resolved_from
        db, known = caller.runtime.db, self.known
        check_prefixed(requested, self.prefix, 12, f"{self.entity}_id")
        return resolve(db, self.entity, requested, lambda candidate: known(db, candidate))
