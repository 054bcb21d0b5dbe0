"""What the browser benchmarks share: the Map painted and idle, and the CPU Chromium spends."""

from __future__ import annotations

import os
from pathlib import Path

TIMEOUT_MS = 120_000
# The map element has drawn its cells; the page's run is over and no map waits on its data.
PAINTED = "document.querySelector('[data-deedscope=\"map\"][data-cells]') !== null"
IDLE = "!document.querySelector('[data-stale=\"true\"], [data-testid=\"stStatusWidgetRunningIcon\"]')"


def chromium_cpu_s() -> float:
    """User + system CPU of every chromium process now running."""
    total = 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if b"chrom" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total
