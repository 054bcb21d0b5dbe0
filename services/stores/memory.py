"""The store interface every cache and login state uses, and its in-process implementation.

`CacheStore` is the one interface callers see, so a shared backend (Redis, for several
app replicas: `services.stores.redis_store`) can replace `MemoryStore` without touching
them. The marketplace login keeps its pending state in the same interface (`pop` is a
single-use read).
"""

from __future__ import annotations

import sys
import threading
from typing import Any, Protocol, runtime_checkable

from cachetools import TLRUCache

from services.contract import CACHE_MAX_BYTES, CACHE_MAX_TTL_S



@runtime_checkable
class CacheStore(Protocol):
    """Key-value store with per-entry time to live (seconds, capped at 30 days)."""

    def get(self, key: str) -> Any | None: ...

    def set(self, key: str, value: Any, ttl: float | None = None) -> None: ...

    def delete(self, key: str) -> None: ...

    def pop(self, key: str) -> Any | None:
        """Get and delete in one step: a value can be taken once."""
        ...

    def has(self, key: str) -> bool:
        """Whether `key` holds a live entry, without reading its value (a large one stays put)."""
        ...

    def delete_prefix(self, prefix: str) -> int:
        """Delete every key starting with `prefix`; return how many went."""
        ...

    def clear(self) -> None: ...


def value_size(value: Any) -> int:
    """Bytes an entry is counted for: its own `cache_size`, a buffer's length, else a small constant."""
    size = getattr(value, "cache_size", None)
    if isinstance(size, int):
        return max(size, 1)
    if isinstance(value, (bytes, bytearray, str)):
        return max(len(value), 1)
    return sys.getsizeof(value)


class MemoryStore:
    """In-process `CacheStore` on cachetools: LRU bounded in bytes, per-entry TTL."""

    def __init__(
        self,
        max_bytes: int = CACHE_MAX_BYTES,
        *,
        max_ttl: float = CACHE_MAX_TTL_S,
        timer: Any = None,
    ) -> None:
        self.max_ttl = max_ttl
        options: dict[str, Any] = {}
        if timer is not None:
            options["timer"] = timer
        self._entries: TLRUCache = TLRUCache(
            maxsize=max_bytes,
            ttu=lambda _key, item, now: now + item[1],
            getsizeof=lambda item: value_size(item[0]),
            **options,
        )
        self._lock = threading.RLock()
        self._named_locks: dict[str, threading.Lock] = {}

    def get(self, key: str) -> Any | None:
        with self._lock:
            item = self._entries.get(key)
        return None if item is None else item[0]

    def set(self, key: str, value: Any, ttl: float | None = None) -> None:
        ttl = self.max_ttl if ttl is None else min(max(ttl, 0.0), self.max_ttl)
        with self._lock:
            try:
                self._entries[key] = (value, ttl)
            except ValueError:
                # Larger than the whole store: not cached, and not an error for the caller.
                self._entries.pop(key, None)

    def delete(self, key: str) -> None:
        with self._lock:
            self._entries.pop(key, None)

    def pop(self, key: str) -> Any | None:
        with self._lock:
            item = self._entries.pop(key, None)
        return None if item is None else item[0]

    def has(self, key: str) -> bool:
        with self._lock:
            return key in self._entries

    def delete_prefix(self, prefix: str) -> int:
        with self._lock:
            doomed = [key for key in list(self._entries.keys()) if key.startswith(prefix)]
            for key in doomed:
                self._entries.pop(key, None)
        return len(doomed)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def lock(self, name: str, timeout: float = 30.0) -> threading.Lock:
        """A lock named `name` for this process (a shared store's lock spans every replica)."""
        with self._lock:
            return self._named_locks.setdefault(name, threading.Lock())

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def current_bytes(self) -> int:
        return int(self._entries.currsize)
