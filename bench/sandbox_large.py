"""The sandbox at `--scale large` (at least 1,000,000 deals): cells latency, keyset paging, RSS.

Figures (issue 2, Speed):
- `/v1/deals/cells` for a metro bbox and 12 months, p50 server side (Server-Timing), target ≤ 25 ms;
- a keyset page of `/v1/deals` at page 200 against page 1 (target within 1.2×), with the OFFSET
  form of page 200 run straight on DuckDB beside it;
- the sandbox process's RSS after the runs (target ≤ 1.5 GB).
Builds the large dataset first when `.data` has none (a few minutes, once).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import httpx2

from bench._built_sandbox import built_sandbox
from sandbox.data_api.db import Database
from sandbox.data_api.filters import DealFilters
from sandbox.data_api.routes.deals import DEAL_SORTS

SCALE = "large"
METRO = "DFW"
YEAR = ("2025-11-01", "2026-10-31")
PAGES = 200
PAGE_SIZE = 500
REPEATS = 15


def server_ms(response: httpx2.Response) -> float:
    assert response.status_code == 200, response.text[:300]
    return float(response.headers["Server-Timing"].split("dur=")[1])


def rss_mb(pid: int) -> tuple[float, float]:
    """(current, peak) resident set of a process, in MB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def print_cells(client: httpx2.Client, url: str, place: dict[str, str]) -> None:
    cells_params = {**place, "from": YEAR[0], "to": YEAR[1]}
    for _ in range(3):
        client.get(f"{url}/v1/deals/cells", params=cells_params)
    cell_times, client_times = [], []
    for _ in range(40):
        started = time.perf_counter()
        response = client.get(f"{url}/v1/deals/cells", params=cells_params)
        client_times.append((time.perf_counter() - started) * 1000)
        cell_times.append(server_ms(response))
    print(f"cells res 8, {METRO} bbox, 12 months: {len(response.json()['data']):,} cells; "
          f"p50 {statistics.median(cell_times):.1f} ms server side (target <= 25), "
          f"{statistics.median(client_times):.1f} ms at the client")


def print_keyset_over_http(client: httpx2.Client, url: str, place: dict[str, str]) -> None:
    # Walk to page 200 once, keeping the cursor that opens each page.
    cursor, cursors = None, {}
    for page in range(1, PAGES + 1):
        cursors[page] = cursor
        params = {**place, "limit": PAGE_SIZE, **({"cursor": cursor} if cursor else {})}
        cursor = client.get(f"{url}/v1/deals", params=params).json()["page"]["next_cursor"]
    timings = {}
    for page in (1, PAGES):
        params = {**place, "limit": PAGE_SIZE, **({"cursor": cursors[page]} if cursors[page] else {})}
        client.get(f"{url}/v1/deals", params=params)
        timings[page] = statistics.median(server_ms(client.get(f"{url}/v1/deals", params=params))
                                          for _ in range(REPEATS))
    print(f"/v1/deals keyset over HTTP, {PAGE_SIZE} rows a page: page 1 {timings[1]:.1f} ms, page {PAGES} "
          f"{timings[PAGES]:.1f} ms server side, ratio {timings[PAGES] / timings[1]:.2f} (target <= 1.2)")


def median_ms(run: Callable[[], object]) -> float:
    samples = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        run()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)


def print_keyset_on_duckdb(path: Path, bbox: list[float]) -> None:
    """The same pages straight on DuckDB, beside the OFFSET form of page 200."""
    db = Database(path)
    where, where_params = db.deal_where(DealFilters(bbox=tuple(bbox)))
    sort = DEAL_SORTS["date_desc"]
    after, starts = None, {}
    for page in range(1, PAGES + 1):
        starts[page] = after
        last = db.deal_page(where, where_params, sort, after, PAGE_SIZE, None)[PAGE_SIZE - 1]
        after = [last["sale_date"], last["seq"]]
    first = median_ms(lambda: db.deal_page(where, where_params, sort, starts[1], PAGE_SIZE, None))
    deep = median_ms(lambda: db.deal_page(where, where_params, sort, starts[PAGES], PAGE_SIZE, None))
    offset = median_ms(lambda: db.deal_page_offset(where, where_params, sort, (PAGES - 1) * PAGE_SIZE, PAGE_SIZE))
    print(f"DuckDB only: keyset page 1 {first:.1f} ms, page {PAGES} {deep:.1f} ms (ratio {deep / first:.2f}); "
          f"OFFSET {(PAGES - 1) * PAGE_SIZE:,} equivalent {offset:.1f} ms (ratio {offset / first:.2f})")


def print_largest_lender(client: httpx2.Client, url: str) -> None:
    lender_id = client.get(f"{url}/_sandbox/fixtures").json()["data"]["large_lender_id"]
    lender = client.get(f"{url}/v1/lenders/{lender_id}").json()["data"]
    export = client.get(f"{url}/v1/lenders/{lender_id}/loans", headers={"Accept": "text/csv"})
    print(f"largest lender {lender_id}: {lender['n_loans']:,} loans; CSV export answers {export.status_code} "
          f"{export.json().get('code') if export.status_code != 200 else ''} (cap 50,000 rows)")


def main() -> None:
    with built_sandbox(SCALE) as built:
        url, client, path = built.url, built.client, built.path
        bbox = client.get(f"{url}/_sandbox/fixtures").json()["data"]["markets"][METRO]
        place = {"bbox": ",".join(map(str, bbox))}
        n_deals = client.get(f"{url}/v1/deals/summary", params=place).json()["data"]["n_deals"]
        print(f"metro {METRO}: bbox {bbox}, {n_deals:,} deals")
        print_cells(client, url, place)
        print_keyset_over_http(client, url, place)
        print_keyset_on_duckdb(path, bbox)
        print_largest_lender(client, url)
        current, peak = rss_mb(built.sandbox.process.pid)
        print(f"sandbox process RSS {current:.0f} MB, peak {peak:.0f} MB (target <= 1536)")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
