"""Start real processes for tests: the sandbox server and the Streamlit app.

Both run as subprocesses on free loopback ports, exactly as a person would run them:
the sandbox through `services.sandbox_process` (the helper the app and the benchmarks
use), the app through `devtools.streamlit_process`. This module adds the tests'
conveniences on the sandbox's control routes (`--admin`).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from datetime import datetime

import httpx2

from devtools.streamlit_process import ARTIFACTS_LOG_DIR, ROOT, free_port, run_streamlit
from devtools.streamlit_process import sandbox_env as app_settings_for
from services import sandbox_process
from services.sandbox_process import DATA_DIR, READY_PREFIX

__all__ = [
    "ARTIFACTS_LOG_DIR", "ControlledSandbox", "DATA_DIR", "READY_PREFIX", "ROOT", "SMALL_CSV_CAP", "SMALL_MAX_CELLS", "SandboxProcess",
    "free_port", "run_sandbox", "run_streamlit", "sandbox_env",
]


# The suite's tests of each charged read walk its confirmation: there every read asks (none is
# small enough to run unasked) and no budget stops one. The budget's own rules, at their
# defaults, are tested where they are set back (tests/pages/test_credit_budget.py).
# The caps a test reaches on the small dataset (tests/conftest.py: capped_sandbox): a CSV export over
# this many rows answers `422 csv_cap_exceeded`, a view of more cells `400 validation_error` on `resolution`.
SMALL_CSV_CAP = 300
SMALL_MAX_CELLS = 200

CONFIRM_EVERY_READ = {"DEEDSCOPE_CONFIRM_ABOVE": "0", "DEEDSCOPE_CREDIT_BUDGET": "100000000"}


def sandbox_env(url: str, *options: str) -> dict[str, str]:
    """Settings that point the app at a running sandbox (devtools), every charged read confirmed."""
    return {**app_settings_for(url, *options), **CONFIRM_EVERY_READ}


class ControlledSandbox(sandbox_process.SandboxProcess):
    """A running `python -m sandbox --admin` and its control routes."""

    def reset(self) -> None:
        self.control("reset")

    def advance_clock(self, seconds: float) -> None:
        self.control("clock", {"advance_seconds": seconds})

    def advance_past(self, timestamp: str) -> None:
        """Move the sandbox clock one second past a UTC timestamp it served (a review's end)."""
        now = datetime.fromisoformat(self.control("clock", {"advance_seconds": 0})["data"]["now"].replace("Z", "+00:00"))
        then = datetime.fromisoformat(timestamp.replace("Z", "+00:00"))
        self.advance_clock(max(0.0, (then - now).total_seconds()) + 1)

    def start_of_a_minute(self) -> None:
        """Move the sandbox clock to one second into its next minute.

        Per-minute limits count in windows of the clock's minutes, and the clock runs: a
        burst meant to fill one window must not straddle two.
        """
        self._start_of(60)

    def start_of_an_hour(self) -> None:
        """Move the sandbox clock to one second into its next hour (hourly caps, likewise).
        Tokens live 15 minutes: log in after it."""
        self._start_of(3600)

    def _start_of(self, period_s: int) -> None:
        now = datetime.fromisoformat(self.control("clock", {"advance_seconds": 0})["data"]["now"].replace("Z", "+00:00"))
        into_period = now.timestamp() % period_s
        self.advance_clock(period_s - into_period + 1)

    def publish(self, state: str, new_deals: int = 0) -> dict:
        """Republish `state`; with `new_deals`, that many deals dated after its data end (news)."""
        return self.control("publish", {"state": state, **({"new_deals": new_deals} if new_deals else {})})

    def faults(self, **settings) -> dict:
        return self.control("faults", settings)


# The name the tests import.
SandboxProcess = ControlledSandbox


@contextlib.contextmanager
def run_sandbox(*extra_args: str, scale: str = "small") -> Iterator[ControlledSandbox]:
    """Start the sandbox with its control routes on a free port and wait for its ready line."""
    with sandbox_process.run_sandbox(*extra_args, admin=True, scale=scale, process_type=ControlledSandbox) as sandbox:
        yield sandbox  # type: ignore[misc]


# One client for the tests' reads: `httpx2.get` builds a client, and its TLS context, per call (20 ms
# of a core each: a tenth of the page tests' own time).
_reads = httpx2.Client(timeout=60)


def api_get(url: str, path: str, **params) -> dict:
    """A Data API read with the demo key on the sandbox at `url`, to compare a page against."""
    env = sandbox_env(url)
    headers = {"Authorization": f"Bearer {env['DEEDSCOPE_API_KEY']}", "X-On-Behalf-Of": env["DEEDSCOPE_ON_BEHALF_OF"]}
    response = _reads.get(f"{url}{path}", params=params, headers=headers)
    response.raise_for_status()
    return response.json()


def wait_until(check, timeout_s: float = 30, what: str = "the condition", *, every_s: float = 0.2):
    """`check()`'s first true answer, asked every `every_s` seconds; fails saying `what` after `timeout_s`."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every_s)
    raise AssertionError(f"{what} did not hold within {timeout_s:.0f} s")

