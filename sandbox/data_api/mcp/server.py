"""The MCP server of `POST /mcp`: its tools, each the mirror of one `/v1` route (data-api.md).

`build_server(dispatch)` makes an `MCPServer` (the official SDK) whose tools answer through
`dispatch` (the route itself, in process): deals and investors (`tools_deals`), agents and the
buyers match (`tools_agents`), lenders (`tools_lenders`), wholesale (`tools_wholesale`), parcels,
short-term rentals and probes (`tools_places`). Every `/v1` read route has its tool, and each
tool names the routes it mirrors (its description and `meta`, `toolkit.ROUTES_META`).
"""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer

from sandbox.data_api.mcp import tools_agents, tools_deals, tools_lenders, tools_places, tools_wholesale
from sandbox.data_api.mcp.dispatch import Credentials, RestDispatch
from sandbox.data_api.mcp.toolkit import Tools

INSTRUCTIONS = """\
Deed-records data: organizations that buy houses (investors), their deals, listing agents, lenders,
wholesale listings and parcels, per served market. Every tool mirrors a REST route of the Data API and
answers its `data`, `meta` and `page`, plus `credits` (what the call charged).
Credits: a deal, investor or parcel new to the account costs 1 credit; one already held costs 0 again;
a failed call costs nothing. Tools marked "Charged" spend credits: first call the free `deals_summary`
(counts) or narrow the place, tell the person what the read may cost, and ask before spending.
Lists are paged: pass `page.next_cursor` back as `cursor` with the same other arguments.
Names and contact details of natural persons are never served (null, `contact_redacted: true`).
A refusal comes back as a tool error whose `error.code` is the REST problem's code (e.g.
`rate_limited` with `retry_after`, `quota_exceeded`, `geometry_required`)."""


def build_server(dispatch: RestDispatch, credentials: Credentials | None = None) -> MCPServer:
    """The server; `credentials` stand in for the request's headers when a call comes without any."""
    server = MCPServer(name="deedscope-data", title="Deed-Records Data API", version="1.11.0",
                       instructions=INSTRUCTIONS, log_level="WARNING")
    tools = Tools(server, dispatch, credentials)
    for module in (tools_deals, tools_agents, tools_lenders, tools_wholesale, tools_places):
        module.register(tools)
    return server
