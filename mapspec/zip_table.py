"""The offline ZIP table (the `zipcodes` package) as the map reads it, kept once per machine.

Reading the package's table costs about 0.6 s of a core (a 12 MB JSON, decompressed and parsed), and
every process paid it at its first map: each app the suite starts and each page-test worker, and a
person's first map after every restart. The rows the map reads are kept in `.data/` after the first
read (by marshal: 0.01 s to read back), under a name that changes with the package and with Python.
"""

from __future__ import annotations

import marshal
import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import zipcodes

ZipRow = tuple[str, str, str, float, float]  # ZIP, city, state, latitude, longitude
KEPT_DIR = Path(__file__).resolve().parent.parent / ".data"


def kept_path(directory: Path = KEPT_DIR) -> Path:
    package = getattr(zipcodes, "__version__", "unknown")
    return directory / f"zip-table-{package}-py{sys.version_info[0]}{sys.version_info[1]}-m{marshal.version}.bin"


@lru_cache(maxsize=1)
def standard_zips() -> tuple[ZipRow, ...]:
    """Every standard, active ZIP with a readable centroid (one placed at (0, 0) included)."""
    return read_or_build(kept_path())


def read_or_build(path: Path) -> tuple[ZipRow, ...]:
    try:
        rows = marshal.loads(path.read_bytes())
        if isinstance(rows, tuple) and all(isinstance(row, tuple) and len(row) == 5 for row in rows[:1]):
            return rows
    except (OSError, ValueError, EOFError, TypeError):
        pass  # not kept yet, or unreadable: read the package's table
    rows = _from_the_package()
    _keep(path, rows)
    return rows


def _from_the_package() -> tuple[ZipRow, ...]:
    rows = []
    for record in zipcodes.list_all():
        if record.get("zip_code_type") != "STANDARD" or not record.get("active", True):
            continue
        try:
            rows.append((record["zip_code"], record["city"], record["state"], float(record["lat"]), float(record["long"])))
        except (KeyError, TypeError, ValueError):
            continue
    return tuple(rows)


def _keep(path: Path, rows: tuple[ZipRow, ...]) -> None:
    """Written whole under another name, then renamed: a process reading meanwhile never sees half."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=path.name, delete=False) as file:
            file.write(marshal.dumps(rows))
        os.replace(file.name, path)
    except OSError:
        pass  # a read-only checkout reads the package's table each time, as before
