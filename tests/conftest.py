"""Fixtures shared by every test: one real sandbox server for the whole session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.processes import SandboxProcess, run_sandbox


@pytest.fixture(scope="session")
def sandbox_process() -> Iterator[SandboxProcess]:
    """The real sandbox (`python -m sandbox --admin`) on a free loopback port.

    The per-key rate limit is raised so that the suite as a whole never trips it;
    tests of the limit itself start their own sandbox with a low `--rate-limit`.
    """
    with run_sandbox("--rate-limit", "1000000") as sandbox:
        yield sandbox


@pytest.fixture(scope="session")
def sandbox_url(sandbox_process: SandboxProcess) -> str:
    return sandbox_process.url


@pytest.fixture
def sandbox(sandbox_process: SandboxProcess) -> Iterator[SandboxProcess]:
    """The session's sandbox, reset before the test (credits, clock, faults, offers, version)."""
    sandbox_process.reset()
    yield sandbox_process
    sandbox_process.faults(rate=0)
