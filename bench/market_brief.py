"""The Map's market brief (issue 29): the PDF of a whole market's view, target under 3 s.

For each served market, what "Make a market brief" does once the Map shows the whole market:
its cells at the resolution the Map draws that view at, its summary (deals by month), its ten
leading investors and the freshness probe, read over HTTP from the sandbox, then the PDF drawn
(services/market_brief.py). Each market is made five times; the first make of the process also
pays for loading matplotlib's fonts, said apart. `BENCH_SCALE` picks the dataset (small by default).
"""

from __future__ import annotations

import os
import statistics
import time

from bench._built_sandbox import built_sandbox
from mapspec.view import View, choose_resolution
from services.market_brief import BriefData, InvestorLine, market_brief

REPEATS = 5
TARGET_S = 3.0


def make(client, url: str, market: dict) -> tuple[bytes, int, float]:
    started = time.perf_counter()
    view = View(*market["bbox"])
    bbox = view.text()
    resolution = choose_resolution(view)
    cells = client.get(f"{url}/v1/deals/cells", params={"bbox": bbox, "resolution": resolution}).json()["data"]
    summary = client.get(f"{url}/v1/deals/summary", params={"bbox": bbox}).json()["data"]
    investors = client.get(f"{url}/v1/investors", params={"bbox": bbox, "limit": 10}).json()["data"]
    dataset = client.get(f"{url}/v1/dataset").json()["data"]
    read_s = time.perf_counter() - started
    data = BriefData(
        place_name=f"{market['name']} ({market['market']})", filters_label="every deal", bbox=tuple(market["bbox"]),
        cells=[(row["cell"], row["n_deals"]) for row in cells],
        investors=[InvestorLine(str(row.get("display_name") or row.get("name") or "—"), str(row.get("kind") or "—"),
                                row.get("n_deals")) for row in investors],
        by_month=[(row["month"], row["n"]) for row in summary["by_month"]], n_deals=summary["n_deals"],
        n_investors=summary["n_investors"], median_price=summary["median_price"],
        dataset_version=dataset["dataset_version"], data_end=dataset["data_end"], published_at=dataset["published_at"],
        link=f"http://localhost:8501/map?market={market['market']}",
    )
    return market_brief(data), len(cells), read_s


def main() -> None:
    scale = os.environ.get("BENCH_SCALE", "small")
    with built_sandbox(scale) as built:
        markets = built.client.get(f"{built.url}/v1/coverage").json()["data"]["markets"]
        started = time.perf_counter()
        make(built.client, built.url, markets[0])
        print(f"  first brief of the process (fonts loaded): {time.perf_counter() - started:.2f} s")
        medians = []
        for market in markets:
            times, reads = [], []
            for _ in range(REPEATS):
                started = time.perf_counter()
                pdf, n_cells, read_s = make(built.client, built.url, market)
                times.append(time.perf_counter() - started)
                reads.append(read_s)
            medians.append(statistics.median(times))
            print(f"  {market['market']}: {n_cells:,} cells, {len(pdf) / 1024:.0f} KiB, median {medians[-1]:.2f} s "
                  f"(reads {statistics.median(reads):.2f} s), slowest {max(times):.2f} s")
        print(f"market brief of a whole market's view at --scale {scale}: median {statistics.median(medians):.2f} s, "
              f"slowest market {max(medians):.2f} s (target < {TARGET_S:.0f} s)")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
