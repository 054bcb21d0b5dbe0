"""Start real processes for tests: the sandbox server and the Streamlit app.

Both run as subprocesses on free loopback ports, exactly as a person would run them.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import httpx2

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / ".data"
READY_PREFIX = "sandbox ready on "
BUILD_TIMEOUT_S = 300
ARTIFACTS_LOG_DIR = ROOT / "test-artifacts"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class SandboxProcess:
    """A running `python -m sandbox --admin` and its control routes."""

    def __init__(self, url: str, process: subprocess.Popen) -> None:
        self.url = url
        self.process = process
        self.output: list[str] = []

    def control(self, route: str, body: dict | None = None) -> dict:
        response = httpx2.post(f"{self.url}/_sandbox/{route}", json=body or {}, timeout=60)
        response.raise_for_status()
        return response.json()

    def reset(self) -> None:
        self.control("reset")

    def advance_clock(self, seconds: float) -> None:
        self.control("clock", {"advance_seconds": seconds})

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

    def publish(self, state: str) -> dict:
        return self.control("publish", {"state": state})

    def faults(self, **settings) -> dict:
        return self.control("faults", settings)


@contextlib.contextmanager
def run_sandbox(*extra_args: str, scale: str = "small") -> Iterator[SandboxProcess]:
    """Start the sandbox on a free port and wait for its ready line."""
    args = [sys.executable, "-m", "sandbox", "--port", "0", "--admin", "--scale", scale, "--data-dir", str(DATA_DIR), *extra_args]
    process = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    lines: list[str] = []
    url = None
    deadline = time.monotonic() + BUILD_TIMEOUT_S
    assert process.stdout is not None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.startswith(READY_PREFIX):
            url = line[len(READY_PREFIX):].strip()
            break
    if url is None:
        process.kill()
        raise RuntimeError("the sandbox did not start:\n" + "".join(lines[-40:]))
    sandbox = SandboxProcess(url, process)
    # Keep draining output so the pipe never fills and blocks the server.
    drain = threading.Thread(target=lambda: sandbox.output.extend(process.stdout), daemon=True)
    drain.start()
    try:
        yield sandbox
    finally:
        _stop(process)
        drain.join(timeout=5)
        process.stdout.close()


def sandbox_env(url: str, key: str = "zpka_sandbox_demo") -> dict[str, str]:
    """Settings (decisions.md) that point the app or the client at a running sandbox."""
    return {
        "DEEDSCOPE_API_URL": url,
        "DEEDSCOPE_API_KEY": key,
        "DEEDSCOPE_ON_BEHALF_OF": "dev_demo",
        "DEEDSCOPE_BASEMAP": "none",
    }


@contextlib.contextmanager
def run_streamlit(env: dict[str, str], script: str = "app.py") -> Iterator[str]:
    """Serve the Streamlit app headless on a free port; yield its URL."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    ARTIFACTS_LOG_DIR.mkdir(exist_ok=True)
    full_env = {**os.environ, **env, "DEEDSCOPE_APP_URL": url}
    args = [
        sys.executable, "-m", "streamlit", "run", script,
        "--server.headless", "true", "--server.port", str(port), "--server.address", "127.0.0.1",
        "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
    ]
    # Output goes to a file, not a pipe: a pipe nobody reads fills up and stalls the app.
    log = open(ARTIFACTS_LOG_DIR / f"streamlit-{port}.log", "w")
    process = subprocess.Popen(args, cwd=ROOT, env=full_env, stdout=log, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx2.get(f"{url}/_stcore/health", timeout=2).status_code == 200:
                    break
            except httpx2.HTTPError:
                pass
            if process.poll() is not None:
                raise RuntimeError(f"streamlit exited; see {log.name}")
            time.sleep(0.3)
        else:
            raise RuntimeError("streamlit did not answer its health check within 60 s")
        yield url
    finally:
        _stop(process)
        log.close()


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
