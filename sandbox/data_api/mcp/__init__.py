"""`POST /mcp`: the Data API's tool interface (data-api.md, Endpoints and Authentication 1 and 4).

A Model Context Protocol server on the official SDK, Streamable HTTP, stateless (each POST is
answered on its own, in JSON), behind the same key and on-behalf lock as `/v1` (`gate`). Its
tools mirror the `/v1` routes (`server`), answering through them in process (`dispatch`).

The SDK is imported, and the server built, at the first call: importing it cost each sandbox's
start 1.4 s of CPU (its protocol types are thousands of pydantic models), and most sandboxes (one
per test worker, one per test that needs its own settings) never serve a tool call.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import anyio
from anyio.abc import TaskGroup, TaskStatus
from fastapi import FastAPI
from starlette.types import ASGIApp, Receive, Scope, Send

from sandbox.core.context import SandboxContext
from sandbox.data_api.mcp.gate import McpGate
from sandbox.data_api.ratelimit import RateLimiter

PATH = "/mcp"


def mount(app: FastAPI, context: SandboxContext) -> None:
    """Add `POST /mcp`, and to the app's lifespan (`app.state.lifespans`) what its server runs in."""
    tools = ToolServerOnFirstCall(app, context)
    context.reset_hooks.append(tools.reset)
    app.add_route(PATH, McpGate(tools), methods=["POST"], include_in_schema=False)
    app.state.lifespans.append(tools.running)


class ToolServerOnFirstCall:
    """What `POST /mcp` answers past its gate: builds the server at its first request, then hands
    every request to the SDK's session manager, which runs in a task of the app's lifespan."""

    def __init__(self, app: FastAPI, context: SandboxContext) -> None:
        self._app = app
        self._context = context
        self._tasks: TaskGroup | None = None
        self._starting = anyio.Lock()
        self._handle: ASGIApp | None = None
        self._bucket: Any = None
        self._dispatch: Any = None

    def reset(self) -> None:
        if self._bucket is not None:
            self._bucket.reset()

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        async with anyio.create_task_group() as tasks:
            self._tasks = tasks
            try:
                yield
            finally:
                tasks.cancel_scope.cancel()
                self._tasks = None
        if self._dispatch is not None:
            await self._dispatch.aclose()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        handle = self._handle or await self._start()
        await handle(scope, receive, send)

    async def _start(self) -> ASGIApp:
        async with self._starting:
            if self._handle is None:
                if self._tasks is None:
                    raise RuntimeError("POST /mcp is served only while the app runs its lifespan")
                manager = self._build()
                await self._tasks.start(self._run, manager)
                self._handle = manager.handle_request
        return self._handle

    def _build(self) -> Any:
        # Here, at the first call: the SDK's import is 1.4 s of CPU most sandboxes never need.
        from mcp.server.transport_security import TransportSecuritySettings
        from sandbox.data_api.mcp.dispatch import TOOL_CONTACT_PER_MINUTE, ContactBucket, RestDispatch
        from sandbox.data_api.mcp.server import build_server

        self._bucket = ContactBucket(RateLimiter(self._context.clock, TOOL_CONTACT_PER_MINUTE))
        self._dispatch = RestDispatch(self._app, self._bucket)
        server = build_server(self._dispatch)
        # Made for its session manager, which is what this app mounts (the SDK's way to put a server
        # in a FastAPI app). No DNS-rebinding check: every request carries a Bearer key, which a
        # rebound page has not.
        server.streamable_http_app(stateless_http=True, json_response=True,
                                   transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False))
        return server.session_manager

    @staticmethod
    async def _run(manager: Any, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        async with manager.run():
            task_status.started()
            await anyio.sleep_forever()
