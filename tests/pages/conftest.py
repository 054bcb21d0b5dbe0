"""Page-test fixtures."""

from __future__ import annotations

import pytest

from tests.processes import sandbox_env


@pytest.fixture
def app_env(sandbox, monkeypatch):
    """The page's settings point at the sandbox, reset before each test."""
    for name, value in sandbox_env(sandbox.url).items():
        monkeypatch.setenv(name, value)
    # The sandbox's reset forgot what each account holds; the app's cache of answers, which
    # tells what an account was served (a profile it holds opens free), starts empty too.
    import adapter.data
    import adapter.stores

    adapter.data._shared_resources.clear()
    with adapter.stores._lock:
        adapter.stores._built.clear()
    return sandbox
