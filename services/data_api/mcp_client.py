"""`DataTools`: the client of `POST /mcp`, the Data API's tool interface (data-api.md, Endpoints).

    from services import load_settings
    from services.data_api.mcp_client import DataTools
    with DataTools(load_settings()) as tools:
        names = [tool.name for tool in tools.list()]
        answer = tools.call("deals_summary", {"place": {"zip": ["75201"]}})
        answer.data["n_deals"], answer.credits.charged

One shape with `DataApi`: built from `Settings` (the same URL, the key as a Bearer token, the
on-behalf header, the same timeouts), errors from the same tree (`services.errors`) keyed by
the problem's `code`, credits kept on a `CreditMeter`. Underneath, the official SDK's client
session over Streamable HTTP, driven from sync code through an anyio blocking portal (one event
loop thread per client). No retry here: an assistant, not this client, decides to call again.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Self

import anyio.from_thread
from anyio.from_thread import BlockingPortal
import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult

from services import contract
from services.data_api.credits import CreditMeter, Credits
from services.errors import ApiConnectionError, ApiStatusError, error_class, error_from_response
from services.settings import Settings

MCP_PATH = "/mcp"  # data-api.md, Endpoints: `POST /mcp`
MAX_LIST_PAGES = 100  # a listing that never ends cannot hang the client
# A tool's `meta` member naming the REST routes it mirrors (docs/contract.md, "Tool interface").
ROUTES_META = "deedscope/routes"


@dataclass(frozen=True)
class ToolInfo:
    """One tool as the server lists it. `routes` (the REST routes it mirrors, "GET /v1/..."), `charged`
    and `contact` come from its `meta` (the sandbox's choice, docs/contract.md): empty or False says
    only that the server did not say so."""

    name: str
    title: str | None
    description: str
    input_schema: dict[str, Any]
    charged: bool
    contact: bool
    routes: tuple[str, ...] = ()

    @classmethod
    def of(cls, tool: Any) -> ToolInfo:
        """A listed tool (the SDK's `Tool`); a `meta` member of another shape is read as absent."""
        meta = tool.meta if isinstance(tool.meta, dict) else {}
        routes = meta.get(ROUTES_META)
        return cls(tool.name, tool.title, tool.description or "", tool.input_schema,
                   meta.get("deedscope/charged") is True, meta.get("deedscope/contact") is True,
                   tuple(route for route in routes if isinstance(route, str)) if isinstance(routes, list) else ())


@dataclass(frozen=True)
class ToolAnswer:
    """A tool's structured result: the mirrored route's `data`, `meta`, `page`, and the call's credits."""

    data: Any
    meta: dict[str, Any]
    page: dict[str, Any] | None
    credits: Credits
    dataset_version: int | None
    request_id: str | None

    @property
    def next_cursor(self) -> str | None:
        return (self.page or {}).get("next_cursor")


class DataTools:
    """Client of the tool interface for one account and on-behalf identity."""

    def __init__(self, settings: Settings, *, timeout: httpx2.Timeout | None = None) -> None:
        if settings.api_url is None:
            raise ValueError("settings.api_url is not set: point it at the sandbox or the live host")
        self.settings = settings
        self.url = settings.api_url.rstrip("/") + MCP_PATH
        self.credits = CreditMeter()
        self._timeout = timeout or httpx2.Timeout(contract.READ_TIMEOUT_S, connect=contract.CONNECT_TIMEOUT_S)
        self._refusal: httpx2.Response | None = None
        self._portal_context: AbstractContextManager[BlockingPortal] | None = None
        self._portal: BlockingPortal | None = None
        self._http_client: httpx2.AsyncClient | None = None
        self._session_context: AbstractContextManager[Client] | None = None
        self._client: Client | None = None

    def __repr__(self) -> str:
        return f"DataTools(url={self.url!r})"

    def list(self) -> list[ToolInfo]:
        """Every tool the server offers (each page of `tools/list`)."""
        tools: list[ToolInfo] = []
        cursor: str | None = None
        for _ in range(MAX_LIST_PAGES):
            listed = self._run(lambda client: client.list_tools(cursor=cursor))
            tools += [ToolInfo.of(tool) for tool in listed.tools]
            cursor = listed.next_cursor
            if cursor is None:
                break
        return tools

    def call(self, name: str, arguments: Mapping[str, Any] | None = None) -> ToolAnswer:
        """Call one tool; a refusal raises the `ApiStatusError` of its problem's status and code."""
        result: CallToolResult = self._run(lambda client: client.call_tool(name, dict(arguments or {})))
        structured = result.structured_content
        if result.is_error:
            raise _tool_error(name, result, structured or {})
        if structured is None:
            # A server may answer with text alone: its JSON, if it is JSON, is the data.
            structured = {"data": _text_data(result)}
        credits = structured.get("credits") or {}
        answer = ToolAnswer(structured.get("data"), structured.get("meta") or {}, structured.get("page"),
                            Credits(credits.get("charged"), credits.get("remaining")),
                            structured.get("dataset_version"), structured.get("request_id"))
        self.credits.record(answer.credits)
        return answer

    def pages(self, name: str, arguments: Mapping[str, Any]) -> Iterator[ToolAnswer]:
        """Each page of a paged tool, following `page.next_cursor` until null (a short page is not the end)."""
        cursor = None
        while True:
            answer = self.call(name, {**arguments, **({"cursor": cursor} if cursor else {})})
            yield answer
            cursor = answer.next_cursor
            if cursor is None:
                return

    # --- the session ----------------------------------------------------------------------

    def _run(self, call: Any) -> Any:
        client = self._open()

        async def run() -> Any:
            return await call(client)

        self._refusal = None
        assert self._portal is not None
        try:
            return self._portal.call(run)
        except ApiStatusError:
            raise
        except Exception as error:
            raise self._failure(error) from error

    def _open(self) -> Client:
        if self._client is not None:
            return self._client
        self._portal_context = anyio.from_thread.start_blocking_portal()
        self._portal = self._portal_context.__enter__()
        self._http_client = httpx2.AsyncClient(headers=self._headers(), timeout=self._timeout,
                                               event_hooks={"response": [self._keep_refusal]})
        session = Client(streamable_http_client(self.url, http_client=self._http_client))
        entering = self._portal.wrap_async_context_manager(session)
        try:
            self._client = entering.__enter__()
        except Exception as error:
            failure = self._failure(error)
            self.close()
            raise failure from error
        self._session_context = entering
        return self._client

    def _headers(self) -> dict[str, str]:
        headers: dict[str, str] = {}
        if self.settings.api_key is not None:
            headers["Authorization"] = f"Bearer {self.settings.api_key.get_secret_value()}"
        if self.settings.on_behalf_of:
            headers[contract.ON_BEHALF_HEADER] = self.settings.on_behalf_of
        return headers

    async def _keep_refusal(self, response: httpx2.Response) -> None:
        """The gateway answers a refused key or a missing on-behalf header as plain HTTP (a problem)
        before any MCP message: keep it, so the SDK's transport error becomes our error."""
        if response.status_code >= 400:
            await response.aread()
            self._refusal = response

    def _failure(self, error: BaseException) -> Exception:
        refusal = self._refusal
        if refusal is not None:
            return error_from_response(refusal.status_code, refusal.headers.get("content-type"), refusal.content,
                                       dict(refusal.headers))
        # Never the error's own text: it may quote a request, and requests carry the key.
        return ApiConnectionError(f"the tool interface at {self.url} could not be reached ({type(error).__name__})",
                                  method="POST", path=MCP_PATH)

    def close(self) -> None:
        session, portal, http_client = self._session_context, self._portal_context, self._http_client
        self._client = self._session_context = self._portal_context = self._http_client = None
        try:
            if session is not None:
                session.__exit__(None, None, None)
            if http_client is not None and self._portal is not None:
                self._portal.call(http_client.aclose)
        finally:
            self._portal = None
            if portal is not None:
                portal.__exit__(None, None, None)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _tool_error(name: str, result: CallToolResult, structured: dict[str, Any]) -> ApiStatusError:
    """docs/contract.md: an error result carries the route's problem under `error`; one without (the
    SDK's own refusal of arguments outside the tool's schema) is a 400 validation_error."""
    problem = structured.get("error")
    if not isinstance(problem, dict):
        text = " ".join(getattr(block, "text", "") for block in result.content).strip()
        problem = {"status": 400, "code": "validation_error", "detail": text or f"{name} refused its arguments"}
    status = int(problem.get("status") or 400)
    return error_class(status, problem.get("code"))(status, dict(problem))


def _text_data(result: CallToolResult) -> Any:
    text = "".join(getattr(block, "text", "") for block in result.content)
    try:
        return json.loads(text)
    except ValueError:
        return text
