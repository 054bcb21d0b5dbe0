"""Fixtures of the service tests: a `DataApi` on the real sandbox, with requests counted,
sleeps recorded instead of slept, and a clock the test moves."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx2
import pytest

from services.stores.memory import MemoryStore
from services.data_api import DataApi
from services.settings import Settings, load_settings
from tests.processes import ControlledSandbox, sandbox_env

NO_SECRETS_FILE = Path("/nonexistent/secrets.toml")


@dataclass
class RequestLog:
    """Every request the client put on the wire: (method, path, query)."""

    sent: list[tuple[str, str, str]] = field(default_factory=list)

    def __call__(self, request: httpx2.Request) -> None:
        self.sent.append((request.method, request.url.path, request.url.query.decode()))

    def paths(self) -> list[str]:
        return [path for _, path, _ in self.sent]

    def to(self, path: str) -> int:
        return sum(1 for _, sent_path, _ in self.sent if sent_path == path)


@dataclass
class FakeSleep:
    waits: list[float] = field(default_factory=list)

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@dataclass
class FakeClock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def settings_for(url: str, key: str = "zpka_sandbox_demo") -> Settings:
    return load_settings(sandbox_env(url, key), NO_SECRETS_FILE)


@pytest.fixture
def request_log() -> RequestLog:
    return RequestLog()


@pytest.fixture
def fake_sleep() -> FakeSleep:
    return FakeSleep()


@pytest.fixture
def fake_clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def http_client(request_log: RequestLog) -> Iterator[httpx2.Client]:
    client = httpx2.Client(timeout=60, event_hooks={"request": [request_log]})
    yield client
    client.close()


@pytest.fixture
def data_api(
    sandbox: ControlledSandbox, http_client: httpx2.Client, fake_sleep: FakeSleep, fake_clock: FakeClock
) -> Iterator[DataApi]:
    """A client on the freshly reset sandbox, with its own cache."""
    api = DataApi(
        settings_for(sandbox.url), http_client=http_client, cache=MemoryStore(), sleep=fake_sleep, clock=fake_clock
    )
    yield api
    api.close()


@pytest.fixture
def variety_api(variety_sandbox: ControlledSandbox, http_client: httpx2.Client, fake_sleep: FakeSleep,
                fake_clock: FakeClock) -> Iterator[DataApi]:
    """A client on the freshly reset `--variety` sandbox (sandbox/data_api/variety.py)."""
    api = DataApi(settings_for(variety_sandbox.url), http_client=http_client, cache=MemoryStore(), sleep=fake_sleep,
                  clock=fake_clock)
    yield api
    api.close()


@pytest.fixture(scope="session")
def notable_ids(sandbox_url: str) -> dict:
    """Notable ids of this dataset (retired, merged...) from the admin route `GET /_sandbox/fixtures`."""
    response = httpx2.get(f"{sandbox_url}/_sandbox/fixtures", timeout=60)
    response.raise_for_status()
    return response.json()["data"]
