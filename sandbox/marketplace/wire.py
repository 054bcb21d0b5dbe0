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
from sandbox.marketplace import variety

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


def varied(request: Request) -> bool:
    """The `--variety` profile (sandbox/marketplace/variety.py)."""
    runtime = getattr(request.app.state, "marketplace", None)
    return bool(runtime and runtime.context.config.variety)


def body_of(request: Request, data: Any, *, page: dict | None = None, whole_list: bool = False) -> dict[str, Any]:
    """`{data, meta}` (and `page` for a list; `whole_list`: every row in one page), as `--variety` serves it."""
    if whole_list:
        page = {"next_cursor": None, "limit": max(1, len(data)), "returned": len(data)}
    body: dict[str, Any] = {"data": data, "meta": meta(request)}
    if page is not None:
        body["page"] = page
    if not varied(request):
        return body
    body["data"] = variety.rows(data) if page is not None else variety.record(data)
    body["meta"] = variety.record(body["meta"])
    if page is not None:
        body["page"] = variety.record(page)
    return variety.record(body)


def envelope(request: Request, data: Any, *, status: int = 200, page: dict | None = None) -> JSONResponse:
    return JSONResponse(body_of(request, data, page=page), status_code=status)


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
    # `--variety`: a page with rows after it is short (a short page is not the end).
    served = variety.served_count(limit) if varied(request) and offset + limit < len(rows) else limit
    items = list(rows[offset:offset + served])
    following = offset + served
    next_cursor = None
    if following < len(rows):
        next_cursor = base64.urlsafe_b64encode(json.dumps({"o": following, "s": signature}).encode()).decode().rstrip("=")
    return items, {"next_cursor": next_cursor, "limit": limit, "returned": len(items)}
