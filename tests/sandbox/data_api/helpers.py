"""Helpers for the Data API tests: raw HTTP against the real sandbox, with the demo key's headers."""

from __future__ import annotations

from typing import Any

import httpx2

DEMO_KEY = "zpka_sandbox_demo"
ON_BEHALF = "dev_demo"
# One keep-alive client for every test: a new connection per call costs more than the call.
_client = httpx2.Client(timeout=60)


def headers(key: str = DEMO_KEY, on_behalf: str | None = ON_BEHALF, **extra: str) -> dict[str, str]:
    sent = {"Authorization": f"Bearer {key}", **extra}
    if on_behalf is not None:
        sent["X-On-Behalf-Of"] = on_behalf
    return sent


def get(url: str, path: str, params: Any = None, *, key: str = DEMO_KEY, on_behalf: str | None = ON_BEHALF,
        **extra_headers: str) -> httpx2.Response:
    return _client.get(f"{url}{path}", params=params, headers=headers(key, on_behalf, **extra_headers))


def fixtures(url: str) -> dict[str, Any]:
    response = _client.get(f"{url}/_sandbox/fixtures")
    response.raise_for_status()
    return response.json()["data"]


def assert_problem(response: httpx2.Response, status: int, code: str) -> dict[str, Any]:
    """The response is an RFC 9457 problem with the documented members (data-api.md, Errors)."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["code"] == code, problem
    for member in ("type", "title", "status", "detail", "instance", "request_id"):
        assert problem[member], member
    assert problem["type"].endswith(f"/errors#{code}")
    assert problem["request_id"] == response.headers["X-Request-Id"]
    assert "Traceback" not in problem["detail"]
    return problem


def walk(url: str, path: str, params: dict[str, Any], *, max_pages: int = 500,
         on_behalf: str | None = ON_BEHALF) -> list[dict[str, Any]]:
    """Every row of a keyset-paged list, following `page.next_cursor` until null."""
    rows: list[dict[str, Any]] = []
    cursor = None
    for _ in range(max_pages):
        response = get(url, path, {**params, **({"cursor": cursor} if cursor else {})}, key="zpka_sandbox_bench",
                       on_behalf=on_behalf)
        assert response.status_code == 200, response.text
        body = response.json()
        rows += body["data"]
        cursor = body["page"]["next_cursor"]
        if cursor is None:
            return rows
    raise AssertionError(f"{path} did not end within {max_pages} pages")
