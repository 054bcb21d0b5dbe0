"""What every marketplace answer looks like: the `{data, meta}` envelope, timestamps, cursors
(marketplace-api.md, Resources: envelope; lists add `page`)."""

from __future__ import annotations

import base64
import hashlib
import json
from datetime import datetime, timezone
from typing import Any, Protocol, Sequence

from fastapi import Request
from fastapi.responses import JSONResponse

from sandbox.core.problems import MARKETPLACE_API_VERSION, Problem, request_id

# Contract version, in every `meta.api_version` and in `GET /me` (marketplace-api.md, Versioning 2).
API_VERSION = MARKETPLACE_API_VERSION
DEFAULT_LIMIT = 25
MAX_LIMIT = 100  # marketplace-api.md, Limits: `GET /sell/offers` limit 1-100


class Paging(Protocol):
    cursor: str | None
    limit: int


def timestamp(value: datetime | None) -> str | None:
    if value is None:
        return None
    return value.astimezone(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def parse_utc(value: str) -> datetime:
    """A UTC timestamp ending `Z` (marketplace-api.md, Endpoints: changed-after filter); ValueError otherwise."""
    if not value.endswith("Z"):
        raise ValueError(f"{value!r} does not end in Z")
    return datetime.fromisoformat(value[:-1] + "+00:00")


def meta(request: Request) -> dict[str, str]:
    return {"request_id": request_id(request), "api_version": API_VERSION}


def envelope(request: Request, data: Any, *, status: int = 200, page: dict | None = None) -> JSONResponse:
    body: dict[str, Any] = {"data": data, "meta": meta(request)}
    if page is not None:
        body["page"] = page
    return JSONResponse(body, status_code=status)


def _query_signature(principal: str, request: Request) -> str:
    query = sorted((k, v) for k, v in request.query_params.multi_items() if k not in ("cursor", "limit"))
    return hashlib.sha256(json.dumps([principal, request.url.path, query]).encode()).hexdigest()[:16]


def page_of(request: Request, principal: str, rows: Sequence[Any], page: Paging) -> tuple[list[Any], dict]:
    """One page of `rows` by the query's `cursor` and `limit` (checked by `params.PageQuery`).

    Cursors are opaque; one from another account or query answers `400 invalid_parameter`
    (marketplace-api.md, Errors).
    """
    limit, cursor = page.limit, page.cursor
    signature = _query_signature(principal, request)
    offset = 0
    if cursor:
        try:
            decoded = json.loads(base64.urlsafe_b64decode(cursor.encode() + b"==="))
            offset, owner = int(decoded["o"]), decoded["s"]
        except (ValueError, KeyError, TypeError):
            owner = None
        if owner != signature or offset < 0:
            raise Problem(
                400, "invalid_parameter", "The cursor belongs to another account or another query.",
                recovery="Start again without a cursor, then follow page.next_cursor of the same query.",
                parameter="cursor",
            )
    items = list(rows[offset:offset + limit])
    following = offset + limit
    next_cursor = None
    if following < len(rows):
        next_cursor = base64.urlsafe_b64encode(json.dumps({"o": following, "s": signature}).encode()).decode().rstrip("=")
    return items, {"next_cursor": next_cursor, "limit": limit, "returned": len(items)}
