"""Page-test fixtures."""

from __future__ import annotations

import pytest

from tests.processes import sandbox_env


@pytest.fixture
def app_env(sandbox, monkeypatch):
    """The page's settings point at the sandbox, reset before each test."""
    for name, value in sandbox_env(sandbox.url).items():
        monkeypatch.setenv(name, value)
    return sandbox
