"""Caching: a small store interface, its in-process implementation, and the version-keyed cache.

`CacheStore` is the one interface callers see, so a shared backend (Redis, for several
app replicas) can replace `MemoryStore` without touching them. The marketplace login
keeps its pending state in the same interface (`pop` is a single-use read).

`VersionedCache` puts the dataset version in every key (data-api.md, Limits 7): an entry
lives at most 30 days, and a version change drops every entry of the old version at
once (the document allows a business day; we do it on sight). Entries keep their
`ETag` so a read after a version change can revalidate (`If-None-Match`) instead of
downloading a body that did not change.

The version is shared too: every answer's `X-Dataset-Version` stamps the store with when
it was last seen (`confirmed_age`), and the last freshness probe's answer is kept
(`recent_probe`), so a session (or a replica on the same shared store) that starts while
another confirmed the version less than `VERSION_POLL_INTERVAL_S` ago serves its reads
without asking the service first: the same ten minutes a single session trusts a version.
"""

from __future__ import annotations

import hashlib
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from cachetools import TLRUCache

from services.contract import CACHE_MAX_BYTES, CACHE_MAX_TTL_S, REVALIDATION_GRACE_S, VERSION_POLL_INTERVAL_S


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


@dataclass
class CachedResponse:
    """One cached answer: its body, validator and headers, plus what was parsed from it."""

    body: bytes
    etag: str | None
    dataset_version: str
    headers: Mapping[str, str] = field(default_factory=dict)  # the `x-` headers, names in lower case
    parsed: dict[str, Any] = field(default_factory=dict)

    @property
    def cache_size(self) -> int:
        # Parsed models take several times the JSON text; count it so the byte bound holds.
        return 4 * len(self.body) + 512


class VersionedCache:
    """Responses keyed on (dataset version, account, request); a version change drops the old ones.

    `namespace` separates hosts and accounts sharing one store: it is built from the base
    URL and a hash of the key, never the key itself. `clock` is wall time: what it stamps is
    compared by other processes sharing the store.
    """

    VERSION_KEY = "dataset_version"
    PREVIOUS_KEY = "previous_version"  # {"version", "until"}: whose ETag copies may still revalidate
    CONFIRMED_KEY = "version_confirmed"  # {"version", "at"}: the last answer that carried the version
    PROBE_KEY = "probe"  # {"version", "at", "entry"}: the last freshness probe's answer

    def __init__(self, store: CacheStore, namespace: str, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.namespace = namespace
        self._clock = clock
        self._lock = threading.Lock()

    @staticmethod
    def namespace_for(base_url: str, api_key: str | None, on_behalf_of: str | None) -> str:
        account = hashlib.sha256(f"{api_key or ''}\0{on_behalf_of or ''}".encode()).hexdigest()[:16]
        return f"data:{base_url}:{account}"

    @property
    def version(self) -> str | None:
        value = self.store.get(f"{self.namespace}:{self.VERSION_KEY}")
        return None if value is None else str(value)

    def observe_version(self, version: str | None) -> bool:
        """Record the dataset version seen on a response; True when it changed (old entries dropped)."""
        if not version:
            return False
        with self._lock:
            previous = self.version
            self._confirm(version)
            if previous == version:
                self._drop_expired_validators()
                return False
            self.store.set(f"{self.namespace}:{self.VERSION_KEY}", version)
            if previous is not None:
                self.store.delete_prefix(f"{self.namespace}:v{previous}:")
                self._retire_validators(previous)
            return previous is not None

    def _confirm(self, version: str) -> None:
        stamp = {"version": version, "at": self._clock()}
        self.store.set(f"{self.namespace}:{self.CONFIRMED_KEY}", stamp, ttl=VERSION_POLL_INTERVAL_S)

    def confirmed_age(self) -> float | None:
        """Seconds since any client sharing the store last saw the version in use on an answer
        (None: not within the poll interval, or it saw another version)."""
        held = self.store.get(f"{self.namespace}:{self.CONFIRMED_KEY}")
        if not held or held["version"] != self.version:
            return None
        age = max(self._clock() - held["at"], 0.0)
        return age if age < VERSION_POLL_INTERVAL_S else None

    def keep_probe(self, entry: CachedResponse) -> None:
        """Keep the freshness probe's answer for the other sessions (and replicas) of the account."""
        # Without its parsed models (a generic envelope does not pickle for Redis): the body is small.
        held = {"version": entry.dataset_version, "at": self._clock(), "entry": replace(entry, parsed={})}
        self.store.set(f"{self.namespace}:{self.PROBE_KEY}", held, ttl=VERSION_POLL_INTERVAL_S)

    def recent_probe(self, max_age: float) -> CachedResponse | None:
        """The last probe's answer if it is younger than `max_age` and of the version in use
        (an answer since that showed another version makes it stale at once)."""
        held = self.store.get(f"{self.namespace}:{self.PROBE_KEY}")
        if not held or held["version"] != self.version or self._clock() - held["at"] >= max_age:
            return None
        return held["entry"]

    def _retire_validators(self, previous: str) -> None:
        """The old version's ETag copies may revalidate for REVALIDATION_GRACE_S, then go
        (data-api.md, Limits 7: dropped within one business day of a version change);
        those of any version before it go now."""
        held = self.store.get(f"{self.namespace}:{self.PREVIOUS_KEY}")
        if held and held["version"] != previous:
            self.store.delete_prefix(f"{self.namespace}:etag@{held['version']}:")
        until = self._clock() + REVALIDATION_GRACE_S
        self.store.set(f"{self.namespace}:{self.PREVIOUS_KEY}", {"version": previous, "until": until}, ttl=REVALIDATION_GRACE_S)

    def _drop_expired_validators(self) -> None:
        held = self.store.get(f"{self.namespace}:{self.PREVIOUS_KEY}")
        if held and self._clock() >= held["until"]:
            self.store.delete_prefix(f"{self.namespace}:etag@{held['version']}:")
            self.store.delete(f"{self.namespace}:{self.PREVIOUS_KEY}")

    def get(self, request_key: str) -> CachedResponse | None:
        version = self.version
        if version is None:
            return None
        return self.store.get(self._key(version, request_key))

    def validator(self, request_key: str) -> CachedResponse | None:
        """An entry to revalidate with `If-None-Match` (never served unchecked): of this version,
        or of the previous one until REVALIDATION_GRACE_S after the change."""
        versions = [self.version]
        held = self.store.get(f"{self.namespace}:{self.PREVIOUS_KEY}")
        if held and self._clock() < held["until"]:
            versions.append(held["version"])
        for version in versions:
            entry = self.store.get(f"{self.namespace}:etag@{version}:{request_key}") if version else None
            if entry is not None:
                return entry
        return None

    def put(self, request_key: str, entry: CachedResponse) -> None:
        self.store.set(self._key(entry.dataset_version, request_key), entry)
        if entry.etag:
            self.store.set(f"{self.namespace}:etag@{entry.dataset_version}:{request_key}", entry)

    def clear(self) -> None:
        self.store.delete_prefix(f"{self.namespace}:")

    def _key(self, version: str, request_key: str) -> str:
        return f"{self.namespace}:v{version}:{request_key}"
