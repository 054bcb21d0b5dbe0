"""A new HTTP client's cost, beside a plain peer: `httpx2.Client()` as httpx2 builds it, which
loads the system's certificates for its TLS context each time, and ours (`new_http_client`), which
takes the process's one context. Every session's data client, every marketplace login and every
token exchange builds one. Figures: CPU ms per client over ROUNDS.
"""

from __future__ import annotations

import time

import httpx2

from services.transport import new_http_client, shared_tls_context

ROUNDS = 50


def cpu_ms_per_client(build) -> float:
    started = time.process_time()
    for _ in range(ROUNDS):
        build().close()
    return (time.process_time() - started) * 1000 / ROUNDS


def main() -> None:
    shared_tls_context()  # built once, as the process's first client does
    plain = cpu_ms_per_client(httpx2.Client)
    ours = cpu_ms_per_client(new_http_client)
    print(f"plain httpx2.Client(): {plain:6.2f} ms of CPU per client")
    print(f"new_http_client():     {ours:6.2f} ms of CPU per client (one TLS context per process)")


if __name__ == "__main__":
    main()
