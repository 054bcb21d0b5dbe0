"""A market's leading lenders from documented routes: the registry and each lender's own `/rankings`.

The ranking costs a request per lender read (services/data_api/lender_ranking.py); the page reads
it once per process and settings for every market. Prints the median time of a cold read (a new
client with an empty cache, as a new process has) with 1 reader and with `RANKING_READERS`, and
the count of requests. Starts its own sandbox and reads with the bench key (no rate limit).
"""

from __future__ import annotations

import statistics
import time

import httpx2

from devtools.streamlit_process import sandbox_env
from services.data_api import DataApi
from services.data_api.lender_ranking import RANKING_READERS, read_ranked_registry
from services.sandbox_process import run_sandbox
from services.settings import load_settings
from services.stores.memory import MemoryStore

BENCH_KEY = "zpka_sandbox_bench"
ROUNDS = 5


def cold_read_ms(settings, readers: int) -> tuple[float, int]:
    """Median ms of a cold read of the ranked registry, and the requests one read sends."""
    times, requests = [], 0
    for _ in range(ROUNDS):
        sent: list[str] = []
        with httpx2.Client(timeout=60, event_hooks={"request": [lambda request: sent.append(request.url.path)]}) as http:
            with DataApi(settings, http_client=http, cache=MemoryStore()) as api:
                start = time.perf_counter()
                read_ranked_registry(api, readers=readers)
                times.append(time.perf_counter() - start)
        requests = sum(1 for path in sent if path.startswith("/v1/lenders"))
    return statistics.median(times) * 1000, requests


def main() -> None:
    with run_sandbox() as sandbox:
        settings = load_settings(sandbox_env(sandbox.url, BENCH_KEY), "/nonexistent/secrets.toml")
        for readers in (1, RANKING_READERS):
            ms, requests = cold_read_ms(settings, readers)
            print(f"ranked registry, {readers} reader(s): {ms:8.1f} ms cold ({requests} requests, "
                  f"median of {ROUNDS})", flush=True)


if __name__ == "__main__":
    main()
