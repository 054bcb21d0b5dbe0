"""The response envelope and headers of every successful data response (data-api.md, Envelope, Endpoints).

`{data, meta}` (lists add `page`); headers `ETag`, `X-Request-Id`, `X-Rows`,
`X-Dataset-Version`, `X-Data-End`, and on charged routes `X-Credits-Charged` and
`X-Credits-Remaining`. `If-None-Match` naming the current ETag answers 304 and charges nothing.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from fastapi import Request, Response

from sandbox.core.problems import request_id
from sandbox.data_api import variety
from sandbox.data_api.coverage import coverage_entry
from sandbox.data_api.gate import Caller

TERMS = ("Derived from county deed records and public registries. Use is subject to the data terms at "
         "{terms_url}; cite the county recorder as the source.")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def build_states(caller: Caller) -> list[dict[str, Any]]:
    return [
        {"state": b.state, "build_id": b.build_id, "built_at": b.built_at, "published_at": b.published_at,
         "run_id": b.run_id}
        for b in caller.runtime.publishing.states()
    ]


def respond(
    request: Request,
    caller: Caller,
    data: Any,
    *,
    page: dict[str, Any] | None = None,
    markets: Sequence[str] = (),
    charge_ids: Sequence[str] | None = None,
    meta: dict[str, Any] | None = None,
    resolved_from: Sequence[str] = (),
    rows: int | None = None,
    data_json: str | None = None,
) -> Response:
    """Answer `data` in the envelope; `charge_ids` (on charged routes) are the deal, investor
    and property ids served, each costing 1 credit when new to the account. `data_json`, when
    given, is `data` already serialised (then `data` may be None and `rows` says how many).
    `resolved_from`: the old ids followed to the record served, shown in `meta` when there are any
    (data-api.md, Conventions "Old ids")."""
    if resolved_from:
        meta = {**(meta or {}), "resolved_from": list(resolved_from)}
    runtime = caller.runtime
    publishing = runtime.publishing
    version = publishing.dataset_version
    varied = runtime.context.config.variety
    data, page = (variety.rows(data) if data_json is None else data, variety.page(page)) if varied else (data, page)
    # Serialise the data once: it feeds both the ETag and the body.
    if data_json is None:
        data_json = _dumps(data)
    extra_json = _dumps([page, meta, version])
    etag = '"' + hashlib.sha256((data_json + extra_json).encode()).hexdigest()[:32] + '"'
    headers = {
        "ETag": etag,
        "X-Request-Id": request_id(request),
        "X-Dataset-Version": str(version),
        "X-Data-End": publishing.data_end,
    }
    if etag in [tag.strip() for tag in request.headers.get("if-none-match", "").split(",")]:
        return Response(status_code=304, headers=headers)
    if charge_ids is not None:
        charge = runtime.ledger.charge(caller.plan, list(charge_ids))
        headers["X-Credits-Charged"] = str(charge.charged)
        if charge.remaining is not None:
            headers["X-Credits-Remaining"] = str(charge.remaining)
    envelope_meta = {
        "generated_at": runtime.context.clock.now().isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "coverage": [coverage_entry(code, runtime.db, publishing) for code in markets],
        "terms": TERMS,
        "build": {"states": build_states(caller)},
        **(meta or {}),
    }
    if varied:
        envelope_meta = variety.meta(envelope_meta)
    content = '{"data":' + data_json + ',"meta":' + _dumps(envelope_meta)
    if varied:
        content += f',"{variety.EXTRA_FIELD}":' + _dumps(variety.EXTRA_VALUE)
    content += (',"page":' + _dumps(page) + "}") if page is not None else "}"
    headers["X-Rows"] = str(rows if rows is not None else (len(data) if isinstance(data, list) else 1))
    headers["Server-Timing"] = server_timing(request)
    return Response(content, media_type="application/json", headers=headers)


def server_timing(request: Request) -> str:
    """`Server-Timing: app;dur=<ms>` from the gate to the serialised answer (read by bench/sandbox_large.py)."""
    started = getattr(request.state, "started", None)
    elapsed = 0.0 if started is None else (time.perf_counter() - started) * 1000
    return f"app;dur={elapsed:.2f}"


def page_limit(requested: int | None, default: int, maximum: int) -> int:
    """data-api.md, Pagination: an over-large `limit` is lowered; `page.limit` reports the value used."""
    return default if requested is None else min(requested, maximum)


def keyset_page(
    request: Request,
    caller: Caller,
    fetch: Callable[[list[Any] | None, int], list[dict[str, Any]]],
    key_of: Callable[[dict[str, Any]], list[Any]],
    cursor: str | None,
    limit: int,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """One keyset page: the rows and the `page` block. `fetch(after, limit)` returns up to limit + 1 rows."""
    query_hash = caller.runtime.cursors.query_hash(request.url.path, list(request.query_params.multi_items()))
    return keyset_rows(caller, query_hash, cursor, limit, fetch, key_of)


def keyset_rows(
    caller: Caller,
    query_hash: str,
    cursor: str | None,
    limit: int,
    fetch: Callable[[list[Any] | None, int], list[dict[str, Any]]],
    key_of: Callable[[dict[str, Any]], list[Any]],
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """`keyset_page` for a query hashed by the route (the parcel search hashes its body).

    `--variety` (sandbox/data_api/variety.py): a lower largest page, short pages, and the first
    page a cursor opens served empty with a cursor to the same place."""
    codec = caller.runtime.cursors
    version = caller.runtime.publishing.dataset_version
    varied = caller.runtime.context.config.variety
    if varied:
        limit = variety.page_limit(limit)
    after, emptied = codec.decode_marked(cursor, query_hash, version) if cursor is not None else (None, False)
    if varied and after is not None and not emptied:
        next_cursor = codec.encode(after, query_hash, version, marked=True)
        return [], {"next_cursor": next_cursor, "limit": limit, "returned": 0}
    found = fetch(after, limit)
    served = variety.served_count(limit) if varied else limit
    rows = found[:served]
    next_cursor = (codec.encode(key_of(rows[-1]), query_hash, version, marked=emptied)
                   if len(found) > served and rows else None)
    return rows, {"next_cursor": next_cursor, "limit": limit, "returned": len(rows)}
