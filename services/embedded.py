"""The embedded sandbox: a `python -m sandbox` subprocess the app runs on when no host is set.

decisions.md, Names and configuration: with `DEEDSCOPE_API_URL` unset the app starts the
sandbox itself. It runs once per Python process on a free loopback port, keeps its data
in `<repo>/.data` (built on the first run, reused after), and stops when the process exits.
This module only starts a program; it imports nothing from `sandbox/`.
"""

from __future__ import annotations

import atexit
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path

READY_PREFIX = "sandbox ready on "
# A first run builds the dataset; `--scale small` takes seconds, a slow machine longer.
START_TIMEOUT_S = 300
REPOSITORY = Path(__file__).resolve().parent.parent
DATA_DIR = REPOSITORY / ".data"

_lock = threading.Lock()
_running: "EmbeddedSandbox | None" = None


class EmbeddedSandboxError(RuntimeError):
    """The embedded sandbox did not start; carries the last lines it printed."""


class EmbeddedSandbox:
    """A started sandbox process and the URL it announced."""

    def __init__(self, url: str, process: subprocess.Popen, output: deque[str]) -> None:
        self.url = url
        self.process = process
        self.output = output

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start(*, data_dir: Path = DATA_DIR, timeout_s: float = START_TIMEOUT_S) -> EmbeddedSandbox:
    """Start a sandbox subprocess and wait for its ready line."""
    args = [sys.executable, "-m", "sandbox", "--port", "0", "--data-dir", str(data_dir)]
    process = subprocess.Popen(
        args, cwd=REPOSITORY, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
    )
    assert process.stdout is not None
    output: deque[str] = deque(maxlen=200)
    url = None
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        output.append(line)
        if line.startswith(READY_PREFIX):
            url = line[len(READY_PREFIX):].strip()
            break
    if url is None:
        process.kill()
        process.wait()
        raise EmbeddedSandboxError("the embedded sandbox did not start:\n" + "".join(list(output)[-20:]))
    # Keep reading its output so a full pipe never blocks the server.
    threading.Thread(target=lambda: output.extend(process.stdout), daemon=True).start()
    return EmbeddedSandbox(url, process, output)


def ensure_running() -> EmbeddedSandbox:
    """The process-wide embedded sandbox, started on first use and stopped at exit."""
    global _running
    with _lock:
        if _running is None or _running.process.poll() is not None:
            _running = start()
            atexit.register(_running.stop)
        return _running


def url() -> str:
    """Base URL of the process-wide embedded sandbox."""
    return ensure_running().url


def stop() -> None:
    """Stop the process-wide embedded sandbox now (tests; the app relies on the exit hook)."""
    global _running
    with _lock:
        if _running is not None:
            _running.stop()
            _running = None
