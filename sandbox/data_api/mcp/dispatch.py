"""How a tool reaches the REST route it mirrors, and how the route's answer becomes the tool's result.

A tool call is answered by the very route a REST client would call, sent in process (through
httpx2's ASGI transport, no socket) with the caller's own key and on-behalf header. So a tool
and its route share everything: the gate (plan, rate limit, injected faults), the SQL, the
redaction of natural persons, the ledger (a read new to the account costs 1, a held one 0, a
failed one nothing) and the cursors. docs/contract.md, "Tool interface".
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import httpx2
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel, Field

from sandbox.core.problems import Problem
from sandbox.data_api.ratelimit import RateLimiter

# The host an in-process request names when the tool call came without one (the SDK's
# in-memory client in tests): it shows only in a problem's `type` link.
INTERNAL_BASE_URL = "http://sandbox.internal"
ON_BEHALF_HEADER = "X-On-Behalf-Of"
# data-api.md, Limits 8: the "Tool contact" bucket, per (key, on-behalf identity).
TOOL_CONTACT_PER_MINUTE = 30
# Headers of the REST answer a tool result repeats (data-api.md, Endpoints).
CREDITS_CHARGED = "x-credits-charged"
CREDITS_REMAINING = "x-credits-remaining"


@dataclass(frozen=True)
class Credentials:
    """Who calls: the `Authorization` and `X-On-Behalf-Of` headers as sent to `POST /mcp`."""

    authorization: str | None
    on_behalf_of: str | None
    base_url: str = INTERNAL_BASE_URL

    @classmethod
    def of(cls, headers: Mapping[str, str], base_url: str = INTERNAL_BASE_URL) -> Credentials:
        return cls(headers.get("authorization"), headers.get(ON_BEHALF_HEADER.lower()), base_url.rstrip("/"))

    def headers(self) -> dict[str, str]:
        sent = {"Accept": "application/json"}
        if self.authorization:
            sent["Authorization"] = self.authorization
        if self.on_behalf_of:
            sent[ON_BEHALF_HEADER] = self.on_behalf_of
        return sent

    @property
    def pair(self) -> str:
        """The (key, on-behalf identity) pair a per-user bucket counts (data-api.md, Limits 8)."""
        return f"{self.authorization or ''}\n{self.on_behalf_of or ''}"


class Credits(BaseModel):
    charged: int = Field(description="Credits this call charged: 1 per deal, investor or parcel new to the account")
    remaining: int | None = Field(description="Credits left this month; null when the plan has no limit or the "
                                              "tool is free")


class Page(BaseModel):
    next_cursor: str | None = Field(description="Pass as `cursor` with the same other arguments for the next page; "
                                                "null at the end (a short page is not the end)")
    limit: int = Field(description="The page size used")
    returned: int
    capped: bool | None = Field(default=None, description="On name searches: more hits than were returned")


class Answer(BaseModel):
    """A tool's result: the REST route's `data`, `meta` and `page`, and what the call charged."""

    data: Any = Field(description="The route's `data` (natural persons' contact fields null, `contact_redacted`)")
    meta: dict[str, Any] = Field(description="The route's `meta`: build, coverage, terms")
    page: Page | None = Field(default=None, description="On lists: where the next page starts")
    credits: Credits
    dataset_version: int | None = Field(description="X-Dataset-Version of the answer")
    request_id: str | None = Field(description="X-Request-Id of the REST request that served the call")


class ListAnswer(Answer):
    data: list[dict[str, Any]]
    page: Page


class ItemAnswer(Answer):
    data: dict[str, Any]


def query(**values: Any) -> list[tuple[str, str]]:
    """Query parameters of a REST route from tool arguments: None left out, lists comma-joined
    (data-api.md, Conventions: "comma-separated or repeated keys"), booleans as true/false."""
    params: list[tuple[str, str]] = []
    for name, value in values.items():
        if value is None or (isinstance(value, (list, tuple)) and not value):
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            value = ",".join(str(part) for part in value)
        params.append((name, str(value)))
    return params


class ContactBucket:
    """data-api.md, Limits 8: 30 tool calls a minute serving contact fields, per (key, on-behalf)."""

    def __init__(self, limiter: RateLimiter) -> None:
        self._limiter = limiter

    def reset(self) -> None:
        self._limiter.reset()

    def hit(self, credentials: Credentials) -> None:
        try:
            self._limiter.hit(credentials.pair)
        except Problem as problem:
            problem.extras["bucket"] = "tool_contact"
            wait = problem.extras.get("retry_after")
            problem.detail = (f"More than {TOOL_CONTACT_PER_MINUTE} tool calls serving contact fields this minute "
                              f"for this key and on-behalf identity. Retry after {wait} s.")
            raise


class RestDispatch:
    """Sends a tool's REST request to the sandbox's own app, in process."""

    def __init__(self, app: Any, contact_bucket: ContactBucket) -> None:
        # A route's unexpected failure is answered as its `500 internal_error` problem, never raised
        # into the tool (the server error middleware re-raises after answering).
        transport = httpx2.ASGITransport(app=app, raise_app_exceptions=False)
        self._client = httpx2.AsyncClient(transport=transport, timeout=60)
        self.contact_bucket = contact_bucket

    async def aclose(self) -> None:
        await self._client.aclose()

    async def call(self, credentials: Credentials, path: str, params: Sequence[tuple[str, str]] = (), *,
                   body: Any = None, contact: bool = False, charged: bool = False) -> CallToolResult:
        """The tool result of one REST request; `contact` calls count in the tool contact bucket first."""
        if contact:
            try:
                self.contact_bucket.hit(credentials)
            except Problem as problem:
                return error_result(_problem_body(problem, credentials.base_url, path))
        url = credentials.base_url + path
        if body is None:
            response = await self._client.get(url, params=list(params), headers=credentials.headers())
        else:
            response = await self._client.post(url, json=body, headers=credentials.headers())
        return answer_result(response, charged=charged)


def answer_result(response: httpx2.Response, *, charged: bool) -> CallToolResult:
    """A 200 as the structured `Answer`; a problem as an error result carrying the problem whole."""
    body = response.json()
    if response.status_code != 200:
        return error_result(body)
    remaining = response.headers.get(CREDITS_REMAINING)
    structured = {
        "data": body["data"],
        "meta": body["meta"],
        **({"page": body["page"]} if "page" in body else {}),
        "credits": {"charged": int(response.headers.get(CREDITS_CHARGED, 0)),
                    "remaining": int(remaining) if remaining is not None else None},
        "dataset_version": _int_or_none(response.headers.get("x-dataset-version")),
        "request_id": response.headers.get("x-request-id"),
    }
    return CallToolResult(content=[TextContent(type="text", text=_summary(structured, charged))],
                          structured_content=structured)


def error_result(problem: dict[str, Any]) -> CallToolResult:
    """docs/contract.md: a refusal is a tool error (`isError`) whose structured content is the
    route's RFC 9457 problem under `error`, so a client switches on `error.code` as on REST."""
    text = f"{problem.get('status')} {problem.get('code')}: {problem.get('detail')}"
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content={"error": problem},
                          is_error=True)


def _problem_body(problem: Problem, base_url: str, path: str) -> dict[str, Any]:
    return {"type": f"{base_url}/errors#{problem.code}", "title": problem.title, "status": problem.status,
            "code": problem.code, "detail": problem.detail, "instance": path, **problem.extras}


def _summary(structured: dict[str, Any], charged: bool) -> str:
    """The text a model reads first: what was charged, then the answer as JSON."""
    credits = structured["credits"]
    head = (f"Charged {credits['charged']} credit(s); {credits['remaining']} left this month."
            if charged and credits["remaining"] is not None else
            f"Charged {credits['charged']} credit(s)." if charged else "Free: charged 0 credits.")
    return head + "\n" + json.dumps({key: structured[key] for key in ("data", "page") if key in structured},
                                    ensure_ascii=False, separators=(",", ":"))


def _int_or_none(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() else None
