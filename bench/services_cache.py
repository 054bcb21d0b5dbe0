"""Cached reads: time per read (target ≤ 0.2 ms) and memory over 1,000 reads (target: bounded).

Starts its own sandbox (`services.sandbox_process.run_sandbox`) and reads with the bench key.
"""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc

from services.stores.memory import MemoryStore
from services.data_api import DataApi
from services.settings import load_settings
from devtools.streamlit_process import sandbox_env
from services.sandbox_process import run_sandbox

BENCH_KEY = "zpka_sandbox_bench"
TARGET_MS = 0.2
READS = 1_000
ROUNDS = 5


def time_reads(read, count: int) -> float:
    """Milliseconds per read over `count` reads."""
    start = time.perf_counter()
    for _ in range(count):
        read()
    return (time.perf_counter() - start) * 1000 / count


def memory_growth(read, count: int) -> int:
    """Bytes still allocated after `count` more reads (after a warm-up)."""
    for _ in range(count):
        read()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(count):
        read()
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    return sum(stat.size_diff for stat in after.compare_to(before, "filename"))


def main() -> None:
    with run_sandbox() as sandbox:
        settings = load_settings(sandbox_env(sandbox.url, BENCH_KEY), "/nonexistent/secrets.toml")
        store = MemoryStore()
        with DataApi(settings, cache=store) as api:
            bbox = tuple(api.coverage.retrieve().markets[0].bbox)
            first = api.deals.list(bbox=bbox, limit=1).items[0]
            reads = {
                "deals.retrieve": lambda: api.deals.retrieve(first.id),
                "deals.summary": lambda: api.deals.summary(bbox=bbox),
                "deals.list (one page of 500)": lambda: api.deals.list(bbox=bbox, limit=500),
            }
            failed = False
            for name, read in reads.items():
                read()  # fill the cache
                sent = api.requests_sent
                per_read = statistics.median(time_reads(read, READS) for _ in range(ROUNDS))
                growth = memory_growth(read, READS)
                extra_requests = api.requests_sent - sent
                ok = per_read <= TARGET_MS and growth < 64 * 1024 and extra_requests == 0
                failed |= not ok
                print(
                    f"{name:32s} {per_read * 1000:8.1f} µs/read (target ≤ {TARGET_MS * 1000:.0f} µs)  "
                    f"memory after {READS} more reads: {growth:+,d} B  requests: {extra_requests}  "
                    f"{'ok' if ok else 'OVER TARGET'}"
                )
            print(f"cache store: {len(store)} entries, {store.current_bytes:,d} B counted")
            if failed:
                print("services_cache: a target was missed")


if __name__ == "__main__":
    main()
