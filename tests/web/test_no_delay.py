"""Answers go out at once (web/no_delay.py, sandbox/__main__.py): no connection the app or the
sandbox accepts keeps Nagle's algorithm on, which held each answer written in two parts until the
client's delayed acknowledgement, about 40 ms, on every request."""

from __future__ import annotations

import asyncio
import os
import socket
import time

import httpx2
import pytest

from sandbox.__main__ import listening_socket
from web.no_delay import no_delay_on_listening_sockets

# Linux delays an acknowledgement at least 40 ms: a server that keeps Nagle's algorithm on answers
# no keep-alive request faster. One round trip in twenty under that shows none was held (a busy
# machine may slow some of them, never all twenty).
HELD_S = 0.040
REQUESTS = 20


def accepted_no_delay(listener: socket.socket) -> int:
    with socket.create_connection(listener.getsockname()[:2]):
        accepted, _ = listener.accept()
        with accepted:
            return accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


def test_a_listener_bound_as_streamlit_binds_it_hands_out_no_delay_connections_once_set():
    with socket.socket(family=socket.AF_INET) as listener:  # as Streamlit 1.67's _bind_socket makes it
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        assert accepted_no_delay(listener) == 0, "the kernel's default, which asyncio leaves for proto 0"
        assert no_delay_on_listening_sockets() >= 1
        assert accepted_no_delay(listener) != 0
        assert listener.fileno() >= 0, "the listener itself stays open"


def test_the_search_leaves_no_descriptor_open_behind_it():
    """Each descriptor is copied to be looked at; a pipe's copy left open kept its reader from ever
    seeing the pipe closed (Playwright's driver then never stopped)."""
    reader, writer = os.pipe()
    try:
        before = sorted(os.listdir("/proc/self/fd"))
        no_delay_on_listening_sockets()
        assert sorted(os.listdir("/proc/self/fd")) == before
    finally:
        os.close(reader)
        os.close(writer)


def test_the_sandboxs_listener_is_tcp_so_asyncio_turns_nagle_off():
    async def accept_one() -> int:
        listener = listening_socket("127.0.0.1", 0)
        seen: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        def connected(reader, writer):
            seen.set_result(writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(connected, sock=listener)
        async with server:
            _, writer = await asyncio.open_connection(*listener.getsockname()[:2])
            value = await asyncio.wait_for(seen, 10)
            writer.close()
            return value

    assert asyncio.run(accept_one()) != 0


def fastest_round_trip(url: str) -> float:
    with httpx2.Client(base_url=url) as client:
        client.get("/")
        fastest = float("inf")
        for _ in range(REQUESTS):
            started = time.perf_counter()
            client.get("/")
            fastest = min(fastest, time.perf_counter() - started)
        return fastest


@pytest.mark.parametrize("server", ["sandbox_process", "served_app"])
def test_no_answer_waits_for_the_clients_acknowledgement(server, request):
    target = request.getfixturevalue(server)
    url = target if isinstance(target, str) else target.url
    assert fastest_round_trip(url) < HELD_S * 0.85, f"every answer of {server} waited about {HELD_S * 1000:.0f} ms"
