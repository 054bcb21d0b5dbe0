"""`POST /mcp`: the Data API's tool interface (data-api.md, Endpoints and Authentication 1 and 4).

A Model Context Protocol server on the official SDK, Streamable HTTP, stateless (each POST is
answered on its own, in JSON), behind the same key and on-behalf lock as `/v1` (`gate`). Its
tools mirror the `/v1` routes (`server`), answering through them in process (`dispatch`).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI
from mcp.server.transport_security import TransportSecuritySettings

from sandbox.core.context import SandboxContext
from sandbox.data_api.mcp.dispatch import TOOL_CONTACT_PER_MINUTE, ContactBucket, RestDispatch
from sandbox.data_api.mcp.gate import McpGate
from sandbox.data_api.mcp.server import build_server
from sandbox.data_api.ratelimit import RateLimiter

PATH = "/mcp"


def mount(app: FastAPI, context: SandboxContext) -> None:
    """Add `POST /mcp` and the session manager's run to the app's lifespan (`app.state.lifespans`)."""
    bucket = ContactBucket(RateLimiter(context.clock, TOOL_CONTACT_PER_MINUTE))
    context.reset_hooks.append(bucket.reset)
    dispatch = RestDispatch(app, bucket)
    server = build_server(dispatch)
    # Made for its session manager, which is what this app mounts (the SDK's way to put a server
    # in a FastAPI app). No DNS-rebinding check: every request carries a Bearer key, which a
    # rebound page has not.
    server.streamable_http_app(stateless_http=True, json_response=True,
                               transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False))
    manager = server.session_manager
    app.add_route(PATH, McpGate(manager.handle_request), methods=["POST"], include_in_schema=False)

    @contextlib.asynccontextmanager
    async def running() -> AsyncIterator[None]:
        async with manager.run():
            try:
                yield
            finally:
                await dispatch.aclose()

    app.state.lifespans.append(running)
