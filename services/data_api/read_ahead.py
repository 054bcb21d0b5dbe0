"""Reading the next page of a walk while this one is parsed (`DataApi.page`, `Page.walk`).

Parsing a page holds the GIL for milliseconds; the next request is put on the wire first,
so the server works on it meanwhile. Only `walk()` reads ahead, and only when the rows it
still needs exceed this page: read-ahead never spends a credit the walk would not spend.

Measured with `python -m bench services_paging` on the shared 2-core machine (load 1.4-2):
walk/floor 0.995 and 0.964 with read-ahead, 1.236 and 1.151 without, the client's CPU time
the same either way (about 550 ms for 20,000 deals); so it stays.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from typing import Any, TypeVar

from services import contract

R = TypeVar("R")

NO_READ_AHEAD = object()  # the rows-needed value of a fetch that must not read ahead
READ_AHEAD_SEND_WAIT_S = 0.5
_NEXT_CURSOR_KEY = re.compile(rb'"next_cursor"\s*:\s*')


def peek_next_cursor(body: bytes) -> str | None:
    """`page.next_cursor` read from the raw body without parsing it all (for read-ahead only;
    the parsed page is what the walk trusts)."""
    start = body.rfind(b'"next_cursor"')
    if start < 0:
        return None
    match = _NEXT_CURSOR_KEY.match(body, start)
    if match is None:
        return None
    tail = body[match.end() : match.end() + 2 * contract.CURSOR_MAX_LENGTH + 2].decode("utf-8", "replace")
    try:
        value, _ = json.JSONDecoder().raw_decode(tail)
    except ValueError:
        return None
    return value if isinstance(value, str) and value else None


def when_sent(on_sent: Callable[[], None]) -> Callable[[str, dict], None]:
    """An httpcore trace callback calling `on_sent` once the request has been written."""

    def trace(event_name: str, info: dict) -> None:
        if event_name.endswith("send_request_body.complete"):
            on_sent()

    return trace


def explicit_limit(params: Mapping[str, Any]) -> int | None:
    try:
        return int(params["limit"]) if params.get("limit") is not None else None
    except (TypeError, ValueError):
        return None


def in_background(work: Callable[[], R]) -> Future[R]:
    """Run `work` on a short-lived thread; its result or error arrives through the future."""
    future: Future[R] = Future()

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(work())
        except BaseException as error:  # noqa: BLE001 - handed to the reader of the future
            future.set_exception(error)

    threading.Thread(target=run, name="deedscope-read-ahead", daemon=True).start()
    return future
