"""`SqliteStore`: the `CacheStore` interface on one SQLite file, for what must outlive a process
on a host without Redis: the people's state (`services.stores.person_store`) under `.data/`.

Values are JSON (numbers, text, lists, dicts): what is read back is data, never code, so the
file needs no signature (RedisStore's pickles carry one). Each thread has its own connection;
the file is in WAL mode, so the app's processes on one host read and write it at once. An
entry past its time to live reads as absent and is swept as new entries come.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from services.contract import CACHE_MAX_TTL_S

# A write that finds the file locked by another process waits this long before it fails.
BUSY_TIMEOUT_S = 5.0
# Expired entries are swept once every this many writes.
SWEEP_EVERY = 200
SCHEMA = "CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at REAL NOT NULL)"


class SqliteStore:
    """`CacheStore` on a SQLite file: JSON values, per-entry time to live (capped at 30 days)."""

    def __init__(self, path: Path, *, max_ttl: float = CACHE_MAX_TTL_S, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.max_ttl = max_ttl
        self._clock = clock
        self._local = threading.local()
        self._lock = threading.Lock()
        self._named_locks: dict[str, threading.Lock] = {}
        self._writes = 0
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._lock:
            db = self._db()
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(SCHEMA)

    def __repr__(self) -> str:
        return f"SqliteStore({self.path.name!r})"

    def get(self, key: str) -> Any | None:
        row = self._db().execute("SELECT value FROM entries WHERE key = ? AND expires_at > ?", (key, self._clock())).fetchone()
        return None if row is None else json.loads(row[0])

    def set(self, key: str, value: Any, ttl: float | None = None) -> None:
        ttl = self.max_ttl if ttl is None else min(max(ttl, 0.0), self.max_ttl)
        if ttl <= 0:
            self.delete(key)
            return
        db = self._db()
        db.execute("INSERT OR REPLACE INTO entries (key, value, expires_at) VALUES (?, ?, ?)",
                   (key, json.dumps(value), self._clock() + ttl))
        with self._lock:
            self._writes += 1
            sweep = self._writes % SWEEP_EVERY == 0
        if sweep:
            db.execute("DELETE FROM entries WHERE expires_at <= ?", (self._clock(),))

    def delete(self, key: str) -> None:
        self._db().execute("DELETE FROM entries WHERE key = ?", (key,))

    def pop(self, key: str) -> Any | None:
        db = self._db()
        # One transaction: two processes taking the same entry cannot both get it.
        db.execute("BEGIN IMMEDIATE")
        try:
            value = self.get(key)
            db.execute("DELETE FROM entries WHERE key = ?", (key,))
        finally:
            db.execute("COMMIT")
        return value

    def has(self, key: str) -> bool:
        return self._db().execute(
            "SELECT 1 FROM entries WHERE key = ? AND expires_at > ?", (key, self._clock())).fetchone() is not None

    def delete_prefix(self, prefix: str) -> int:
        # substr, not LIKE: a prefix's `%` or `_` is a character, not a pattern.
        cursor = self._db().execute("DELETE FROM entries WHERE substr(key, 1, ?) = ?", (len(prefix), prefix))
        return cursor.rowcount

    def clear(self) -> None:
        self._db().execute("DELETE FROM entries")

    def lock(self, name: str, timeout: float = 30.0) -> threading.Lock:
        """A lock named `name` for this process: a read and the write after it, made one."""
        with self._lock:
            return self._named_locks.setdefault(name, threading.Lock())

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            # Autocommit (isolation_level None): each statement stands alone unless a transaction is begun.
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
            self._local.db = db
        return db
