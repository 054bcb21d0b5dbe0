"""The Data API's version-keyed cache over any `CacheStore` (`services.stores`).

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
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any


from services.contract import REVALIDATION_GRACE_S, VERSION_POLL_INTERVAL_S
from services.stores.memory import CacheStore


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
