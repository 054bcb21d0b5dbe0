"""Build time of the `--scale small` dataset from nothing (issue 2, Speed: target ≤ 30 s on 2 cores)."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import duckdb

from sandbox.data_api.data.build import ensure_database


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="deedscope-build-") as folder:
        started = time.monotonic()
        path = ensure_database(Path(folder), "small", 7)
        elapsed = time.monotonic() - started
        con = duckdb.connect(str(path), read_only=True)
        n_deals = con.execute("SELECT count(*) FROM deals").fetchone()[0]
        con.close()
        print(f"small build: {n_deals:,} deals in {elapsed:.1f} s (target <= 30), "
              f"file {path.stat().st_size / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
