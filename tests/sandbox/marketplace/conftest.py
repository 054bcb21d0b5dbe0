"""Marketplace fixtures: people logged in through the real issuer, and a thin API caller."""

from __future__ import annotations

import time
import uuid
from datetime import datetime
from typing import Any

import httpx2
import pytest

from tests.sandbox.marketplace.oauth_flow import http, login


class Market:
    """Calls `/marketplace/v1` with one person's access token."""

    def __init__(self, base_url: str, token: dict) -> None:
        self.base_url = base_url
        self.api = f"{base_url}/marketplace/v1"
        self.token = token
        self.headers = {"Authorization": f"Bearer {token['access_token']}"}

    def get(self, path: str, **params: Any) -> httpx2.Response:
        return http.get(self.api + path, params=params, headers=self.headers)

    def post(self, path: str, body: Any = None, *, key: str | None | bool = True, **kwargs: Any) -> httpx2.Response:
        headers = {**self.headers, **kwargs.pop("headers", {})}
        if key is True:
            key = uuid.uuid4().hex
        if key:
            headers["Idempotency-Key"] = key
        if body is not None:
            kwargs["json"] = body
        return http.post(self.api + path, headers=headers, **kwargs)

    def request(self, method: str, path: str, **kwargs: Any) -> httpx2.Response:
        return http.request(method, self.api + path, headers={**self.headers, **kwargs.pop("headers", {})}, **kwargs)

    def data(self, path: str, **params: Any) -> Any:
        response = self.get(path, **params)
        assert response.status_code == 200, response.text
        return response.json()["data"]

    def offers(self, **params: Any) -> list[dict]:
        return self.data("/buy/offers", limit=100, **params)


def problem(response: httpx2.Response, status: int, code: str) -> dict:
    """The problem body, after checking status, code and the members every problem has."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["code"] == code, body
    assert body["recovery"] and body["request_id"] == response.headers["X-Request-Id"]
    assert body["type"].endswith(f"#{code}")
    return body


@pytest.fixture(scope="session", autouse=True)
def _close_shared_http_client():
    yield
    http.close()


@pytest.fixture(autouse=True)
def _leave_the_clock_as_found(sandbox_process):
    """Tests here move the shared sandbox's clock by days; put it back for whatever runs next
    (tests of other parts may use the session sandbox without a reset)."""
    yield
    sandbox = sandbox_process
    now = datetime.fromisoformat(sandbox.control("clock", {"advance_seconds": 0})["data"]["now"].replace("Z", "+00:00"))
    if abs(now.timestamp() - time.time()) > 60:
        sandbox.reset()


@pytest.fixture
def login_as(sandbox):
    def _login(email: str, **options: Any) -> Market:
        return Market(sandbox.url, login(sandbox.url, email, **options))

    return _login


@pytest.fixture
def buyer(login_as) -> Market:
    return login_as("buyer@sandbox.test")


@pytest.fixture
def owner(login_as) -> Market:
    return login_as("owner@sandbox.test")


@pytest.fixture
def member(login_as) -> Market:
    return login_as("member@sandbox.test")
