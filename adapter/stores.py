"""The stores this process shares with the app's other replicas: in memory, or on Redis.

- `cache`: the Data API's version-keyed cache (`services.data_api.cache.VersionedCache` over it) and
  the map's published rows, so a view read on one replica is served by another;
- `login_state`: pending logins (PKCE verifier by `state`), login sessions (encrypted
  tokens), the refresh locks; a store of its own so cached data never evicts a login;
- `sessions`: the `SessionStore` over `login_state`;
- `people`: each person's state between Streamlit sessions (`PersonStore`, issue 42), by the
  session cookie's id; watchlists keep their watches there too.

Without `DEEDSCOPE_CACHE_URL` the first two are `MemoryStore`s (one replica, as before) and
`people` a SQLite file under `.data/` (a restart of the app keeps it). With a `redis://` URL
all three are `ResilientStore`s over Redis, which the replicas share (the one setting for every
shared store: docs/contract.md): while Redis does not answer they work on memory and `problem()`
says so (the sidebar shows it; a login made elsewhere is asked again). Built once per process
and settings, outside Streamlit's caches, because the login callback route (web/login_routes.py)
runs outside any script run.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis

from services.settings import load_settings
from services.stores.login_sessions import SessionStore, derive_key, new_session_secret
from services.stores.memory import MemoryStore
from services.stores.person_store import PersonStore
from services.stores.redis_store import SOCKET_TIMEOUT_S, RedisStore
from services.stores.resilient import ResilientStore
from services.stores.sqlite_store import SqliteStore

LOG = logging.getLogger(__name__)
LOGIN_STATE_MAX_BYTES = 32 * 1024 * 1024
# The people's state on a host without Redis (.data/ is the app's, never in git).
PEOPLE_FILE = Path(__file__).resolve().parent.parent / ".data" / "people.sqlite3"

_lock = threading.Lock()
_built: dict[tuple[str, str], Stores] = {}
# One random secret per process when DEEDSCOPE_SESSION_KEY is unset (then sessions are
# this replica's only, and a restart asks everyone to log in again).
_process_secret: list[str] = []


@dataclass(frozen=True)
class Stores:
    cache: Any
    login_state: Any
    sessions: Any
    people: PersonStore
    shared: bool  # on Redis (even while it is away)

    def problem(self) -> str | None:
        """What the sidebar says while the shared store is away."""
        for store in (self.cache, self.login_state, self.people.store):
            text = getattr(store, "problem", None)
            if text:
                return text
        return None


def stores() -> Stores:
    """This process's stores for the current settings."""
    current = load_settings()
    cache_url = current.cache_url.get_secret_value() if current.cache_url else ""
    secret = current.session_key.get_secret_value() if current.session_key else _secret_of_this_process(bool(cache_url))
    key = (cache_url, secret)
    with _lock:
        if key not in _built:
            _built[key] = _build(cache_url, secret)
        return _built[key]


def problem() -> str | None:
    return stores().problem()


def _build(cache_url: str, secret: str) -> Stores:
    if not cache_url:
        login_state = MemoryStore(LOGIN_STATE_MAX_BYTES)
        return Stores(MemoryStore(), login_state, SessionStore(login_state, secret), PersonStore(_people_file()), shared=False)

    client = redis.Redis.from_url(
        cache_url, socket_timeout=SOCKET_TIMEOUT_S, socket_connect_timeout=SOCKET_TIMEOUT_S, health_check_interval=30
    )
    signing = derive_key(secret, "shared store")
    cache = ResilientStore(RedisStore(cache_url, signing, prefix="deedscope:cache:", client=client), MemoryStore())
    login_state = ResilientStore(
        RedisStore(cache_url, signing, prefix="deedscope:login:", client=client), MemoryStore(LOGIN_STATE_MAX_BYTES)
    )
    people = ResilientStore(RedisStore(cache_url, signing, prefix="deedscope:people:", client=client), MemoryStore())
    return Stores(cache, login_state, SessionStore(login_state, secret), PersonStore(people), shared=True)


_people_files: dict[Path, SqliteStore] = {}


def _people_file() -> SqliteStore:
    """One SqliteStore per file in this process (its connections are per thread)."""
    if PEOPLE_FILE not in _people_files:
        _people_files[PEOPLE_FILE] = SqliteStore(PEOPLE_FILE)
    return _people_files[PEOPLE_FILE]


def _secret_of_this_process(shared: bool) -> str:
    with _lock:
        if not _process_secret:
            if shared:
                LOG.warning("DEEDSCOPE_SESSION_KEY is unset: logins and cached entries are not shared between replicas")
            _process_secret.append(new_session_secret())
        return _process_secret[0]
