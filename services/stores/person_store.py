"""A person's state between Streamlit sessions (issue 42): named parts, by the id in their session cookie.

A login's OAuth redirect, a reload and a second tab each start a new Streamlit session with an
empty `st.session_state`; what the person did (the credits spent and the budget, presenter mode,
the tour and its step, each page's last selection) lives here instead, under the random id of
the `HttpOnly` session cookie every visitor gets on their first page load. Watchlists (issue 47)
keep their watches here too.

The store underneath is a `CacheStore` (services/stores/memory.py): a SQLite file under `.data/`
on one host, Redis when the replicas share one (adapter/stores.py). Its keys are a hash of the
id, so reading the store gives no cookie to replay. Values are plain JSON; nothing secret is
kept. Every part lives `PERSON_TTL_S` after it was last written, as long as the cookie.

A login gives the cookie a new id (an id a person had before logging in must not become a
logged-in session's: session fixation); `continue_as` makes the new id find the same parts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from services.stores.login_sessions import SESSION_TTL_S
from services.stores.memory import CacheStore

# As long as the session cookie that names the person.
PERSON_TTL_S = SESSION_TTL_S
KEY_PREFIX = "person:"
ALIAS_PREFIX = "person-alias:"


class PersonStore:
    """get/put/delete of a person's named parts (JSON values); `update` reads and writes one under a lock."""

    def __init__(self, store: CacheStore, *, ttl: float = PERSON_TTL_S) -> None:
        self.store = store
        self.ttl = ttl

    def __repr__(self) -> str:
        return f"PersonStore({self.store!r})"

    def get(self, person_id: str, part: str) -> Any | None:
        return self.store.get(self._key(person_id, part))

    def put(self, person_id: str, part: str, value: Any) -> None:
        self.store.set(self._key(person_id, part), value, ttl=self.ttl)

    def delete(self, person_id: str, part: str) -> None:
        self.store.delete(self._key(person_id, part))

    def forget(self, person_id: str) -> None:
        """Every part of the person."""
        self.store.delete_prefix(self._key(person_id, ""))

    def update(self, person_id: str, part: str, change: Callable[[Any | None], Any]) -> Any:
        """The part after `change(the part now)`, written under the store's lock: two tabs
        spending at once both count (a lock of every replica on Redis)."""
        key = self._key(person_id, part)
        with self.store.lock(key):
            value = change(self.store.get(key))
            self.store.set(key, value, ttl=self.ttl)
        return value

    def continue_as(self, new_id: str, old_id: str) -> None:
        """`new_id` (a login's) finds the parts `old_id` had, and those written from now on."""
        if new_id and old_id and new_id != old_id:
            self.store.set(ALIAS_PREFIX + _hashed(new_id), self._person_key(old_id), ttl=self.ttl)

    def _key(self, person_id: str, part: str) -> str:
        return f"{KEY_PREFIX}{self._person_key(person_id)}:{part}"

    def _person_key(self, person_id: str) -> str:
        if not person_id:
            raise ValueError("a person's state needs their id")
        hashed = _hashed(person_id)
        return self.store.get(ALIAS_PREFIX + hashed) or hashed


def _hashed(person_id: str) -> str:
    return hashlib.sha256(person_id.encode()).hexdigest()
