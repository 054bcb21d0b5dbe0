"""Walking 20,000 deals (40 pages of 500) with `DataApi` against the bare HTTP floor.

The floor is the same 40 requests made with a bare `httpx2.Client` (only the cursor read
from each body): the server's own page time plus one round trip per page. Target: the
client's walk (parsing every deal into a model) costs at most 1.1× the floor. The figure is
the median ratio of adjacent pairs (floor, walk). The machine is shared, so to keep the
noise down: both paths are warmed up first, there are 11 pairs, and the order inside a
pair alternates (floor first, then walk first), so load that drifts during a pair does not
always fall on the same side; before each walk the garbage of the last is collected,
untimed. The client's own CPU time per walk is printed too: unlike wall time it barely
moves with other work on the machine.
Starts its own sandbox (`services.sandbox_process.run_sandbox`) and reads with the bench key.
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import time

import httpx2

from services.data_api import DataApi
from services.settings import load_settings
from devtools.streamlit_process import sandbox_env
from services.sandbox_process import run_sandbox

BENCH_KEY = "zpka_sandbox_bench"
ROWS = 20_000
PAGE = 500
ROUNDS = 11
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


def client_walk(settings, bbox) -> tuple[float, int, int, float]:
    """(seconds, rows, pages, seconds inside requests) walking with DataApi (fresh cache each time)."""
    inside = [0.0]

    def sent(request: httpx2.Request) -> None:
        request.extensions["bench_sent"] = time.perf_counter()

    def answered(response: httpx2.Response) -> None:
        inside[0] += time.perf_counter() - response.request.extensions["bench_sent"]

    with httpx2.Client(timeout=60, event_hooks={"request": [sent], "response": [answered]}) as client:
        with DataApi(settings, http_client=client) as api:
            api.dataset()  # the version probe is not part of the walk
            inside[0] = 0.0
            pages = []
            start = time.perf_counter()
            deals = api.deals.list(bbox=bbox, sort="date_desc", limit=PAGE).walk(
                progress=lambda count, rows: pages.append(count), max_rows=ROWS
            )
            elapsed = time.perf_counter() - start
    assert len({deal.id for deal in deals}) == len(deals), "duplicate deals in the walk"
    return elapsed, len(deals), pages[-1], inside[0]


def with_cpu(walk, *args):
    """(what `walk(*args)` returned, CPU seconds this process spent in it).

    The garbage of the walk before is collected first, untimed: a finished `DataApi` (a
    cycle with its resources) holds its cache of 20,000 parsed deals until a full
    collection, and that collection would otherwise be charged to whichever walk runs next.
    """
    gc.collect()
    started = time.process_time()
    result = walk(*args)
    return result, time.process_time() - started


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
        client_walk(settings, bbox)  # and the client (model schemas, first thread)
        floors, walks, ratios, outside, floor_cpu, walk_cpu = [], [], [], [], [], []
        for round_number in range(ROUNDS):
            if round_number % 2 == 0:
                (floor, rows, _), floor_cpu_s = with_cpu(bare_walk, sandbox.url, headers, params)
                (walk, client_rows, pages, inside), walk_cpu_s = with_cpu(client_walk, settings, bbox)
            else:
                (walk, client_rows, pages, inside), walk_cpu_s = with_cpu(client_walk, settings, bbox)
                (floor, rows, _), floor_cpu_s = with_cpu(bare_walk, sandbox.url, headers, params)
            floor_cpu.append(floor_cpu_s)
            walk_cpu.append(walk_cpu_s)
            floors.append(floor)
            walks.append(walk)
            ratios.append(walk / floor)
            outside.append((walk - inside) / walk)
        ratio = statistics.median(ratios)
        print("walk / floor of each pair: " + " ".join(f"{r:.2f}" for r in ratios))
        print(f"bare HTTP floor (server page times + one round trip per page): median {statistics.median(floors) * 1000:6.0f} ms, "
              f"best {min(floors) * 1000:6.0f} ms for {rows:,d} rows")
        print(f"DataApi walk ({pages} pages, typed deals, read-ahead):        median {statistics.median(walks) * 1000:6.0f} ms, "
              f"best {min(walks) * 1000:6.0f} ms for {client_rows:,d} rows")
        print(f"CPU time of this process: bare walk median {statistics.median(floor_cpu) * 1000:.0f} ms, "
              f"DataApi walk median {statistics.median(walk_cpu) * 1000:.0f} ms")
        print(f"share of the walk spent outside requests (parsing not hidden by read-ahead): "
              f"median {statistics.median(outside):.1%}")
        print(f"walk / floor, median of {ROUNDS} adjacent pairs: {ratio:.3f} (target ≤ {TARGET_RATIO}) "
              f"{'ok' if ratio <= TARGET_RATIO else 'OVER TARGET'}")
        print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
