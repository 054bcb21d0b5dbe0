"""Page-test fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.processes import SandboxProcess
from tests.conftest import PROFILE_ARGS, profile_args
from tests.pages.map_helpers import client
from tests.processes import sandbox_env


SANDBOX_PROFILES = ("default", "variety")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Every page test is in the `--variety` pass (`data_shape`: what a live host may send can change
    its outcome) unless it says why not (`shape_independent`): a new page test is in it by default."""
    for item in items:
        if "tests/pages" in str(item.fspath) and not any(item.iter_markers("shape_independent")):
            item.add_marker(pytest.mark.data_shape)


def pytest_generate_tests(metafunc):
    """The `--variety` pass in the same run: each `data_shape` page test on the worker's sandbox
    runs twice, `[default]` and `[variety]` (on `python -m sandbox --variety`), so the pass is
    spread over the run's workers with everything else instead of being a run of its own after it.
    With `DEEDSCOPE_TEST_SANDBOX_PROFILE=variety` the session's sandbox is that profile already,
    and each test runs once."""
    shaped = not metafunc.definition.get_closest_marker("shape_independent")
    if shaped and "sandbox_profile" in metafunc.fixturenames and profile_args() == PROFILE_ARGS["default"]:
        metafunc.parametrize("sandbox_profile", SANDBOX_PROFILES, indirect=True)


@pytest.fixture
def sandbox_profile(request) -> str:
    return getattr(request, "param", "default")


@pytest.fixture
def sandbox(request, sandbox_profile, sandbox_process) -> Iterator[SandboxProcess]:
    """The worker's sandbox of the test's profile, reset before the test (as tests/conftest.py's)."""
    process = request.getfixturevalue("variety_sandbox_process") if sandbox_profile == "variety" else sandbox_process
    process.reset()
    yield process
    process.faults(rate=0)


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
