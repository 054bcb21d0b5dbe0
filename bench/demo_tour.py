"""The guided tour's steps, timed in Debian's chromium (issue 29: each step opens in under a second
once the tour's reads are cached; they are read ahead when the tour starts).

The app on its embedded sandbox in presenter mode, as at a demo. "Start the tour" is pressed
(timed: it reads ahead what the steps show; then the tab compiles a spare deck for the next
pages' small maps while the presenter talks, and its time is printed), then each step is opened
with Next, as a presenter does, and timed by the page's clock from the press until the step is drawn (STEP_DRAWN): its
number in the tour's panel (drawn after the page), Streamlit's running indicator gone, no element
left from the run before, and on the Map's steps the map's draw of the step's cells. The tour is walked forward with Next, then back to its
first step with Back; each step's figure is printed, and each way's median and slowest.
"""

from __future__ import annotations

import os

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from devtools.chromium import CHROMIUM, CHROMIUM_ARGS
from devtools.streamlit_process import run_streamlit
from links.tours import load

GOAL_S = 1.0
TIMEOUT_MS = 120_000
MAP = '[data-deedscope="map"]'

# Before a press: the map's draws so far (none without a map), and no press noted yet.
BEFORE_PRESS = f"""() => {{
  window.__pressedAt = undefined;
  window.__drawsBefore = Number(document.querySelector('{MAP}')?.dataset.draws || 0);
}}"""
# The press as the page saw it: the button's pointerdown, by the page's clock. Playwright's own
# checks before it clicks (about 0.1 s) are not the person's wait.
PRESS_NOTED = "document.addEventListener('pointerdown', () => { window.__pressedAt ??= performance.now(); }, true);"
# Ms from the press until the step is drawn, checked on every animation frame: the tour's panel
# names it (drawn after the page), Streamlit's running indicator is gone, no element is left from
# the run before, and on a Map step the map has drawn this step's cells (one more draw than before
# the press); then two frames more, so that what was drawn has reached the screen.
STEP_DRAWN = f"""([label, map, timeoutMs]) => new Promise((resolve, reject) => {{
  const failed = setTimeout(() => reject(new Error('step not drawn: ' + label)), timeoutMs);
  const drawn = () => {{
    const sidebar = document.querySelector('[data-testid="stSidebar"]');
    if (window.__pressedAt === undefined || !sidebar || !sidebar.innerText.includes(label)) return false;
    if (document.querySelector('[data-testid="stStatusWidgetRunningIcon"], [data-testid="stStatusWidgetRunningManIcon"]')) return false;
    if (document.querySelector('[data-stale="true"]')) return false;
    return !map || Number(document.querySelector('{MAP}')?.dataset.draws || 0) > window.__drawsBefore;
  }};
  const frame = () => new Promise((next) => requestAnimationFrame(next));
  const check = async () => {{
    if (!drawn()) return requestAnimationFrame(check);
    await frame();
    await frame();
    clearTimeout(failed);
    resolve(performance.now() - window.__pressedAt);
  }};
  requestAnimationFrame(check);
}})"""


# The page's long tasks (over 50 ms), each [start, duration] in ms of performance.now().
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({type: 'longtask', buffered: true});
"""
QUIET_MS = 1_000
QUIET = """(quietMs) => {
  const ends = window.__longTasks.map(([start, duration]) => start + duration);
  return performance.now() - Math.max(0, ...ends) >= quietMs;
}"""


def timed(page, press, label: str, is_map: bool) -> tuple[float, float]:
    """Seconds from the press until the step is drawn, and the long tasks' total in that time (s)."""
    page.wait_for_function(QUIET, arg=QUIET_MS, polling=100, timeout=TIMEOUT_MS)
    page.evaluate(BEFORE_PRESS)
    press()
    drawn_ms = page.evaluate(STEP_DRAWN, [label, is_map, TIMEOUT_MS])
    busy_ms = page.evaluate(
        "(drawnMs) => window.__longTasks.filter(([start]) => start >= window.__pressedAt && start < window.__pressedAt + drawnMs)"
        ".reduce((sum, [, duration]) => sum + duration, 0)",
        drawn_ms,
    )
    return drawn_ms / 1000, busy_ms / 1000


def walk(page, tour, button: str, numbers: list[int]) -> list[tuple[str, tuple[float, float]]]:
    """Each step of `numbers` (from 1) opened in turn with the sidebar's `button`, and its time."""
    sidebar = page.locator('[data-testid="stSidebar"]')
    figures = []
    for number in numbers:
        step = tour.steps[number - 1]
        press = sidebar.get_by_role("button", name=button).click
        figures.append((step.title, timed(page, press, f"step {number} of {len(tour.steps)}", step.page == "map")))
    return figures


def spare_ready(page) -> float | None:
    """Seconds from the start's press until the spare deck the tour prepares is ready (a presenter
    talks over the first step; the steps are pressed after it), or None when none is made."""
    try:
        page.wait_for_function("document.documentElement.dataset.spareDeck === 'ready'", timeout=60_000)
    except PlaywrightTimeout:
        return None
    return page.evaluate("(performance.now() - window.__pressedAt) / 1000")


def main() -> None:
    print(f"machine load average (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    tour = load("default")
    env = {"DEEDSCOPE_API_URL": "", "DEEDSCOPE_API_KEY": "", "DEEDSCOPE_BASEMAP": "none"}
    with run_streamlit(env) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.add_init_script(LONG_TASKS)
            page.add_init_script(PRESS_NOTED)
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(f"{url}/?present=1", timeout=TIMEOUT_MS)
            page.get_by_role("heading", name="Where investors buy").wait_for()
            sidebar = page.locator('[data-testid="stSidebar"]')
            start = sidebar.get_by_role("button", name="Start the tour")
            start.wait_for()
            steps = len(tour.steps)
            started = timed(page, start.click, f"step 1 of {steps}", tour.steps[0].page == "map")
            spare = spare_ready(page)
            forward = walk(page, tour, "Next", list(range(2, steps + 1)))
            backward = walk(page, tour, "Back", list(range(steps - 1, 0, -1)))
        finally:
            browser.close()
    print(f"start of the tour (reads ahead what its steps show), to its first step drawn: {started[0]:.2f} s")
    print("then the spare deck for the next pages' small maps (frontend/src/spare.js), compiled while the "
          "presenter talks: " + (f"ready {spare:.2f} s after the press" if spare is not None else "not made"))
    print(f"each step pressed once the page was quiet for {QUIET_MS / 1000:.0f} s; in brackets the browser's long tasks in it")
    for way, figures in (("Next", forward), ("Back", backward)):
        for title, (seconds, busy) in figures:
            print(f"  {way} to {title}: {seconds:.2f} s ({busy:.2f} s)")
        ordered = sorted(seconds for _title, (seconds, _busy) in figures)
        print(
            f"{len(figures)} steps opened with {way}: median {ordered[len(ordered) // 2]:.2f} s, "
            f"slowest {ordered[-1]:.2f} s (goal < {GOAL_S:.0f} s each)"
        )
    print(f"machine load average (1 min) after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
