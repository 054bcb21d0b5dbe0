"""The shared store on a real redis-server (started here on a free port), and its fallback.

The same `CacheStore` behaviour as `MemoryStore` (get/set/pop/delete_prefix/TTL), values
signed so one written without the key is never unpickled, the version-keyed cache shared
by two clients, and a Redis that goes away: work goes on in memory and `problem` says so.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
import redis

from devtools.services_process import run_redis
from services.data_api.cache import CachedResponse, VersionedCache
from services.stores.memory import MemoryStore
from services.stores.redis_store import RedisStore
from services.stores.resilient import ResilientStore

KEY = b"test signing key"


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    with run_redis() as url:
        yield url


@pytest.fixture
def store(redis_url) -> Iterator[RedisStore]:
    store = RedisStore(redis_url, KEY, prefix=f"test:{time.monotonic_ns()}:")
    yield store
    store.clear()
    store.close()


def test_values_round_trip_and_pop_is_single_use(store):
    entry = CachedResponse(body=b'{"data": 1}', etag='"v1"', dataset_version="7", headers={"x-a": "1"}, parsed={"data": 1})
    store.set("entry", entry)
    assert store.get("entry") == entry
    store.set("pending", {"state": "s"})
    assert store.pop("pending") == {"state": "s"}
    assert store.pop("pending") is None
    assert store.has("entry") and not store.has("pending")
    store.delete("entry")
    assert store.get("entry") is None and not store.has("entry")


def test_ttl_is_redis_own(store):
    store.set("short", "x", ttl=0.2)
    assert store.get("short") == "x"
    time.sleep(0.4)
    assert store.get("short") is None


def test_delete_prefix_touches_only_its_own_keys(store, redis_url):
    for index in range(30):
        store.set(f"data:v1:{index}", index)
    store.set("data:v2:0", "kept")
    other = RedisStore(redis_url, KEY, prefix="elsewhere:")
    other.set("data:v1:0", "other app")
    assert store.delete_prefix("data:v1:") == 30
    assert store.get("data:v2:0") == "kept"
    assert other.get("data:v1:0") == "other app"
    other.clear()


def test_a_value_written_without_the_key_is_never_unpickled(store, redis_url):
    stranger = RedisStore(redis_url, b"another key", prefix=store.prefix)
    stranger.set("planted", {"x": 1})
    assert store.get("planted") is None
    raw = redis.Redis.from_url(redis_url)
    raw.set(store.prefix + "raw", b"\x80\x04not a signed value at all, longer than a tag")
    assert store.get("raw") is None


def test_two_replicas_share_the_version_keyed_cache(store, redis_url):
    replica_a = VersionedCache(store, "data:http://api:abc")
    replica_b = VersionedCache(RedisStore(redis_url, KEY, prefix=store.prefix), "data:http://api:abc")
    replica_a.observe_version("41")
    replica_a.put("GET /v1/deals/cells?x", CachedResponse(body=b"[]", etag=None, dataset_version="41"))
    assert replica_b.get("GET /v1/deals/cells?x").body == b"[]"
    # A new version seen by B drops A's entries for both.
    assert replica_b.observe_version("42")
    assert replica_a.get("GET /v1/deals/cells?x") is None


def test_two_replicas_share_the_version_and_the_probe(store, redis_url):
    from services.data_api.models import Dataset
    from services.envelope import envelope_parser

    body = b'{"data": {"dataset_version": 41, "data_end": "2026-10-31", "states": []}, "meta": {}}'
    replica_a = VersionedCache(store, "data:http://api:abc")
    replica_b = VersionedCache(RedisStore(redis_url, KEY, prefix=store.prefix), "data:http://api:abc")
    replica_a.observe_version("41")
    # A generic envelope model does not pickle: the probe's answer travels as its body.
    probe = CachedResponse(body=body, etag=None, dataset_version="41", parsed={"dataset": envelope_parser(Dataset)(body)})
    replica_a.keep_probe(probe)
    assert replica_b.confirmed_age() is not None and replica_b.confirmed_age() < 5
    assert replica_b.recent_probe(600).body == body
    replica_b.observe_version("42")
    assert replica_a.recent_probe(600) is None, "a probe of the old version is stale on every replica"


def test_the_lock_spans_clients(store, redis_url):
    other = RedisStore(redis_url, KEY, prefix=store.prefix)
    with store.lock("session", timeout=5):
        assert not other.lock("session", timeout=5).acquire(blocking=False)
    held = other.lock("session", timeout=5)
    assert held.acquire(blocking=False)
    held.release()


def test_a_redis_that_goes_away_falls_back_to_memory_and_says_so():
    clock = [0.0]
    dead = RedisStore("redis://127.0.0.1:1/0", KEY)  # nothing listens on port 1
    store = ResilientStore(dead, MemoryStore(), retry_after_s=10, clock=lambda: clock[0])
    assert store.problem is None
    store.set("a", 1)
    assert store.get("a") == 1 and store.has("a")  # kept in memory meanwhile
    assert store.problem and "Redis" in store.problem
    with store.lock("session"):
        pass
    clock[0] = 11.0
    store.get("a")  # tried again after the wait, still away
    assert store.problem


def test_a_returning_redis_is_used_again(redis_url):
    clock = [0.0]
    shared = RedisStore(redis_url, KEY, prefix=f"back:{time.monotonic_ns()}:")
    store = ResilientStore(shared, MemoryStore(), retry_after_s=10, clock=lambda: clock[0])
    store.mark_failed(ConnectionError("gone"))
    store.set("meanwhile", 1)
    assert store.problem
    clock[0] = 11.0
    store.set("k", "shared")
    assert store.problem is None
    assert shared.get("k") == "shared"
    assert store.get("meanwhile") is None  # the memory of the outage is dropped
    shared.clear()


def test_an_entry_whose_parsed_models_do_not_pickle_travels_as_its_body(store):
    from services.envelope import Envelope
    from services.data_api.models import Coverage

    parsed = Envelope[Coverage].model_validate({"data": {"place": None, "markets": []}, "meta": {"request_id": "r"}})
    store.set("entry", CachedResponse(body=b"{}", etag=None, dataset_version="1", parsed={"coverage": parsed}))
    assert store.get("entry") == CachedResponse(body=b"{}", etag=None, dataset_version="1", parsed={})


def test_a_body_read_again_from_redis_is_not_parsed_again(store, sandbox_url, monkeypatch):
    """An entry from Redis comes without its parsed models (they do not pickle): the same
    body read again on this replica is served from what was parsed from it the first time
    (services/data_api/client.py, bench/replicas.py's cached read)."""
    import services.data_api.client as client_module
    from services.data_api import DataApi
    from tests.services.conftest import settings_for

    parses = []
    original = client_module.parse_body
    monkeypatch.setattr(client_module, "parse_body", lambda body, *rest: parses.append(len(body)) or original(body, *rest))
    with DataApi(settings_for(sandbox_url), cache=store) as first, DataApi(settings_for(sandbox_url), cache=store) as second:
        market = first.coverage.retrieve().markets[0]
        parses.clear()
        getattr(client_module, "_parsed_bodies", {}).clear()  # nothing parsed before this test
        cells = [api.deals.cells(bbox=tuple(market.bbox), resolution=6) for api in (first, first, second, second)]
    assert all(len(each.cells) == len(cells[0].cells) > 0 for each in cells)
    assert len(parses) == 1, f"the same cells' body parsed {len(parses)} times"
