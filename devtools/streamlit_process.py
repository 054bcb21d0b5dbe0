"""Serve the Streamlit app as a subprocess on a free loopback port, as a person would run it."""

from __future__ import annotations

import contextlib
import functools
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2

from services.sandbox_process import stop_process
from services.settings import EMBEDDED_API_KEY, EMBEDDED_ON_BEHALF_OF

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS_LOG_DIR = ROOT / "test-artifacts"
HEALTH_TIMEOUT_S = 60.0
# Parallel test workers pick free ports at the same time: an app whose port was taken tries another.
PORT_ATTEMPTS = 3


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def sandbox_env(url: str, key: str = EMBEDDED_API_KEY) -> dict[str, str]:
    """Settings (decisions.md) that point the app or the client at a running sandbox."""
    return {
        "DEEDSCOPE_API_URL": url,
        # A configured host names its issuer (decisions.md: the `/auth` default is the embedded sandbox's).
        "DEEDSCOPE_AUTH_URL": f"{url}/auth",
        "DEEDSCOPE_API_KEY": key,
        "DEEDSCOPE_ON_BEHALF_OF": EMBEDDED_ON_BEHALF_OF,
        "DEEDSCOPE_BASEMAP": "none",
    }


@contextlib.contextmanager
def run_streamlit(env: dict[str, str], script: str = "app.py") -> Iterator[str]:
    """Serve the Streamlit app headless on a free port; yield its URL."""
    with serve_streamlit(env, script) as (_process, url):
        yield url


@contextlib.contextmanager
def serve_streamlit(env: dict[str, str], script: str = "app.py") -> Iterator[tuple[subprocess.Popen, str]]:
    """`run_streamlit`, also yielding the process (a test may stop one replica mid-session).
    `env` may set `DEEDSCOPE_APP_URL` itself (empty: the browser's address is used)."""
    ARTIFACTS_LOG_DIR.mkdir(exist_ok=True)
    for attempt in range(PORT_ATTEMPTS):
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        # Output goes to a file, not a pipe: a pipe nobody reads fills up and stalls the app.
        log = open(ARTIFACTS_LOG_DIR / f"streamlit-{port}.log", "w")
        process = _start(script, port, {**os.environ, "DEEDSCOPE_APP_URL": url, **env}, log)
        try:
            _wait_until_healthy(url, process, log.name)
        except PortTaken:
            # Another process (a parallel test worker) took the free port before the app bound it.
            log.close()
            if attempt + 1 == PORT_ATTEMPTS:
                raise
            continue
        except BaseException:
            stop_process(process)
            log.close()
            raise
        try:
            yield process, url
        finally:
            stop_process(process)
            log.close()
        return


class PortTaken(RuntimeError):
    """The app could not bind its port: another process took it first."""


def _start(script: str, port: int, env: dict[str, str], log) -> subprocess.Popen:
    args = [
        sys.executable, "-m", "streamlit", "run", script,
        "--server.headless", "true", "--server.port", str(port), "--server.address", "127.0.0.1",
        "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
    ]
    return subprocess.Popen(args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, text=True)


@functools.cache
def _health_client() -> httpx2.Client:
    """One client for every health check of the process: a new client builds its TLS context, about
    30 ms of a core, and a start is polled every 0.3 s for up to a minute (each app of the suite's)."""
    return httpx2.Client(timeout=2)


def app_answers(url: str) -> bool:
    """Whether a Streamlit server (or a balancer in front of one) answers its health check now."""
    try:
        return _health_client().get(f"{url}/_stcore/health").status_code == 200
    except httpx2.HTTPError:
        return False


def _wait_until_healthy(url: str, process: subprocess.Popen, log_name: str) -> None:
    deadline = time.monotonic() + HEALTH_TIMEOUT_S
    while time.monotonic() < deadline:
        if app_answers(url):
            return
        if process.poll() is not None:
            if "is not available" in Path(log_name).read_text(errors="replace"):
                raise PortTaken(f"streamlit's port was taken; see {log_name}")
            raise RuntimeError(f"streamlit exited; see {log_name}")
        time.sleep(0.3)
    raise RuntimeError(f"streamlit did not answer its health check within {HEALTH_TIMEOUT_S:.0f} s")
