"""What the map benchmarks run on: a sandbox and the densest market view it serves.

`python -m bench map_setup` prints the view the other `map_*` benchmarks use. The sandbox
runs at `--scale large` (decisions.md: at least 1,000,000 deals, for benchmarks) with the
bench key (no credit or rate limit); `DEEDSCOPE_BENCH_SCALE=small` runs them quickly on
less data, and then the cells in view fall short of 20,000 (the figures say so).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass

from mapspec.view import MAX_VIEW_CELLS, View, choose_resolution
from services.data_api import DataApi
from services.settings import load_settings
from devtools.streamlit_process import sandbox_env
from services.sandbox_process import SandboxProcess, run_sandbox

BENCH_KEY = "zpka_sandbox_bench"
SCALE = os.environ.get("DEEDSCOPE_BENCH_SCALE", "large")


@dataclass(frozen=True)
class MapBench:
    sandbox: SandboxProcess
    market: str
    view: View
    resolution: int
    n_cells: int

    @property
    def env(self) -> dict[str, str]:
        return sandbox_env(self.sandbox.url, BENCH_KEY)

    @property
    def query(self) -> dict[str, str]:
        """The page's deep link to this view."""
        return {"market": self.market, "view": self.view.text()}


def densest_view(api: DataApi) -> tuple[str, View, int, int]:
    """The served market whose whole box holds the most cells at the page's resolution."""
    best: tuple[str, View, int, int] | None = None
    for market in api.coverage.retrieve().markets:
        if not market.bbox:
            continue
        view = View(*market.bbox)
        resolution = choose_resolution(view)
        count = len(api.deals.cells_frame(bbox=view.text(), resolution=resolution))
        if best is None or count > best[3]:
            best = (market.market, view, resolution, count)
    if best is None:
        raise RuntimeError("the sandbox serves no market with a bbox")
    return best


@contextlib.contextmanager
def map_bench() -> Iterator[MapBench]:
    with run_sandbox(scale=SCALE) as sandbox:
        with DataApi(load_settings(sandbox_env(sandbox.url, BENCH_KEY), secrets_path="/nonexistent")) as api:
            market, view, resolution, count = densest_view(api)
        yield MapBench(sandbox, market, view, resolution, count)


def describe(bench: MapBench) -> str:
    note = "" if bench.n_cells >= MAX_VIEW_CELLS * 0.9 else f" (fewer than {MAX_VIEW_CELLS:,}: the data is sparser here)"
    return (
        f"sandbox --scale {SCALE}; view: market {bench.market}, bbox {bench.view.text()}, "
        f"H3 resolution {bench.resolution}, {bench.n_cells:,} cells{note}"
    )


def main() -> None:
    with map_bench() as bench:
        print(describe(bench))
