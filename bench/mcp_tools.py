"""A tool call of `POST /mcp` against the REST read it mirrors, for the same query.

Prints the median time of `deals_summary` (a small answer) and `deals_list` of 100 deals (a
larger one) through `DataTools` (the SDK's session over Streamable HTTP, one open session)
and through a bare `httpx2.Client` GET of the same route, and their ratio. What the tool adds
is the MCP framing (JSON-RPC, the result's text and structured copies) and the in-process
call of the route. Starts its own sandbox and reads with the bench key (no credit limit).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import httpx2

from devtools.streamlit_process import sandbox_env
from services.data_api.mcp_client import DataTools
from services.sandbox_process import run_sandbox
from services.settings import load_settings

BENCH_KEY = "zpka_sandbox_bench"
ROUNDS = 25
ZIP = "75201"
CASES = {
    "deals_summary": ("/v1/deals/summary", {"zip": ZIP}, {"place": {"zip": [ZIP]}}),
    "deals_list 100": ("/v1/deals", {"zip": ZIP, "limit": 100, "sort": "date_desc"},
                       {"place": {"zip": [ZIP]}, "limit": 100}),
}


def median_ms(run: Callable[[], object]) -> float:
    run()  # warm up: the first call opens connections and fills caches
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    with run_sandbox() as sandbox:
        settings = load_settings(sandbox_env(sandbox.url, BENCH_KEY), "/nonexistent/secrets.toml")
        headers = {"Authorization": f"Bearer {BENCH_KEY}", "X-On-Behalf-Of": settings.on_behalf_of or "dev_demo"}
        with DataTools(settings) as tools, httpx2.Client(base_url=sandbox.url, headers=headers, timeout=60) as rest:
            for name, (path, params, arguments) in CASES.items():
                tool_name = name.split()[0]
                rest_ms = median_ms(lambda: rest.get(path, params=params).raise_for_status())
                tool_ms = median_ms(lambda: tools.call(tool_name, arguments))
                print(f"{name:<16} REST {rest_ms:7.2f} ms   tool {tool_ms:7.2f} ms   "
                      f"tool/REST {tool_ms / rest_ms:5.2f}x   (median of {ROUNDS})", flush=True)


if __name__ == "__main__":
    main()
