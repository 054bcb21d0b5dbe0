"""Server-side time of the Map page with the densest view (target: warm rerun ≤ 50 ms at 20,000 cells).

Runs the real page script under `streamlit.testing.v1.AppTest` against the sandbox. A
warm rerun is what a person's click on a widget costs once the cells were read: the
script, the cached spec, and the chart message. Figures also give bytes per cell of the
chart message (target ≤ 40).
"""

from __future__ import annotations

import json
import os
import statistics
import time
from contextlib import contextmanager
from pathlib import Path

RUNS = 15
PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "map.py")


@contextmanager
def environment(values: dict[str, str]):
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def chart_payload(app) -> tuple[int, int]:
    """(bytes of the chart's JSON, cells in it)."""
    from components.map_layers import CELL_LAYERS

    chart = app.get("deck_gl_json_chart")[0]
    spec = json.loads(chart.proto.json)
    cells = sum(len(layer["data"]) for layer in spec["layers"] if layer.get("id") in CELL_LAYERS)
    return len(chart.proto.json.encode("utf-8")), cells


def main() -> None:
    from streamlit.testing.v1 import AppTest

    from bench.map_setup import describe, map_bench

    with map_bench() as bench, environment(bench.env):
        print(describe(bench))
        app = AppTest.from_file(PAGE, default_timeout=300)
        for name, value in bench.query.items():
            app.query_params[name] = value
        started = time.perf_counter()
        app.run()
        cold_ms = (time.perf_counter() - started) * 1000
        if app.exception:
            raise RuntimeError(f"the page failed: {app.exception}")
        size, cells = chart_payload(app)
        timings = []
        for _ in range(RUNS):
            started = time.perf_counter()
            app.run()
            timings.append((time.perf_counter() - started) * 1000)
        print(f"cells drawn: {cells:,}")
        print(f"chart message: {size:,} bytes, {size / max(cells, 1):.1f} bytes per cell (target <= 40)")
        print(f"cold first run: {cold_ms:.0f} ms (reads the cells from the sandbox)")
        print(
            f"warm rerun over {RUNS} runs: median {statistics.median(timings):.1f} ms, "
            f"max {max(timings):.1f} ms (target median <= 50 ms; includes AppTest's own message parsing)"
        )


if __name__ == "__main__":
    main()
