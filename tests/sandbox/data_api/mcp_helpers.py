"""Helpers for the tool interface's tests: the SDK's own client, in memory or over HTTP.

In memory, the server is built on an in-process sandbox app (the dataset the session's
sandbox uses) with fixed credentials; over HTTP the client sends the key and the on-behalf
header to `POST /mcp` of a real sandbox, as an assistant does.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import anyio
import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult

from tests.sandbox.data_api.helpers import DEMO_KEY, ON_BEHALF, headers

T = TypeVar("T")


def run_apart(work: Callable[[], Awaitable[T]]) -> T:
    """`anyio.run(work)` on the test's own thread. It once needed a thread of its own: a worker that
    had run the browser journeys kept Playwright's loop marked as running on the main thread
    ("Already running asyncio in this thread"); their Chromium now stops with its module
    (tests/browser/conftest.py: browser)."""
    return anyio.run(work)


def over_http(url: str, use: Callable[[Client], Awaitable[T]], *, key: str = DEMO_KEY,
              on_behalf: str | None = ON_BEHALF) -> T:
    """Run `use(client)` with an SDK client session on `{url}/mcp`."""
    async def run() -> T:
        async with httpx2.AsyncClient(headers=headers(key, on_behalf), timeout=60) as http:
            async with Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client:
                return await use(client)
    return run_apart(run)


def call(url: str, name: str, arguments: dict[str, Any], **who: Any) -> CallToolResult:
    """One tool call over HTTP."""
    return over_http(url, lambda client: client.call_tool(name, arguments), **who)


def calls(url: str, requests: list[tuple[str, dict[str, Any]]], **who: Any) -> list[CallToolResult]:
    """Several tool calls in one session, in order."""
    async def use(client: Client) -> list[CallToolResult]:
        return [await client.call_tool(name, arguments) for name, arguments in requests]
    return over_http(url, use, **who)


def answer(result: CallToolResult) -> dict[str, Any]:
    """The structured answer of a successful call."""
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def problem(result: CallToolResult) -> dict[str, Any]:
    """The REST problem an error result carries (docs/contract.md, Tool interface)."""
    assert result.is_error, result.structured_content
    assert result.structured_content is not None, result.content
    return result.structured_content["error"]
