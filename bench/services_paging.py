"""Walking 20,000 deals (40 pages of 500) with `DataApi` against the bare HTTP floor.

The floor is the same 40 requests made with a bare `httpx2.Client` (only the cursor read
from each body): the server's own page time plus one round trip per page. Target: the
client's walk (parsing every deal into a model) costs at most 1.1× the floor.
Starts its own sandbox (`tests.processes.run_sandbox`) and reads with the bench key.
"""

from __future__ import annotations

import json
import statistics
import time

import httpx2

from services.data_api import DataApi
from services.settings import load_settings
from tests.processes import run_sandbox, sandbox_env

BENCH_KEY = "zpka_sandbox_bench"
ROWS = 20_000
PAGE = 500
ROUNDS = 5
TARGET_RATIO = 1.1


def covering_bbox(api: DataApi) -> tuple[float, float, float, float]:
    """One box over every served market, so the walk has more than 20,000 deals to page through."""
    boxes = [market.bbox for market in api.coverage.retrieve().markets if market.bbox]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def bare_walk(url: str, headers: dict[str, str], params: dict[str, str]) -> tuple[float, int, float]:
    """(seconds, rows, seconds spent inside requests) walking with bare HTTP."""
    rows, cursor, in_requests = 0, None, 0.0
    with httpx2.Client(base_url=url, headers=headers, timeout=60) as client:
        start = time.perf_counter()
        while rows < ROWS:
            query = {**params, **({"cursor": cursor} if cursor else {})}
            sent = time.perf_counter()
            response = client.get("/v1/deals", params=query)
            response.raise_for_status()
            in_requests += time.perf_counter() - sent
            body = json.loads(response.content)
            rows += body["page"]["returned"]
            cursor = body["page"]["next_cursor"]
            if cursor is None:
                break
        return time.perf_counter() - start, rows, in_requests


def client_walk(settings, bbox) -> tuple[float, int, int]:
    """(seconds, rows, pages) walking with DataApi (fresh cache each time)."""
    with DataApi(settings) as api:
        api.dataset()  # the version probe is not part of the walk
        pages = []
        start = time.perf_counter()
        deals = api.deals.list(bbox=bbox, sort="date_desc", limit=PAGE).walk(
            progress=lambda count, rows: pages.append(count), max_rows=ROWS
        )
        elapsed = time.perf_counter() - start
        assert len({deal.id for deal in deals}) == len(deals), "duplicate deals in the walk"
        return elapsed, len(deals), pages[-1]


def main() -> None:
    with run_sandbox() as sandbox:
        settings = load_settings(sandbox_env(sandbox.url, BENCH_KEY), "/nonexistent/secrets.toml")
        with DataApi(settings) as api:
            bbox = covering_bbox(api)
            total = api.deals.summary(bbox=bbox).n_deals
        params = {"bbox": ",".join(f"{v:g}" for v in bbox), "sort": "date_desc", "limit": str(PAGE)}
        headers = {"Authorization": f"Bearer {BENCH_KEY}", "X-On-Behalf-Of": settings.on_behalf_of or ""}
        print(f"deals in the box: {total:,d}; walking {ROWS:,d} in pages of {PAGE}")
        bare_walk(sandbox.url, headers, params)  # warm the server
        bare_times, client_times = [], []
        for _ in range(ROUNDS):
            seconds, rows, _ = bare_walk(sandbox.url, headers, params)
            bare_times.append(seconds)
            seconds, client_rows, pages = client_walk(settings, bbox)
            client_times.append(seconds)
        floor, walk = statistics.median(bare_times), statistics.median(client_times)
        ratio = walk / floor
        print(f"bare HTTP floor (server page times + one round trip per page): {floor * 1000:8.0f} ms for {rows:,d} rows")
        print(f"DataApi walk ({pages} pages, typed deals):                      {walk * 1000:8.0f} ms for {client_rows:,d} rows")
        print(f"ratio {ratio:.3f} (target ≤ {TARGET_RATIO}) {'ok' if ratio <= TARGET_RATIO else 'OVER TARGET'}")


if __name__ == "__main__":
    main()
