"""`ResilientStore`: a shared store (Redis) with an in-process store to fall back on.

When Redis stops answering, the app keeps working on this process's memory: reads are
cached again here, new pending logins and sessions live here (they work on this replica
only), and `problem` says what happened so the sidebar can tell the person. Redis is
tried again after `retry_after_s`; when it answers, the shared entries are used again and
what was kept here meanwhile is dropped (a login made during the outage is asked again).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import redis

from services.stores.memory import CacheStore, MemoryStore

LOG = logging.getLogger(__name__)
RETRY_AFTER_S = 10.0
PROBLEM_TEXT = (
    "The shared cache (Redis) is not answering: this server keeps working on its own memory. "
    "Marketplace logins made elsewhere are not seen here; log in again."
)


class ResilientStore:
    """`CacheStore` over a primary shared store, falling back to a `MemoryStore` while it fails."""
    def __init__(
        self,
        primary: Any,
        fallback: CacheStore | None = None,
        *,
        retry_after_s: float = RETRY_AFTER_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:

        self.primary = primary
        self.fallback = fallback if fallback is not None else MemoryStore()
        self.retry_after_s = retry_after_s
        self._clock = clock
        self._failed_until = 0.0
        self._failed = False
        self._lock = threading.Lock()
        self._errors = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError)

    @property
    def problem(self) -> str | None:
        """What the sidebar says while the shared store is away; None when all is well."""
        return PROBLEM_TEXT if self._failed else None

    @property
    def shared(self) -> bool:
        return not self._failed

    def get(self, key: str) -> Any | None:
        return self._call("get", key)

    def set(self, key: str, value: Any, ttl: float | None = None) -> None:
        self._call("set", key, value, ttl)

    def delete(self, key: str) -> None:
        self._call("delete", key)

    def pop(self, key: str) -> Any | None:
        return self._call("pop", key)

    def has(self, key: str) -> bool:
        return self._call("has", key)

    def delete_prefix(self, prefix: str) -> int:
        return self._call("delete_prefix", prefix)

    def clear(self) -> None:
        self._call("clear")

    def lock(self, name: str, timeout: float = 30.0) -> Any:
        if self._primary_usable():
            return _FallibleLock(self, self.primary.lock(name, timeout), self.fallback.lock(name, timeout))
        return self.fallback.lock(name, timeout)

    def _call(self, method: str, *args: Any) -> Any:
        if self._primary_usable():
            try:
                result = getattr(self.primary, method)(*args)
            except self._errors as error:
                self.mark_failed(error)
            else:
                self._mark_answering()
                return result
        return getattr(self.fallback, method)(*args)

    def _primary_usable(self) -> bool:
        return not self._failed or self._clock() >= self._failed_until

    def mark_failed(self, error: BaseException) -> None:
        with self._lock:
            if not self._failed:
                # The error's class only: a connection error's text may carry the URL's password.
                LOG.warning("shared store unreachable (%s); working on memory", type(error).__name__)
            self._failed = True
            self._failed_until = self._clock() + self.retry_after_s

    def _mark_answering(self) -> None:
        if self._failed:
            with self._lock:
                if self._failed:
                    LOG.warning("shared store answers again")
                    self._failed = False
                    self.fallback.clear()


class LockTimeout(RuntimeError):
    """Another holder kept the shared lock past its timeout."""


class _FallibleLock:
    """The shared lock; if Redis fails while taking it, this process's lock instead."""
    def __init__(self, store: ResilientStore, shared: Any, local: Any) -> None:
        self._store = store
        self._shared = shared
        self._local = local
        self._held: Any = None

    def __enter__(self) -> _FallibleLock:
        try:
            if not self._shared.acquire():
                raise LockTimeout("the shared lock was not released in time")
            self._held = self._shared
        except self._store._errors as error:
            self._store.mark_failed(error)
            self._local.acquire()
            self._held = self._local
        return self

    def __exit__(self, *exc_info: object) -> None:
        held, self._held = self._held, None
        try:
            held.release()
        except self._store._errors as error:
            self._store.mark_failed(error)
        except Exception:  # noqa: BLE001 - a lapsed Redis lock (LockNotOwnedError): nothing to release
            pass
