"""Fixtures shared by every test: one real sandbox server for the whole session."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from tests.processes import SMALL_CSV_CAP, SMALL_MAX_CELLS, SandboxProcess, run_sandbox, run_streamlit, sandbox_env

# The suite runs four workers on two cores beside browsers and apps: how long Hypothesis takes to
# draw an input, or one example to run, says how busy the machine is, not whether the code is right
# (a comps property failed "input generation is slow" in a full run and passed alone).
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


def pytest_collection_finish(session):
    """Each new AppTest scans every installed distribution for components v2 manifests (0.2 to 0.4 s,
    about 500 AppTests a run): the installed packages do not change during a run, so a worker scans
    once. Only where AppTest is imported (the plain packages' tests never load Streamlit)."""
    if "streamlit.testing.v1" in sys.modules:
        from streamlit.components.v2 import manifest_scanner

        if not hasattr(manifest_scanner.scan_component_manifests, "cache_info"):
            manifest_scanner.scan_component_manifests = functools.cache(manifest_scanner.scan_component_manifests)


# The longest tests outside a browser, started first (after pytest-randomly's shuffle, in its
# order among them): xdist hands out tests in the list's order, and one of these started last was
# the run's tail (the fuzzer's 80 s at 3 min of `make test-fast`). Not the browser modules: four
# of them at once at the start, each with its app and Chromium, failed journeys on 2 cores.
LONG_FIRST = ("tests/sandbox/test_schemathesis.py", "tests/sandbox/test_bad_input.py")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    long_first = [item for item in items if item.nodeid.startswith(LONG_FIRST)]
    if long_first:
        rest = [item for item in items if not item.nodeid.startswith(LONG_FIRST)]
        items[:] = long_first + rest


@pytest.fixture(autouse=True)
def the_main_module_kept() -> Iterator[None]:
    """Streamlit's script runner (an AppTest run) makes the page's script `sys.modules["__main__"]`
    and leaves it there: a later test on the worker that starts a `spawn` child (the sandbox's
    dataset build) would have the child run that script, gone by then, as its main."""
    main = sys.modules["__main__"]
    yield
    sys.modules["__main__"] = main


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
def variety_sandbox_process(request) -> Iterator[SandboxProcess]:
    """A sandbox on the `--variety` profile, for the tests that need what only it serves: a second one,
    unless the session's own is on that profile already (the `--variety` pass)."""
    if profile_args() == PROFILE_ARGS["variety"]:
        yield request.getfixturevalue("sandbox_process")
        return
    with run_sandbox("--rate-limit", "1000000", "--variety") as sandbox:
        yield sandbox


@pytest.fixture
def variety_sandbox(variety_sandbox_process: SandboxProcess) -> Iterator[SandboxProcess]:
    """The `--variety` sandbox, reset before the test."""
    yield from reset_for_a_test(variety_sandbox_process)


@pytest.fixture(scope="session")
def capped_sandbox() -> Iterator[SandboxProcess]:
    """A sandbox with caps the small dataset reaches (SMALL_CSV_CAP, SMALL_MAX_CELLS), one per worker for
    the tests of the caps in the sandbox, the client and the pages; each resets it before use."""
    with run_sandbox("--csv-cap", str(SMALL_CSV_CAP), "--max-cells", str(SMALL_MAX_CELLS),
                     "--rate-limit", "1000000") as sandbox:
        yield sandbox


@pytest.fixture(scope="session")
def sandbox_url(sandbox_process: SandboxProcess) -> str:
    return sandbox_process.url


@pytest.fixture
def sandbox(sandbox_process: SandboxProcess) -> Iterator[SandboxProcess]:
    """The session's sandbox, reset before the test (credits, clock, faults, offers, version)."""
    yield from reset_for_a_test(sandbox_process)


def reset_for_a_test(process: SandboxProcess) -> Iterator[SandboxProcess]:
    """A shared sandbox as a test finds it: reset before (credits, clock, faults, offers, version),
    its faults off after, so the next test on the worker starts from the same state."""
    process.reset()
    yield process
    process.faults(rate=0)


@pytest.fixture(scope="session")
def served_app(sandbox_process: SandboxProcess) -> Iterator[str]:
    """The app served on the worker's sandbox, for tests that only read what it serves (its pages'
    HTML, its published files): one per worker. Journeys in a browser share theirs per module."""
    with run_streamlit(sandbox_env(sandbox_process.url)) as url:
        yield url
