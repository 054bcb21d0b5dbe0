"""Build the DuckDB file of one (scale, seed), or reuse the cached one.

The file is named by scale, seed and generator version, built under a temporary name
and renamed into place, under a lock, so two processes never see half a file and never
build the same file twice.
"""

from __future__ import annotations

import fcntl
import multiprocessing
import os
import time
from pathlib import Path

import duckdb

from sandbox.data_api.data.derive import DERIVE_STATEMENTS
from sandbox.data_api.data.derive_parcels import PARCEL_STATEMENTS
from sandbox.data_api.data.wholesale import WHOLESALE_STATEMENTS

GENERATOR_VERSION = 16
ROW_GROUP_SIZE = 16_384


def database_path(data_dir: Path, scale: str, seed: int) -> Path:
    return data_dir / f"deeds-{scale}-seed{seed}-v{GENERATOR_VERSION}.duckdb"


def ensure_database(data_dir: Path, scale: str, seed: int) -> Path:
    """The path of a complete database file, building it first if needed."""
    path = database_path(data_dir, scale, seed)
    if path.exists():
        return path
    data_dir.mkdir(parents=True, exist_ok=True)
    with open(data_dir / f".{path.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not path.exists():
                _build_in_child(path, scale, seed)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return path


def _build_in_child(path: Path, scale: str, seed: int) -> None:
    """Build in a child process, so the server's memory never holds the generator's arrays."""
    child = multiprocessing.get_context("spawn").Process(target=_build, args=(path, scale, seed), name="dataset-build")
    child.start()
    child.join()
    if child.exitcode != 0 or not path.exists():
        raise RuntimeError(f"building {path.name} failed (exit code {child.exitcode})")


def _build(path: Path, scale: str, seed: int) -> None:
    started = time.monotonic()
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.unlink(missing_ok=True)
    # Imported here, in the build's own process: the generator's pandas cost every sandbox's start
    # 1 s of CPU, and a sandbox whose dataset is on disk already never generates one.
    from sandbox.data_api.data.generate import generate

    tables = generate(scale, seed)
    con = duckdb.connect()
    try:
        con.execute("SET threads = 2")
        con.execute("SET enable_progress_bar = false")
        # Small row groups give fine zone maps: a metro and a date range read few of them.
        con.execute(f"ATTACH '{temporary}' AS dataset (ROW_GROUP_SIZE {ROW_GROUP_SIZE})")
        con.execute("USE dataset")
        for name, frame in tables.items():
            frame = frame.assign(row=range(len(frame)))  # explicit row numbers: scans do not keep order
            con.register(f"raw_{name}_frame", frame)
            con.execute(f"CREATE TEMP TABLE raw_{name} AS SELECT * FROM raw_{name}_frame")
            con.unregister(f"raw_{name}_frame")
        con.execute("CREATE TABLE build_info AS SELECT ? AS scale, ? AS seed, ? AS generator_version",
                    [scale, seed, GENERATOR_VERSION])
        for statement in DERIVE_STATEMENTS + PARCEL_STATEMENTS + WHOLESALE_STATEMENTS:
            con.execute(statement, {"seed": str(seed)} if "$seed" in statement else None)
        con.execute("CHECKPOINT dataset")
        con.execute("USE memory")
        con.execute("DETACH dataset")
    finally:
        con.close()
    os.replace(temporary, path)
    # Files of earlier generator versions are never read again.
    for stale in path.parent.glob(f"deeds-{scale}-seed{seed}-v*.duckdb"):
        if stale != path:
            stale.unlink(missing_ok=True)
    print(f"sandbox: built {path.name} in {time.monotonic() - started:.1f} s", flush=True)
