"""The suite's wait for an app (devtools/streamlit_process.py) polls its health check every 0.3 s
until it answers: each poll with a new HTTP client built a TLS context, about 30 ms of a core, a
second of a core or more for each of the run's sixty-odd apps on a loaded machine."""

from __future__ import annotations

import http.server
import threading

import httpx2

from devtools import streamlit_process


class _Health(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's name)
        self.send_response(200 if self.path == "/_stcore/health" else 404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *_args):
        pass


def fresh_client() -> None:
    """The worker's health-check client closed and forgotten (one dropped open warns as it is freed)."""
    if hasattr(streamlit_process, "_health_client"):
        if streamlit_process._health_client.cache_info().currsize:
            streamlit_process._health_client().close()
        streamlit_process._health_client.cache_clear()


def test_polling_an_app_builds_one_client(monkeypatch):
    built = []
    real = httpx2.Client.__init__
    monkeypatch.setattr(httpx2.Client, "__init__", lambda self, *a, **k: built.append(1) or real(self, *a, **k))
    fresh_client()  # the worker's client is built here, where it is counted
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Health)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        assert all(streamlit_process.app_answers(url) for _ in range(5))
        assert not streamlit_process.app_answers(f"http://127.0.0.1:{streamlit_process.free_port()}")
    finally:
        server.shutdown()
        server.server_close()
        fresh_client()  # none kept with a connection to a server gone
    assert len(built) <= 1, f"{len(built)} clients (each its TLS context) built for 6 health checks"
