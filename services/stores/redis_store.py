"""`RedisStore`: the `CacheStore` interface on Redis, for several app replicas (redis-py).

Every replica behind the load balancer reads and writes the same entries: the Data API's
version-keyed cache, the pending logins, the login sessions, the map's published rows.
Values travel pickled (a `CachedResponse` keeps its parsed body, so a hit on another
replica parses nothing) and each carries an HMAC-SHA256 tag made with the settings' key:
a value nobody with the key wrote is refused before it is unpickled, so whoever can
write to Redis cannot make a replica run code. Secrets are encrypted before they get
here (`services.stores.login_sessions`); this module never logs a value or a key's secret part.

Keys live under one prefix (`deedscope:` by default) so `clear()` and `delete_prefix()`
touch only this app's entries of a shared Redis. TTLs are Redis's own (`PX`), capped at
the cache's 30 days.
"""

from __future__ import annotations

import hashlib
import hmac
import pickle
from dataclasses import replace
from typing import Any

import redis

from services.contract import CACHE_MAX_TTL_S
from services.data_api.cache import CachedResponse

KEY_PREFIX = "deedscope:"
TAG_BYTES = 32  # SHA-256
# A page must not hang on a Redis that went away: fail fast, the caller falls back to memory.
SOCKET_TIMEOUT_S = 0.5
SCAN_BATCH = 500
GLOB_SPECIALS = "*?[]\\"


class RedisStore:
    """`CacheStore` on one Redis (`redis://host:port/db`); values signed, TTLs Redis's own."""
    def __init__(
        self,
        url: str,
        signing_key: bytes,
        *,
        prefix: str = KEY_PREFIX,
        max_ttl: float = CACHE_MAX_TTL_S,
        client: Any = None,
    ) -> None:
        if not signing_key:
            raise ValueError("a signing key is needed to share values through Redis")
        if client is None:
            client = redis.Redis.from_url(
                url, socket_timeout=SOCKET_TIMEOUT_S, socket_connect_timeout=SOCKET_TIMEOUT_S, health_check_interval=30
            )
        self._redis = client
        self._signing_key = hashlib.sha256(b"deedscope-store\0" + signing_key).digest()
        self.prefix = prefix
        self.max_ttl = max_ttl

    def __repr__(self) -> str:
        # The URL may carry a password: never shown.
        return f"RedisStore(prefix={self.prefix!r})"

    def get(self, key: str) -> Any | None:
        return self._load(self._redis.get(self.prefix + key))

    def set(self, key: str, value: Any, ttl: float | None = None) -> None:
        ttl = self.max_ttl if ttl is None else min(max(ttl, 0.0), self.max_ttl)
        milliseconds = int(ttl * 1000)
        if milliseconds <= 0:
            self._redis.delete(self.prefix + key)
            return
        self._redis.set(self.prefix + key, self._dump(value), px=milliseconds)

    def delete(self, key: str) -> None:
        self._redis.delete(self.prefix + key)

    def has(self, key: str) -> bool:
        return bool(self._redis.exists(self.prefix + key))

    def pop(self, key: str) -> Any | None:
        # GETDEL (Redis 6.2): two replicas taking the same pending login cannot both get it.
        return self._load(self._redis.getdel(self.prefix + key))

    def delete_prefix(self, prefix: str) -> int:
        pattern = _glob_escape(self.prefix + prefix) + "*"
        removed = 0
        batch: list[bytes] = []
        for name in self._redis.scan_iter(match=pattern, count=SCAN_BATCH):
            batch.append(name)
            if len(batch) >= SCAN_BATCH:
                removed += self._redis.unlink(*batch)
                batch = []
        if batch:
            removed += self._redis.unlink(*batch)
        return removed

    def clear(self) -> None:
        self.delete_prefix("")

    def lock(self, name: str, timeout: float = 30.0) -> Any:
        """A lock every replica honours (redis-py's `Lock`: a key with a token, released by
        its owner only); it lapses after `timeout` if its holder dies."""
        return self._redis.lock(self.prefix + "lock:" + name, timeout=timeout, blocking_timeout=timeout)

    def ping(self) -> bool:
        return bool(self._redis.ping())

    def close(self) -> None:
        self._redis.close()

    def _dump(self, value: Any) -> bytes:
        try:
            body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):
            if not isinstance(value, CachedResponse):
                raise
            # What was parsed is a memo (a generic envelope model does not pickle): the
            # body travels, and the replica that reads it parses it once.
            body = pickle.dumps(replace(value, parsed={}), protocol=pickle.HIGHEST_PROTOCOL)
        return hmac.new(self._signing_key, body, hashlib.sha256).digest() + body

    def _load(self, raw: bytes | None) -> Any | None:
        if raw is None or len(raw) <= TAG_BYTES:
            return None
        tag, body = raw[:TAG_BYTES], raw[TAG_BYTES:]
        if not hmac.compare_digest(tag, hmac.new(self._signing_key, body, hashlib.sha256).digest()):
            # Written without our key (another app, another key): treated as absent, never unpickled.
            return None
        return pickle.loads(body)  # noqa: S301 - only values whose tag proves we wrote them


def _glob_escape(text: str) -> str:
    return "".join("\\" + char if char in GLOB_SPECIALS else char for char in text)
