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
]
