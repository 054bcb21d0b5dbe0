"""Files the browser fetches by itself, published through Streamlit's static file serving:
the map's cell rows (JSON) and the map element's script.

The map's 20,000 cells are about 600 KB of rows. Sent in the page's message they would
travel on every rerun and be parsed in JavaScript; given a URL, the map element's loader
fetches them once and the browser parses them natively (a few ms). So the page writes
them to `static/<folder>/<digest>.json`, which Streamlit serves at `app/static/...` when
`server.enableStaticServing` is on (`.streamlit/config.toml`); the map's script goes the
same way, as `.js`.

Files are named by a hash of their content: written once, shared by every session that
draws the same view, and never stale. They hold what the page shows anyway (deal counts
per cell, no key or token), under names no one can guess without the content. The folder
keeps the newest `KEEP_FILES`; older ones go, but never one younger than `KEEP_AT_LEAST_S`,
so a page still loading its rows finds them.

Where static serving is off, or the folder cannot be written, `publish` answers None and
the caller sends the rows inline.

Several replicas: a file written on one replica is also put in the shared store
(`adapter.stores`, Redis with `DEEDSCOPE_CACHE_URL`) under its name, and a replica asked
for a name it has not written restores it from there (`restore`, called by the app's
middleware in web/published_routes.py before Streamlit's static serving answers). A file
published again while its shared copy has lapsed (a day's TTL, a Redis restarted empty) is
shared again (one `EXISTS` per publish of a file already on disk).
"""

from __future__ import annotations

import os
import re
import tempfile
import threading
import time
from pathlib import Path

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from adapter.stores import stores

# Streamlit serves `<folder of the main script>/static` at `app/static/` (relative to the
# page, so a base URL path is kept). The main script is app.py, in the folder above this
# package, unless another script is run (a benchmark's).
APP_STATIC_ROOT = Path(__file__).resolve().parent.parent / "static"
URL_PREFIX = "app/static"
KEEP_FILES = 256
KEEP_AT_LEAST_S = 15 * 60
# A published file stays restorable from the shared store this long.
SHARED_TTL_S = 24 * 3600
SHARED_KEY_PREFIX = "published:"
PUBLISHED_NAME = re.compile(r"^[a-z0-9_-]+/[0-9a-f]{8,128}\.(json|js)$")

_prune_lock = threading.Lock()


def serving_enabled() -> bool:
    return bool(st.get_option("server.enableStaticServing"))


def publish(folder: str, digest: str, text: str, *, suffix: str = ".json") -> str | None:
    """Make `text` fetchable; its URL relative to the page, or None if it cannot be served.
    The suffix tells Streamlit the file's type (a script must come as JavaScript)."""
    if not serving_enabled():
        return None
    directory = static_root() / folder
    path = directory / f"{digest}{suffix}"
    try:
        if path.exists():
            # Still in use: the pruning goes by age. Its shared copy may have lapsed (its TTL, a
            # Redis restarted empty) while this replica kept drawing it: put it back.
            os.utime(path)
            _share_again_if_lost(f"{folder}/{path.name}", path)
        else:
            directory.mkdir(parents=True, exist_ok=True)
            _write_atomically(path, text)
            _prune(directory, suffix)
            _share(f"{folder}/{path.name}", text)
    except OSError:
        return None
    return f"{URL_PREFIX}/{folder}/{path.name}"


def _share(name: str, text: str) -> None:
    shared = stores()
    if shared.shared:
        shared.cache.set(SHARED_KEY_PREFIX + name, text, ttl=SHARED_TTL_S)


def _share_again_if_lost(name: str, path: Path) -> None:
    shared = stores()
    if shared.shared and not shared.cache.has(SHARED_KEY_PREFIX + name):
        _share(name, path.read_text(encoding="utf-8"))


def restore(name: str, root: Path | None = None) -> bool:
    """Write `<folder>/<digest>.<suffix>` from the shared store when this replica lacks it;
    True when the file is there afterwards. Only names `publish` makes are looked up."""
    if not PUBLISHED_NAME.match(name):
        return False
    path = (root or APP_STATIC_ROOT) / name
    if path.exists():
        return True
    shared = stores()
    text = shared.cache.get(SHARED_KEY_PREFIX + name) if shared.shared else None
    if not isinstance(text, str):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_atomically(path, text)
    return True


def published_path(url: str, root: Path | None = None) -> Path:
    """The file behind a URL `publish` answered (tests and benchmarks read it back); `root`
    is the served folder when asked from outside the script run that published it."""
    if not url.startswith(URL_PREFIX + "/"):
        raise ValueError(f"{url!r} is not a published file")
    return (root or static_root()) / url[len(URL_PREFIX) + 1 :]


def static_root() -> Path:
    """The folder Streamlit serves: `static/` beside the script it runs."""
    context = get_script_run_ctx(suppress_warning=True)
    if context is None or not context.main_script_path:
        return APP_STATIC_ROOT
    return Path(context.main_script_path).resolve().parent / "static"


def _write_atomically(path: Path, text: str) -> None:
    # Another session may be writing the same file: each writes its own temporary file and
    # renames it into place, so a reader never sees half a file.
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _prune(directory: Path, suffix: str) -> None:
    with _prune_lock:
        files = sorted(directory.glob(f"*{suffix}"), key=_mtime, reverse=True)
        cutoff = time.time() - KEEP_AT_LEAST_S
        for old in files[KEEP_FILES:]:
            if _mtime(old) < cutoff:
                old.unlink(missing_ok=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except FileNotFoundError:
        return 0.0
