"""A person's state between Streamlit sessions (services/stores/person_store.py) on each store
it runs on: a SQLite file (one host, the default), Redis (the replicas), this process's memory.
And the SQLite store's own `CacheStore` behaviour."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from devtools.services_process import run_redis
from services.stores.memory import MemoryStore
from services.stores.person_store import PersonStore
from services.stores.redis_store import RedisStore
from services.stores.sqlite_store import SqliteStore


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    with run_redis() as url:
        yield url


@pytest.fixture(params=["sqlite", "redis", "memory"])
def backing(request, tmp_path) -> Iterator:
    if request.param == "sqlite":
        yield SqliteStore(tmp_path / "people.sqlite3")
    elif request.param == "redis":
        store = RedisStore(request.getfixturevalue("redis_url"), b"test key", prefix=f"test:{time.monotonic_ns()}:")
        yield store
        store.clear()
        store.close()
    else:
        yield MemoryStore()


def test_a_persons_parts_are_theirs_alone(backing):
    people = PersonStore(backing)
    people.put("alice-id", "presenter", True)
    people.put("alice-id", "map", {"market": "PHX", "cell": "8826c86015fffff"})
    assert people.get("alice-id", "presenter") is True
    assert people.get("alice-id", "map") == {"market": "PHX", "cell": "8826c86015fffff"}
    assert people.get("bob-id", "map") is None, "a second person sees none of the first's state"
    people.delete("alice-id", "presenter")
    assert people.get("alice-id", "presenter") is None and people.get("alice-id", "map")
    people.forget("alice-id")
    assert people.get("alice-id", "map") is None


def test_the_store_never_holds_the_cookies_id(backing):
    people = PersonStore(backing)
    people.put("the-cookie-value-1234", "tour", {"name": "Dallas", "step": 7})
    keys = list(backing._entries.keys()) if isinstance(backing, MemoryStore) else _keys(backing)
    assert keys and not any("the-cookie-value-1234" in key for key in keys)


def _keys(store) -> list[str]:
    if isinstance(store, SqliteStore):
        return [row[0] for row in store._db().execute("SELECT key FROM entries")]
    return [name.decode() for name in store._redis.scan_iter(match=store.prefix + "*")]


def test_a_login_s_new_id_continues_the_person(backing):
    people = PersonStore(backing)
    people.put("before-login", "credits", {"charged": 53})
    people.continue_as("after-login", "before-login")
    assert people.get("after-login", "credits") == {"charged": 53}
    people.put("after-login", "budget", 500)
    assert people.get("before-login", "budget") == 500, "one person, whichever id their tab still has"
    people.continue_as("second-login", "after-login")
    assert people.get("second-login", "credits") == {"charged": 53}, "a second login continues the same person"


def test_update_counts_every_tab(backing):
    people = PersonStore(backing)

    def spend() -> None:
        for _ in range(20):
            people.update("carol-id", "credits", lambda now: {"charged": (now or {"charged": 0})["charged"] + 1})

    tabs = [threading.Thread(target=spend) for _ in range(4)]
    for tab in tabs:
        tab.start()
    for tab in tabs:
        tab.join()
    assert people.get("carol-id", "credits") == {"charged": 80}


def test_parts_expire_with_the_session(backing):
    people = PersonStore(backing, ttl=0.3)
    people.put("dave-id", "presenter", True)
    assert people.get("dave-id", "presenter") is True
    time.sleep(0.6)
    assert people.get("dave-id", "presenter") is None


def test_the_sqlite_store_is_a_cache_store(tmp_path):
    now = [1000.0]
    store = SqliteStore(tmp_path / "store.sqlite3", clock=lambda: now[0])
    store.set("a:1", {"x": [1, 2]}, ttl=10)
    store.set("a:2", "two")
    store.set("b%_:1", 3)
    assert store.get("a:1") == {"x": [1, 2]} and store.has("a:2")
    assert store.pop("a:2") == "two" and store.pop("a:2") is None, "a value is taken once"
    assert store.delete_prefix("b%_") == 1 and store.get("a:1"), "a prefix's % and _ are characters"
    now[0] += 11
    assert store.get("a:1") is None and not store.has("a:1"), "past its time to live"
    store.set("c", 1)
    again = SqliteStore(tmp_path / "store.sqlite3", clock=lambda: now[0])
    assert again.get("c") == 1, "another process on the host reads what this one wrote"
    again.clear()
    assert store.get("c") is None
