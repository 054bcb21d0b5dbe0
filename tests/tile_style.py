"""A tile style served over loopback, for the basemap probe."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class StyleHandler(BaseHTTPRequestHandler):
    """Answers a tile style at /style.json, 404 elsewhere."""

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        if self.path == "/style.json":
            body = b'{"version": 8, "sources": {}, "layers": []}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.send_error(404)

    def log_message(self, *args) -> None:  # the test output stays quiet
        pass


@contextmanager
def style_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), StyleHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()

