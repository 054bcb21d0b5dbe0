"""Comparable sales and market trends (issue 46): comps and range for 20 parcels, cold p50 ≤ 1.5 s and
warm ≤ 0.2 s; a market's trends warm ≤ 0.3 s.

Through the app's own client (`DataApi`, the bench key: no credit or rate limit) and the logic the
pages use (comps/rules.py, comps/value.py, mapspec/trends.py), over HTTP to a sandbox of the
built dataset. For each parcel (three of each market that have a point, in the search's order):
the three free counts, the reads the search needs (as the page makes them: the first the counts
allow, then wider while too few) and the range. Cold: a new client (an empty cache) per parcel;
warm: the same again on that client, as a second visit, whose reads its cache answers. The
parcel's own read (the page has it before comps are asked) is timed apart. Trends: a market's 24
month summaries and 2 year summaries, 4 at a time, cold (a new client) then warm.
`BENCH_SCALE` picks the dataset (small by default).
"""

from __future__ import annotations

import os
import statistics
import time
from datetime import date

from bench._built_sandbox import KEY, built_sandbox
from comps.rules import READS, Subject, run_search, sale_of
from comps.value import value_range
from devtools.streamlit_process import sandbox_env
from mapspec.timeline import month_filters
from mapspec.trends import gather, window_end
from services.data_api import DataApi
from services.settings import load_settings

PARCELS = 20
PER_MARKET = 3
COLD_TARGET_S, WARM_TARGET_S, TRENDS_WARM_TARGET_S = 1.5, 0.2, 0.3
TREND_ROUNDS = 5


def new_client(url: str) -> DataApi:
    return DataApi(load_settings(sandbox_env(url, KEY), "/nonexistent/secrets.toml"))


def parcels(api: DataApi) -> list[tuple[Subject, date]]:
    """Twenty parcels with a point, a few of each market, and each market's data end."""
    found = []
    for market in api.coverage.retrieve().markets:
        rows = api.properties.search({"place": {"bbox": list(market.bbox)}, "limit": 40}).items
        located = [row for row in rows if row.latitude is not None][:PER_MARKET]
        end = date.fromisoformat(str(market.data_end)[:10])
        found += [(subject_of(row), end) for row in located]
    return found[:PARCELS]


def subject_of(row) -> Subject:
    return Subject(row.property_id, row.latitude, row.longitude, living_area_sqft=row.living_area_sqft)


def comps_and_range(api: DataApi, subject: Subject, end: date) -> tuple[int, str]:
    """What the page does once asked: counts, reads, range; the comps found and the rule's radius."""
    counts = {reach: api.deals.summary(**reach.filters(subject, end)).n_priced for reach in READS}

    def read(reach):
        page = api.deals.list(sort="distance", limit=500, **reach.filters(subject, end))
        return [sale_of(deal) for deal in page.walk(max_rows=1000)]

    search = run_search(subject, end, counts, read)
    value_range(search.found.comps, subject)
    rule = search.found.rule
    return len(search.found.comps), (f"{rule.reach.radius_miles:g} mi/{rule.reach.months} mo"
                                     + ("/any size" if rule.size_band is None and subject.living_area_sqft else ""))


def time_comps(url: str, chosen: list[tuple[Subject, date]]) -> None:
    cold, warm, subject_reads, rules = [], [], [], []
    for subject, end in chosen:
        with new_client(url) as api:
            started = time.perf_counter()
            api.properties.search({"place": {"property_id": subject.property_id}})
            subject_reads.append(time.perf_counter() - started)
            started = time.perf_counter()
            count, rule = comps_and_range(api, subject, end)
            cold.append(time.perf_counter() - started)
            started = time.perf_counter()
            comps_and_range(api, subject, end)
            warm.append(time.perf_counter() - started)
            rules.append(f"{count} by {rule}")
    print(f"  rules that found the comps: {', '.join(rules)}")
    print(f"  the parcel's own read (before comps are asked): p50 {statistics.median(subject_reads):.3f} s")
    print(f"comps and range for {len(chosen)} parcels: cold p50 {statistics.median(cold):.3f} s "
          f"(slowest {max(cold):.3f} s; target ≤ {COLD_TARGET_S} s), warm p50 {statistics.median(warm):.3f} s "
          f"(slowest {max(warm):.3f} s; target ≤ {WARM_TARGET_S} s)")


def time_trends(url: str) -> None:
    with new_client(url) as api:
        market = api.coverage.retrieve().markets[0]
    place = {"bbox": list(market.bbox)}
    end = window_end(date.fromisoformat(str(market.data_end)[:10]))
    colds, warms = [], []
    for _ in range(TREND_ROUNDS):
        with new_client(url) as api:
            def summary_of(span, api=api):
                return api.deals.summary(**place, **month_filters({}, span)).model_dump(mode="json")

            started = time.perf_counter()
            gather(summary_of, end)
            colds.append(time.perf_counter() - started)
            started = time.perf_counter()
            gather(summary_of, end)
            warms.append(time.perf_counter() - started)
    print(f"trends of {market.market} (26 free summaries, 4 at a time): cold p50 {statistics.median(colds):.3f} s, "
          f"warm p50 {statistics.median(warms):.3f} s (slowest {max(warms):.3f} s; target ≤ {TRENDS_WARM_TARGET_S} s; "
          "the page's memo answers a rerun without even these)")


def main() -> None:
    scale = os.environ.get("BENCH_SCALE", "small")
    with built_sandbox(scale) as built:
        with new_client(built.url) as api:
            chosen = parcels(api)
        time_comps(built.url, chosen)
        time_trends(built.url)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
