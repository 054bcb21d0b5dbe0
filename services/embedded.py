"""The embedded sandbox: a `python -m sandbox` subprocess the app runs on when no host is set.

decisions.md, Names and configuration: with `DEEDSCOPE_API_URL` unset the app starts the
sandbox itself. It runs once per Python process on a free loopback port, keeps its data
in `<repo>/.data` (built on the first run, reused after), and stops when the process exits.
Starting it is `services.sandbox_process`'s job; this module keeps the one per process.
"""

from __future__ import annotations

import atexit
import threading
from pathlib import Path

from services.sandbox_process import DATA_DIR, START_TIMEOUT_S, SandboxProcess, SandboxStartError, start_sandbox

EmbeddedSandbox = SandboxProcess
EmbeddedSandboxError = SandboxStartError

_lock = threading.Lock()
_running: SandboxProcess | None = None


def start(*, data_dir: Path = DATA_DIR, timeout_s: float = START_TIMEOUT_S) -> SandboxProcess:
    """Start a sandbox subprocess and wait for its ready line."""
    return start_sandbox(data_dir=data_dir, timeout_s=timeout_s)


def ensure_running() -> SandboxProcess:
    """The process-wide embedded sandbox, started on first use and stopped at exit."""
    global _running
    with _lock:
        if _running is None or not _running.running():
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
