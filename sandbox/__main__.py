"""`python -m sandbox`: build (or reuse) the dataset, then serve both contracts.

Prints `sandbox ready on http://HOST:PORT` once it answers requests (decisions.md).
"""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

import uvicorn

from sandbox.core.config import (
    CSV_CAP,
    DEFAULT_DAILY_RATE_LIMIT,
    DEFAULT_PORT,
    DEFAULT_RATE_LIMIT,
    MAX_CELLS,
    SCALES,
    SandboxConfig,
    default_data_dir,
)
from sandbox.parent_watch import watch_parent
from sandbox.server import create_app


def parse_args(argv: list[str] | None = None) -> SandboxConfig:
    parser = argparse.ArgumentParser(prog="python -m sandbox", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="0 picks a free port")
    parser.add_argument("--scale", choices=SCALES, default="small")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--data-dir", type=Path, default=None)
    parser.add_argument("--admin", action="store_true", help="mount the /_sandbox control routes")
    parser.add_argument("--rate-limit", type=int, default=DEFAULT_RATE_LIMIT, help="requests per key per minute")
    parser.add_argument("--rate-limit-day", type=int, default=DEFAULT_DAILY_RATE_LIMIT, help="requests per key per UTC day")
    parser.add_argument("--app-url", action="append", default=[],
                        help="an app this sandbox serves: its /marketplace is a redirect URI of the registered app")
    parser.add_argument("--variety", action="store_true",
                        help="serve what a live host may and this sandbox otherwise does not: short and empty pages "
                             "with cursors, unknown fields, nulls, a market without parcels, history and addresses")
    # Test-only knobs: lower the caps so that tests reach them on the small dataset.
    parser.add_argument("--csv-cap", type=int, default=CSV_CAP, help=argparse.SUPPRESS)
    parser.add_argument("--max-cells", type=int, default=MAX_CELLS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    return SandboxConfig(
        host=args.host,
        port=args.port,
        scale=args.scale,
        seed=args.seed,
        data_dir=args.data_dir or default_data_dir(),
        admin=args.admin,
        rate_limit=args.rate_limit,
        rate_limit_day=args.rate_limit_day,
        csv_cap=args.csv_cap,
        max_cells=args.max_cells,
        variety=args.variety,
        app_urls=tuple(url.rstrip("/") for url in args.app_url),
    )


def _exit_with(argv: list[str] | None) -> tuple[int | None, list[str]]:
    """`--exit-with PID` (sandbox/parent_watch.py), taken apart from the server's options."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--exit-with", type=int, default=None)
    known, rest = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    return known.exit_with, rest


class _AnnouncingServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, ready_line: str) -> None:
        super().__init__(config)
        self._ready_line = ready_line

    async def startup(self, sockets=None) -> None:
        await super().startup(sockets=sockets)
        print(self._ready_line, flush=True)


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound and listening. Its protocol is named, not left 0: asyncio turns
    Nagle's algorithm off (TCP_NODELAY) only on sockets whose `proto` says TCP, and an accepted one
    takes the listener's; left on, each answer written in two parts (headers, then body) waited
    for the client's delayed acknowledgement, 40 ms on every request."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(512)
    return sock


def main(argv: list[str] | None = None) -> int:
    parent_pid, argv = _exit_with(argv)
    config = parse_args(argv)
    servers: list[uvicorn.Server] = []

    def stop_serving() -> None:
        for server in servers:
            server.should_exit = True

    if parent_pid is not None:
        # Watched from the start: a parent may end while the dataset is still being built.
        watch_parent(parent_pid, stop=stop_serving)
    # Bind first so that `--port 0` resolves to a real port before the app is built:
    # the issuer URL and problem `type` links carry it.
    sock = listening_socket(config.host, config.port)
    port = sock.getsockname()[1]
    config = SandboxConfig(**{**config.__dict__, "port": port})


    app = create_app(config)
    uv_config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    server = _AnnouncingServer(uv_config, f"sandbox ready on {config.base_url}")
    servers.append(server)
    server.run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
