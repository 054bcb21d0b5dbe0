"""Running one write: the idempotency record around it, the state lock during it.

Offer writes carry `Idempotency-Key` (marketplace-api.md, Endpoints); the key is
checked after authentication, and a refused write releases it (nothing changed).
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from fastapi import Request
from fastapi.responses import JSONResponse

from sandbox.marketplace import idempotency
from sandbox.marketplace.gateway import Caller
from sandbox.marketplace.models import MarketState
from sandbox.marketplace.wire import meta


async def idempotent_write(request: Request, caller: Caller, change: Callable[[MarketState, bytes], Any]) -> JSONResponse:
    runtime = caller.runtime
    key = idempotency.require_key(request.headers.get(idempotency.HEADER))
    raw = await request.body()
    print_ = idempotency.fingerprint(request.method, request.url.path, raw)
    runtime.write_faults.count("received")
    stored = runtime.idempotency.begin(caller.principal, key, print_)
    if stored is not None:
        runtime.write_faults.count("replayed")
        return JSONResponse(stored.body, status_code=stored.status, headers={"Idempotent-Replayed": "true"})
    try:
        if runtime.write_delay_seconds:
            await asyncio.sleep(runtime.write_delay_seconds)
        state = runtime.state
        with state.lock:
            data = change(state, raw)
    except BaseException:
        runtime.idempotency.abandon(caller.principal, key)
        raise
    body = {"data": data, "meta": meta(request)}
    runtime.idempotency.finish(caller.principal, key, 200, body)
    runtime.write_faults.count("applied")
    # A test's lost answer (write_faults.py): done and stored, but the caller is not told.
    lost = runtime.write_faults.lost_answer()
    if lost is not None:
        raise lost
    return JSONResponse(body)


async def plain_write(request: Request, caller: Caller, change: Callable[[MarketState, bytes], Any], *,
                      status: int = 200) -> JSONResponse:
    raw = await request.body()
    state = caller.runtime.state
    with state.lock:
        data = change(state, raw)
    return JSONResponse({"data": data, "meta": meta(request)}, status_code=status)
