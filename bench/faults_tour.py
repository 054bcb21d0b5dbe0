"""The faults tour's figures (issue 16, Faults): every page against a sandbox failing 20 % of
data requests (429, 503, 504, 500) with 40 ms added, and losing half the marketplace writes'
answers after doing them, for seeds 1, 2 and 3.

The tour is the test `tests/pages/test_faults_tour.py` (it asserts: no exception, a message or
data on every page, no action done twice, no credit charged twice); this runs it in its own
process and prints the lines it prints: data requests, faults injected, retries, problems said,
actions and presses, answers lost and replayed, credits against records read.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOUR = "tests/pages/test_faults_tour.py"


def main() -> None:
    print("load average (1, 5, 15 min): " + ", ".join(f"{load:.1f}" for load in os.getloadavg()), flush=True)
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", TOUR],
        cwd=ROOT, capture_output=True, text=True, timeout=1_800,
    )
    lines = result.stdout.splitlines()
    for line in lines:
        if line.startswith("faults tour") or " passed" in line or " failed" in line:
            print(line, flush=True)
    print(f"tour of {len([line for line in lines if line.startswith('faults tour')])} seeds in "
          f"{time.monotonic() - started:.0f} s", flush=True)
    if result.returncode != 0:
        print(result.stdout[-3_000:], file=sys.stderr)
        raise SystemExit(f"the faults tour failed (pytest exit {result.returncode})")


if __name__ == "__main__":
    main()
