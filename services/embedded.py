"""The embedded sandbox: a `python -m sandbox` subprocess the app runs on when no host is set.

decisions.md, Names and configuration: with `DEEDSCOPE_API_URL` unset the app starts the
sandbox itself. It runs once per Python process on a free loopback port, keeps its data
in `<repo>/.data` (built on the first run, reused after), and stops when the process exits,
however it exits: the sandbox watches the process that started it (sandbox/parent_watch.py).
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


def start(
    *, data_dir: Path = DATA_DIR, timeout_s: float = START_TIMEOUT_S, app_urls: tuple[str, ...] = ()
) -> SandboxProcess:
    """Start a sandbox subprocess and wait for its ready line. `app_urls`: the addresses of the
    app it serves, whose /marketplace its registered app accepts as redirect URIs.

    It runs with its control routes (`--admin`): the app's "Reset the demo" puts it back as it
    started (issue 29). It listens on loopback only and serves this app's synthetic data, so
    the routes reach nothing a live host holds (docs/contract.md)."""
    extra = [arg for url in app_urls for arg in ("--app-url", url)]
    return start_sandbox(*extra, admin=True, data_dir=data_dir, timeout_s=timeout_s)


def ensure_running(app_urls: tuple[str, ...] = ()) -> SandboxProcess:
    """The process-wide embedded sandbox, started on first use and stopped at exit."""
    global _running
    with _lock:
        if _running is None or not _running.running():
            _running = start(app_urls=app_urls)
            atexit.register(_running.stop)
        return _running


def url(app_urls: tuple[str, ...] = ()) -> str:
    """Base URL of the process-wide embedded sandbox (started for the app at `app_urls`)."""
    return ensure_running(app_urls).url


def stop() -> None:
    """Stop the process-wide embedded sandbox now (tests; the app relies on the exit hook)."""
    global _running
    with _lock:
        if _running is not None:
            _running.stop()
            _running = None
