"""Running one write: the idempotency record around it, the state lock during it.

Every write honours an `Idempotency-Key` when it carries one (marketplace-api.md:83: the same key
and body replay the stored answer), so a resent write never acts twice. Writes that act once
(offers, drafts created and published, buy boxes, inquiries, answers) require the key
(`idempotent_write`); the others take it when sent (`plain_write`), and require it on `--variety`
too, where every write without a key answers `400 invalid_parameter` (docs/contract.md). The key
is checked after authentication, and a refused write releases it (nothing changed).
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from fastapi import Request
from fastapi.responses import JSONResponse

from sandbox.marketplace import idempotency
from sandbox.marketplace.gateway import Caller
from sandbox.marketplace.models import MarketState
from sandbox.marketplace.wire import body_of
from sandbox.marketplace.write_faults import WriteFaults


async def idempotent_write(request: Request, caller: Caller, change: Callable[[MarketState, bytes], Any], *,
                           whole_list: bool = False, counted: bool = True) -> JSONResponse:
    """A write under its `Idempotency-Key` (required). `whole_list`: the answer is a list in one page.
    `counted`: the write faults count it and may lose its answer (not the POSTs that write nothing:
    a slot, a preview; marketplace-api.md:88 "Writes nothing")."""
    runtime = caller.runtime
    faults = runtime.write_faults if counted else WriteFaults()
    key = idempotency.require_key(request.headers.get(idempotency.HEADER))
    raw = await request.body()
    print_ = idempotency.fingerprint(request.method, request.url.path, raw)
    faults.count("received")
    stored = runtime.idempotency.begin(caller.principal, key, print_)
    if stored is not None:
        faults.count("replayed")
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
    body = body_of(request, data, whole_list=whole_list)
    runtime.idempotency.finish(caller.principal, key, 200, body)
    faults.count("applied")
    # A test's lost answer (write_faults.py): done and stored, but the caller is not told.
    lost = faults.lost_answer()
    if lost is not None:
        raise lost
    return JSONResponse(body)


async def plain_write(request: Request, caller: Caller, change: Callable[[MarketState, bytes], Any], *,
                      whole_list: bool = False, counted: bool = True) -> JSONResponse:
    """A write that takes a key when sent (and always on `--variety`); without one it just runs."""
    if idempotency.HEADER in request.headers or caller.runtime.context.config.variety:
        return await idempotent_write(request, caller, change, whole_list=whole_list, counted=counted)
    raw = await request.body()
    state = caller.runtime.state
    with state.lock:
        data = change(state, raw)
    return JSONResponse(body_of(request, data, whole_list=whole_list))
