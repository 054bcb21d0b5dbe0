"""A loopback pass-through to an upstream server, for browser tests that watch what the app sends.

It forwards every request unchanged (hop-by-hop headers aside) on a real listener of its own, so
the app's settings point at it as at the service; a subclass notes what passes (`observe`) and may
rewrite an answer's body (the issuer's discovery document names the pass-through's endpoints).
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx2

HOP_HEADERS = {"host", "content-length", "transfer-encoding", "connection", "content-encoding", "keep-alive"}


class PassThrough:
    """Start with `with PassThrough(upstream) as proxy:`; point the app at `proxy.url`."""

    def __init__(self, upstream: str, *, timeout: float = 60) -> None:
        self.upstream = upstream.rstrip("/")
        self._client = httpx2.Client(follow_redirects=False, timeout=timeout)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._client.close()

    def observe(self, path: str, answer: httpx2.Response) -> bytes:
        """Note what passed; the body sent on (the answer's own here)."""
        return answer.content

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:  # quiet: the request lines carry codes
                pass

            def do_GET(self) -> None:
                self._forward()

            def do_POST(self) -> None:
                self._forward()

            def _forward(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_HEADERS}
                answer = proxy._client.request(self.command, proxy.upstream + self.path, content=body, headers=headers)
                content = proxy.observe(self.path, answer)
                self.send_response(answer.status_code)
                for name, value in answer.headers.multi_items():
                    if name.lower() not in HOP_HEADERS:
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                self.wfile.write(content)

        return Handler
