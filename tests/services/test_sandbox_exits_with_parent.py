"""The sandbox ends with the process that started it (sandbox/parent_watch.py), even one that is
killed outright and so runs no exit hook: the case a SIGTERM handler could never cover."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tests.processes import ROOT

GONE_TIMEOUT_S = 15.0
# A parent that starts a sandbox through the one helper, says its pid, then waits to be killed.
PARENT = """
import sys, time
from services.sandbox_process import start_sandbox
sandbox = start_sandbox("--scale", "small")
print(sandbox.process.pid, flush=True)
time.sleep(600)
"""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # Ended but not yet reaped by its new parent: gone for this test.
    try:
        with open(f"/proc/{pid}/status") as status:
            return not any(line.startswith("State:") and "Z" in line.split()[1] for line in status)
    except OSError:
        return True


def test_a_killed_parent_takes_its_sandbox_with_it():
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                              stdout=subprocess.PIPE, text=True)
    sandbox_pid = int(parent.stdout.readline())
    try:
        assert running(sandbox_pid)
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + GONE_TIMEOUT_S
        while running(sandbox_pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not running(sandbox_pid), "the sandbox outlived the process that started it"
    finally:
        if running(sandbox_pid):
            os.kill(sandbox_pid, signal.SIGKILL)  # the orphan this test made
        parent.stdout.close()
