"""A map nobody touches (frontend/src/frames.js), in headless chromium on the sandbox.

The Map page is opened and painted, then stands still for STILL_S seconds: the CPU chromium's
processes spend meanwhile (renderer, GPU process: SwiftShader, as on a machine without a GPU)
and the animation frames the page asks, for deedscope's frames on demand beside the plain peer,
luma.gl's own loop (a frame every display frame: `deedscopeEveryFrame`, set before the page loads).
Then the pointer goes over the map's cells: the time from the first move to a cell's tooltip,
which a still map must not slow down.

    python -m bench map_idle
"""

from __future__ import annotations

import os
import statistics
import time

from playwright.sync_api import sync_playwright

from bench._chromium import IDLE, PAINTED, TIMEOUT_MS, chromium_cpu_s
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS
from devtools.streamlit_process import sandbox_env, serve_streamlit
from services.sandbox_process import run_sandbox

STILL_S = float(os.environ.get("DEEDSCOPE_BENCH_STILL_S", "10"))
ROUNDS = int(os.environ.get("DEEDSCOPE_BENCH_ROUNDS", "3"))
COUNT_FRAMES = """
window.__framesAsked = 0;
const askFrame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) => { window.__framesAsked += 1; return askFrame(callback); };
"""
PEER = "window.deedscopeEveryFrame = true;"


def one_round(browser, url: str, peer: bool) -> tuple[float, float, float]:
    """(CPU s, frames asked, ms from the pointer's first move to a tooltip) of one still map."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = context.new_page()
        page.add_init_script(COUNT_FRAMES + (PEER if peer else ""))
        page.goto(url, timeout=TIMEOUT_MS)
        page.wait_for_function(PAINTED, timeout=TIMEOUT_MS)
        page.wait_for_function(IDLE, timeout=TIMEOUT_MS)
        page.wait_for_timeout(2_000)
        cpu, frames = chromium_cpu_s(), page.evaluate("window.__framesAsked")
        page.wait_for_timeout(STILL_S * 1000)
        cpu, frames = chromium_cpu_s() - cpu, page.evaluate("window.__framesAsked") - frames
        box = page.locator("canvas").first.bounding_box()
        tip = page.get_by_role("tooltip")
        started = time.monotonic()
        for dx in range(0, 400, 20):
            page.mouse.move(box["x"] + box["width"] / 2 + dx, box["y"] + box["height"] / 2)
            try:
                tip.wait_for(state="visible", timeout=500)
                break
            except Exception:  # noqa: BLE001 - no cell there: the next spot
                continue
        return cpu, frames, (time.monotonic() - started) * 1000
    finally:
        context.close()


def main() -> None:
    with run_sandbox() as sandbox, serve_streamlit(sandbox_env(sandbox.url)) as (_process, url):
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
            one_round(browser, url, peer=False)  # the app's first page and chromium's start, not measured
            results = {"deedscope: frames on demand": [], "plain peer: luma.gl's frames": []}
            for _ in range(ROUNDS):
                results["deedscope: frames on demand"].append(one_round(browser, url, peer=False))
                results["plain peer: luma.gl's frames"].append(one_round(browser, url, peer=True))
            browser.close()
    print(f"A painted Map standing still {STILL_S:.0f} s, median of {ROUNDS} rounds (load {os.getloadavg()[0]:.1f}):")
    print(f"{'':32} {'chromium CPU':>14} {'frames asked':>13} {'pointer → tooltip':>18}")
    for name, rounds in results.items():
        cpu, frames, tip = (statistics.median(values) for values in zip(*rounds))
        print(f"{name:32} {cpu:11.2f} s {frames / STILL_S:9.1f} /s {tip:15.0f} ms")
