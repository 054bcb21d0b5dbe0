"""Redis and HAProxy as subprocesses on free loopback ports, for tests and benchmarks.

Debian's `redis-server` and `haproxy` (`make test` installs them when missing). Each run
gets its own port and a throw-away folder; nothing is written to the repository.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from devtools.streamlit_process import app_answers, free_port
from services.sandbox_process import stop_process

START_TIMEOUT_S = 20.0
HAPROXY_CONFIG = """\
global
    maxconn 4096
defaults
    mode http
    timeout connect 5s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
    # A replica busy with many sessions still answers its health check within this.
    timeout check 5s
    option redispatch
    retries 2
frontend app
    bind 127.0.0.1:{port}
    default_backend replicas
backend replicas
    balance roundrobin
    # Sticky sessions: Streamlit's websocket must come back to the replica that holds its
    # session; a replica that stops answering its health check is left out.
    cookie deedscope_replica insert indirect nocache httponly
    option httpchk GET /_stcore/health
{servers}
"""


def binary(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin")
    if not found:
        raise RuntimeError(f"{name} not found: install Debian's package (`make test` does: apt-get install -y {name})")
    return found


@contextlib.contextmanager
def run_redis() -> Iterator[str]:
    """A private redis-server (no persistence); yields its `redis://127.0.0.1:PORT/0` URL."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="deedscope-redis-") as folder:
        process = subprocess.Popen(
            [binary("redis-server"), "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", folder, "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            _wait_for_port(port, process, "redis-server")
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            stop_process(process)


@contextlib.contextmanager
def run_haproxy(backends: list[str]) -> Iterator[str]:
    """HAProxy on a free port, round robin over `backends` (`http://127.0.0.1:PORT`) with a
    sticky cookie; yields its URL."""
    port = free_port()
    servers = "\n".join(
        f"    server replica{index} {url.split('://', 1)[1]} check inter 1s fall 2 rise 1 cookie r{index}"
        for index, url in enumerate(backends)
    )
    with tempfile.TemporaryDirectory(prefix="deedscope-haproxy-") as folder:
        config = Path(folder) / "haproxy.cfg"
        config.write_text(HAPROXY_CONFIG.format(port=port, servers=servers))
        process = subprocess.Popen(
            [binary("haproxy"), "-db", "-f", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            _wait_for_port(port, process, "haproxy")
            url = f"http://127.0.0.1:{port}"
            _wait_for_health(url)
            yield url
        finally:
            stop_process(process)


def _wait_for_health(url: str) -> None:
    """Until HAProxy's first health checks let a request through (503 before)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if app_answers(url):
            return
        time.sleep(0.2)
    raise RuntimeError(f"no replica answered behind HAProxy within {START_TIMEOUT_S:.0f} s")


def _wait_for_port(port: int, process: subprocess.Popen, name: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited with {process.returncode}")
        with socket.socket() as sock:
            sock.settimeout(0.5)
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"{name} did not listen on {port} within {START_TIMEOUT_S:.0f} s")
