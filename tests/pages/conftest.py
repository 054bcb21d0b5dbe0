"""Page-test fixtures."""

from __future__ import annotations

import pytest

from tests.pages.map_helpers import client
from tests.processes import sandbox_env


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Every page test is in the `--variety` pass (`data_shape`: what a live host may send can change
    its outcome) unless it says why not (`shape_independent`): a new page test is in it by default."""
    for item in items:
        if "tests/pages" in str(item.fspath) and not any(item.iter_markers("shape_independent")):
            item.add_marker(pytest.mark.data_shape)


@pytest.fixture
def app_env(sandbox, monkeypatch):
    """The page's settings point at the sandbox, reset before each test."""
    return point_the_app_at(sandbox, monkeypatch)


@pytest.fixture
def variety_app_env(variety_sandbox, monkeypatch):
    """The page's settings point at the `--variety` sandbox (sandbox/data_api/variety.py), reset before each test."""
    return point_the_app_at(variety_sandbox, monkeypatch)


def point_the_app_at(sandbox, monkeypatch, key: str | None = None):
    for name, value in (sandbox_env(sandbox.url, key) if key else sandbox_env(sandbox.url)).items():
        monkeypatch.setenv(name, value)
    # The sandbox's reset forgot what each account holds; the app's cache of answers, which
    # tells what an account was served (a profile it holds opens free), starts empty too.
    import adapter.data
    import adapter.stores

    adapter.data._shared_resources.clear()
    with adapter.stores._lock:
        adapter.stores._built.clear()
    return sandbox


@pytest.fixture
def api(sandbox):
    """The app's own Data API client on the sandbox."""
    with client(sandbox.url) as data_api:
        yield data_api


@pytest.fixture
def markets(api) -> list[dict]:
    """The sandbox's markets as the coverage serves them, in its order."""
    served = [market.model_dump(mode="json") for market in api.coverage.retrieve().markets]
    assert served, "the sandbox serves markets"
    return served
