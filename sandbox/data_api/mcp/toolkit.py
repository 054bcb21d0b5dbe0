"""What every tool module shares: the server to register on and the way to the REST routes.

Over HTTP the caller is the `/mcp` request's own headers; the SDK's in-memory client has no
request, so in-process use (tests) passes `credentials` instead.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, ToolAnnotations

from sandbox.data_api.mcp.dispatch import INTERNAL_BASE_URL, Credentials, RestDispatch

READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False)
# A tool's `meta` key listing the REST routes it mirrors, e.g. ["GET /v1/deals"].
ROUTES_META = "deedscope/routes"


@dataclass
class Tools:
    """What every tool module needs: the server to register on and the way to the routes."""

    server: MCPServer
    dispatch: RestDispatch
    credentials: Credentials | None = None
    # tool name -> (charged, contact), as registered
    _flags: dict[str, tuple[bool, bool]] = field(default_factory=dict)

    def caller(self, ctx: Context) -> Credentials:
        request = ctx.request_context.request
        headers = getattr(request, "headers", None)
        if headers is not None:
            return Credentials.of(headers, str(getattr(request, "base_url", "")) or self._fallback_url())
        if self.credentials is not None:
            return self.credentials
        raise ToolError("This tool call carries no API key: call it through POST /mcp with "
                        "Authorization: Bearer <key> and X-On-Behalf-Of.")

    def _fallback_url(self) -> str:
        return self.credentials.base_url if self.credentials else INTERNAL_BASE_URL

    async def get(self, ctx: Context, path: str, params: Sequence[tuple[str, str]] = ()) -> CallToolResult:
        """The tool result of `GET path?params`, as the calling tool's flags say (charged, contact)."""
        charged, contact = self._flags[self._tool_name(ctx)]
        return await self.dispatch.call(self.caller(ctx), path, params, contact=contact, charged=charged)

    async def post(self, ctx: Context, path: str, body: Any) -> CallToolResult:
        charged, contact = self._flags[self._tool_name(ctx)]
        return await self.dispatch.call(self.caller(ctx), path, body=body, contact=contact, charged=charged)

    @staticmethod
    def _tool_name(ctx: Context) -> str:
        return str((ctx.request_context.params or {}).get("name"))

    def add(self, fn: Any, title: str, *, routes: Sequence[str], charged: bool = False, contact: bool = False) -> None:
        """Register `fn` as the tool of its name. Its description is its docstring (what a model reads)
        and the REST routes it mirrors (`routes`, as "GET /v1/..." in the OpenAPI's own templates);
        its `meta` says the same routes, whether it charges and whether it counts in the tool contact
        bucket (docs/contract.md, "Tool interface")."""
        self._flags[fn.__name__] = (charged, contact)
        description = f"{inspect.getdoc(fn)}\n\nMirrors {', '.join(routes)}."
        self.server.add_tool(fn, name=fn.__name__, title=title, description=description, annotations=READ_ONLY,
                             meta={ROUTES_META: list(routes), "deedscope/charged": charged,
                                   "deedscope/contact": contact})
