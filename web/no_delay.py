"""Answers sent at once: TCP_NODELAY on the server's listening socket.

Streamlit 1.67 binds its listening socket itself (`socket.socket(family=...)`, protocol left 0).
asyncio turns Nagle's algorithm off only on sockets whose `proto` says TCP, so every connection
Streamlit accepts kept it on: an answer written in two parts (headers, then a body; one
websocket message after another) held its second part until the browser acknowledged the
first, and browsers delay that acknowledgement by up to 40 ms. Each static file, the first
paint, each route of ours and each burst of a rerun's messages waited about 40 ms for nothing
(`python -m bench round_trip` prints it, on and off).

On Linux and macOS an accepted socket takes TCP_NODELAY from its listener, so setting it on the
listening socket once, after Streamlit binds it and before the server accepts (uvicorn imports
app.py in between), covers every connection. The process's listening TCP sockets are found
among its open descriptors; where they cannot be listed, nothing changes.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator

_DESCRIPTOR_DIRS = ("/proc/self/fd", "/dev/fd")


def _open_descriptors() -> list[int]:
    for directory in _DESCRIPTOR_DIRS:
        try:
            return [int(name) for name in os.listdir(directory) if name.isdigit()]
        except OSError:
            continue
    return []


def _listening_tcp_sockets() -> Iterator[socket.socket]:
    """A duplicate of each listening TCP socket of this process (closing it leaves the original)."""
    for descriptor in _open_descriptors():
        try:
            copy = os.dup(descriptor)
        except OSError:
            continue  # gone since it was listed
        try:
            duplicate = socket.socket(fileno=copy)
        except OSError:
            # Not a socket (a pipe, a file): its copy is closed here, or the pipe's other end never
            # saw it closed (a child's stdin left open kept the child, Playwright's driver, from exiting).
            os.close(copy)
            continue
        with duplicate:
            try:
                listening = duplicate.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)
            except OSError:
                continue
            if listening and duplicate.family in (socket.AF_INET, socket.AF_INET6) and duplicate.type == socket.SOCK_STREAM:
                yield duplicate


def no_delay_on_listening_sockets() -> int:
    """Set TCP_NODELAY on every listening TCP socket of this process; how many were set."""
    done = 0
    for listener in _listening_tcp_sockets():
        try:
            listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            done += 1
        except OSError:
            continue
    return done
