"""One request's round trip, keep-alive, to the sandbox and to the served app, beside a plain peer.

The plain peer is the same tiny ASGI answer served by uvicorn twice: on a listener bound as
Streamlit 1.67 binds its own (protocol left 0, so asyncio leaves Nagle's algorithm on for every
connection) and on the same after `web.no_delay.no_delay_on_listening_sockets()`. Then the real
servers as the app runs them: the sandbox (`python -m sandbox`) and `streamlit run app.py`.
Figures: median and fastest of ROUNDS requests, in ms.
"""

from __future__ import annotations

import socket
import statistics
import threading
import time

import httpx2
import uvicorn

from devtools.streamlit_process import run_streamlit, sandbox_env
from services.sandbox_process import run_sandbox
from web.no_delay import no_delay_on_listening_sockets

ROUNDS = 40


async def _tiny(scope, receive, send):
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"ok"})


def round_trips(url: str, path: str = "/") -> tuple[float, float]:
    with httpx2.Client(base_url=url) as client:
        client.get(path)
        spent = []
        for _ in range(ROUNDS):
            started = time.perf_counter()
            client.get(path)
            spent.append((time.perf_counter() - started) * 1000)
    return statistics.median(spent), min(spent)


def plain_peer(no_delay: bool) -> tuple[float, float]:
    listener = socket.socket(family=socket.AF_INET)  # as Streamlit's _bind_socket
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    if no_delay:
        no_delay_on_listening_sockets()
    server = uvicorn.Server(uvicorn.Config(_tiny, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        return round_trips(f"http://127.0.0.1:{listener.getsockname()[1]}")
    finally:
        server.should_exit = True
        thread.join(10)
        listener.close()


def show(label: str, figures: tuple[float, float]) -> None:
    print(f"  {label:<46} median {figures[0]:6.1f} ms   fastest {figures[1]:6.1f} ms", flush=True)


def main() -> None:
    print(f"{ROUNDS} keep-alive requests each:")
    show("plain uvicorn, listener as Streamlit binds it", plain_peer(no_delay=False))
    show("plain uvicorn, the same with TCP_NODELAY set", plain_peer(no_delay=True))
    with run_sandbox(scale="small") as sandbox:
        show("sandbox (GET /v1/coverage, unauthenticated)", round_trips(sandbox.url, "/v1/coverage"))
        with run_streamlit(sandbox_env(sandbox.url)) as app_url:
            show("served app (GET /_stcore/health)", round_trips(app_url, "/_stcore/health"))
            show("served app (GET /, the page)", round_trips(app_url, "/"))


if __name__ == "__main__":
    main()
