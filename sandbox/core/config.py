"""Command-line settings of one sandbox process."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

SCALES = ("small", "medium", "large")
DEFAULT_PORT = 8765
DEFAULT_RATE_LIMIT = 600  # per key per minute (decisions.md, Sandbox)
# Per key per UTC day (data-api.md, Limits 1 names per-day limits; the value is ours).
DEFAULT_DAILY_RATE_LIMIT = 100_000
CSV_CAP = 50_000  # rows of one CSV export (data-api.md, Limits 5)
MAX_CELLS = 50_000  # cells of one /v1/deals/cells answer (decisions.md)


def default_data_dir() -> Path:
    return Path(os.environ.get("DEEDSCOPE_SANDBOX_DATA", Path.cwd() / ".data"))


@dataclass(frozen=True)
class SandboxConfig:
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    scale: str = "small"
    seed: int = 7
    data_dir: Path = field(default_factory=default_data_dir)
    admin: bool = False
    rate_limit: int = DEFAULT_RATE_LIMIT
    rate_limit_day: int = DEFAULT_DAILY_RATE_LIMIT
    # Lowered only by tests, so that the caps can be reached on the small dataset.
    csv_cap: int = CSV_CAP
    max_cells: int = MAX_CELLS
    # `--variety`: serve what the documents allow and the default profile never does
    # (sandbox/data_api/variety.py): short and empty pages with cursors, unknown fields, nulls,
    # a market without parcels, history and addresses.
    variety: bool = False
    # Apps this sandbox serves (`--app-url`): the registered app also redirects to their /marketplace.
    app_urls: tuple[str, ...] = ()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def issuer(self) -> str:
        """OAuth issuer (decisions.md: `{DEEDSCOPE_API_URL}/auth` on the sandbox)."""
        return f"{self.base_url}/auth"

    @property
    def marketplace_url(self) -> str:
        return f"{self.base_url}/marketplace/v1"
