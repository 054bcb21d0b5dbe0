"""Start the sandbox server (`python -m sandbox ...`) as a subprocess: the one place that does.

Used by the app's embedded sandbox (`services.embedded`), the tests (`tests/processes.py`)
and the benchmarks (`bench/`). The sandbox is told to end with the process that started it. The process runs on a free loopback port (`--port 0`); its
`sandbox ready on URL` line says where. Its output is kept (the last lines) and read on
a thread, so a full pipe never blocks the server. This module only starts a program; it
imports nothing from `sandbox/` (the sandbox shares no code with services/).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2

READY_PREFIX = "sandbox ready on "
# A first run builds the dataset; `--scale small` takes seconds, a slow machine longer.
START_TIMEOUT_S = 300.0
STOP_TIMEOUT_S = 10.0
OUTPUT_LINES_KEPT = 2000
REPOSITORY = Path(__file__).resolve().parent.parent
DATA_DIR = REPOSITORY / ".data"


class SandboxStartError(RuntimeError):
    """The sandbox did not start; carries the last lines it printed."""


class SandboxProcess:
    """A started sandbox process, the URL it announced and the lines it printed.

    With `--admin`, `control(route, body)` calls its `/_sandbox/<route>` control routes
    (reset, clock, publish, faults).
    """

    def __init__(self, url: str, process: subprocess.Popen, output: deque[str]) -> None:
        self.url = url
        self.process = process
        self.output = output
        self._drain: threading.Thread | None = None
        self._control_client: httpx2.Client | None = None

    def control(self, route: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        # One client kept for the control routes: a new one per call built its TLS context
        # each time (about 45 ms, twice per test: the reset before it, the faults after).
        if self._control_client is None:
            self._control_client = httpx2.Client(timeout=60)
        response = self._control_client.post(f"{self.url}/_sandbox/{route}", json=body or {})
        response.raise_for_status()
        return response.json()

    def running(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        """Terminate the process (kill it after `STOP_TIMEOUT_S`) and close its pipe."""
        stop_process(self.process)
        if self._control_client is not None:
            self._control_client.close()
        if self._drain is not None:
            self._drain.join(timeout=5)
        if self.process.stdout is not None:
            self.process.stdout.close()


def start_sandbox(
    *extra_args: str,
    admin: bool = False,
    scale: str | None = None,
    data_dir: Path = DATA_DIR,
    timeout_s: float = START_TIMEOUT_S,
    process_type: type[SandboxProcess] = SandboxProcess,
) -> SandboxProcess:
    """Start `python -m sandbox` on a free port and wait for its ready line.

    `extra_args` go to the sandbox's command line as given (`"--rate-limit", "5"`);
    `process_type` lets a caller (the tests) add conveniences to the returned object.
    """
    # `--exit-with`: the sandbox ends with this process, however it ends (a SIGTERM, a kill),
    # rather than stay behind holding its port and data (sandbox/parent_watch.py).
    args = [sys.executable, "-m", "sandbox", "--port", "0", "--data-dir", str(data_dir), "--exit-with", str(os.getpid())]
    if admin:
        args.append("--admin")
    if scale is not None:
        args += ["--scale", scale]
    args += list(extra_args)
    process = subprocess.Popen(
        args, cwd=REPOSITORY, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
    )
    assert process.stdout is not None
    output: deque[str] = deque(maxlen=OUTPUT_LINES_KEPT)
    url = _wait_for_ready_line(process, output, timeout_s)
    if url is None:
        stop_process(process)
        process.stdout.close()
        raise SandboxStartError("the sandbox did not start:\n" + "".join(list(output)[-40:]))
    sandbox = process_type(url, process, output)
    # Keep reading its output so a full pipe never blocks the server.
    sandbox._drain = threading.Thread(target=lambda: output.extend(process.stdout), daemon=True)
    sandbox._drain.start()
    return sandbox


@contextlib.contextmanager
def run_sandbox(*extra_args: str, **options: Any) -> Iterator[SandboxProcess]:
    """`start_sandbox(...)` for the length of a `with` block; stopped at its end."""
    sandbox = start_sandbox(*extra_args, **options)
    try:
        yield sandbox
    finally:
        sandbox.stop()


def stop_process(process: subprocess.Popen) -> None:
    """Terminate a child process, kill it if it does not end in time, and reap it."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _wait_for_ready_line(process: subprocess.Popen, output: deque[str], timeout_s: float) -> str | None:
    # A line read blocks; a process that prints nothing and never exits is bounded by the
    # caller's own timeout (the sandbox prints its build progress while it builds).
    deadline = time.monotonic() + timeout_s
    assert process.stdout is not None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            return None
        output.append(line)
        if line.startswith(READY_PREFIX):
            return line[len(READY_PREFIX):].strip()
    return None
