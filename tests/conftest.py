"""Fixtures shared by every test: one real sandbox server for the whole session."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.processes import SandboxProcess, run_sandbox


# `DEEDSCOPE_TEST_SANDBOX_PROFILE=variety` runs the tests on `python -m sandbox --variety`: what a
# live host may send and the default profile never does (sandbox/data_api/variety.py), e.g.
# `DEEDSCOPE_TEST_SANDBOX_PROFILE=variety pytest tests/pages`. tests/pages/test_variety.py runs
# the key pages on it in every run.
PROFILE_ARGS = {"default": (), "variety": ("--variety",)}


def profile_args() -> tuple[str, ...]:
    profile = os.environ.get("DEEDSCOPE_TEST_SANDBOX_PROFILE", "default")
    if profile not in PROFILE_ARGS:
        raise pytest.UsageError(f"DEEDSCOPE_TEST_SANDBOX_PROFILE is {profile!r}; use one of {', '.join(PROFILE_ARGS)}")
    return PROFILE_ARGS[profile]


@pytest.fixture(scope="session")
def sandbox_process() -> Iterator[SandboxProcess]:
    """The real sandbox (`python -m sandbox --admin`, `--variety` by the profile) on a free loopback port.

    The per-key rate limit is raised so that the suite as a whole never trips it;
    tests of the limit itself start their own sandbox with a low `--rate-limit`.
    """
    with run_sandbox("--rate-limit", "1000000", *profile_args()) as sandbox:
        yield sandbox


@pytest.fixture(scope="session")
def variety_sandbox_process() -> Iterator[SandboxProcess]:
    """A second sandbox on the `--variety` profile, for the tests that need what only it serves."""
    with run_sandbox("--rate-limit", "1000000", "--variety") as sandbox:
        yield sandbox


@pytest.fixture
def variety_sandbox(variety_sandbox_process: SandboxProcess) -> Iterator[SandboxProcess]:
    """The `--variety` sandbox, reset before the test."""
    variety_sandbox_process.reset()
    yield variety_sandbox_process
    variety_sandbox_process.faults(rate=0)


@pytest.fixture(scope="session")
def sandbox_url(sandbox_process: SandboxProcess) -> str:
    return sandbox_process.url


@pytest.fixture
def sandbox(sandbox_process: SandboxProcess) -> Iterator[SandboxProcess]:
    """The session's sandbox, reset before the test (credits, clock, faults, offers, version)."""
    sandbox_process.reset()
    yield sandbox_process
    sandbox_process.faults(rate=0)
