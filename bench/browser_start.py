"""What a browser module's first page costs Chromium, as the suite starts one per module
(tests/browser/conftest.py: browser), against one kept running for a worker's modules.

Each round opens the Map in a new context of a Chromium just started (what each browser module
does), then in a new context of that same Chromium (a worker's Chromium already running): the CPU
all of Chromium's processes spent, from the launch or the new context to the map painted and idle.

    python -m bench browser_start
"""

from __future__ import annotations

import os
import statistics

from playwright.sync_api import sync_playwright

from bench._chromium import IDLE, PAINTED, TIMEOUT_MS, chromium_cpu_s
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS
from devtools.streamlit_process import sandbox_env, serve_streamlit
from services.sandbox_process import run_sandbox

ROUNDS = int(os.environ.get("DEEDSCOPE_BENCH_ROUNDS", "3"))


def map_in_a_new_context(browser, url: str, since: float | None = None) -> float:
    """Chromium's CPU from `since` (else the new context) to its Map painted and idle, read before the
    context closes (a process that exits takes its CPU with it)."""
    started = chromium_cpu_s() if since is None else since
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = context.new_page()
        page.goto(url, timeout=TIMEOUT_MS)
        page.wait_for_function(PAINTED, timeout=TIMEOUT_MS)
        page.wait_for_function(IDLE, timeout=TIMEOUT_MS)
        page.wait_for_timeout(1_000)
        return chromium_cpu_s() - started
    finally:
        context.close()


def main() -> None:
    started_anew, running = [], []
    with run_sandbox() as sandbox, serve_streamlit(sandbox_env(sandbox.url)) as (_process, url):
        with sync_playwright() as playwright:
            launch = lambda: playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)  # noqa: E731
            warm = launch()
            map_in_a_new_context(warm, url)  # the app's first page, not measured
            warm.close()
            for _ in range(ROUNDS):
                before = chromium_cpu_s()
                browser = launch()
                started_anew.append(map_in_a_new_context(browser, url, since=before))
                running.append(map_in_a_new_context(browser, url))
                browser.close()
    print(f"Chromium's CPU for a browser module's first Map, median of {ROUNDS} (load {os.getloadavg()[0]:.1f}):")
    print(f"  a Chromium started for the module (the suite): {statistics.median(started_anew):.2f} s")
    print(f"  a new context of a Chromium already running:   {statistics.median(running):.2f} s")
