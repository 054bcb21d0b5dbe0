"""The browser the journeys and the paint benchmark drive: Debian's chromium through Playwright
from pip (never `playwright install`)."""

from __future__ import annotations

import os
from pathlib import Path

CHROMIUM = Path(os.environ.get("DEEDSCOPE_CHROMIUM", "/usr/bin/chromium"))
# Without these, chromium reaches for Google's hosts at start and is refused (no network here).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    # The page is composited on the CPU; WebGL (the maps) still draws through SwiftShader. With no
    # GPU, compositing through SwiftShader too cost the GPU process 52 s of CPU where this costs 30
    # (two journey modules, 9 tests): the suite's largest single consumer of CPU.
    "--disable-gpu-compositing",
]
