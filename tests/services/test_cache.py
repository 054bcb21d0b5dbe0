"""The cache store interface and the version-keyed cache over it."""

from __future__ import annotations

import pytest

from services.data_api.cache import CachedResponse, VersionedCache
from services.stores.memory import CacheStore, MemoryStore


class FakeTimer:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_memory_store_is_a_cache_store() -> None:
    assert isinstance(MemoryStore(), CacheStore)


def test_get_set_delete_pop_clear() -> None:
    store = MemoryStore()
    store.set("a", b"1")
    store.set("b", {"state": "x"})
    assert store.get("a") == b"1"
    assert store.pop("b") == {"state": "x"}
    assert store.pop("b") is None, "pop is single use"
    store.delete("a")
    assert store.get("a") is None
    store.set("c", b"3")
    store.clear()
    assert len(store) == 0


def test_ttl_is_capped_at_thirty_days() -> None:
    timer = FakeTimer()
    store = MemoryStore(timer=timer)
    store.set("short", b"x", ttl=10)
    store.set("forever", b"x", ttl=10**9)
    timer.now = 11
    assert store.get("short") is None
    assert store.get("forever") == b"x"
    timer.now = 30 * 86400 + 1
    assert store.get("forever") is None


def test_has_sees_live_entries_only() -> None:
    timer = FakeTimer()
    store = MemoryStore(timer=timer)
    store.set("short", b"x", ttl=10)
    assert store.has("short") and not store.has("never set")
    timer.now = 11
    assert not store.has("short"), "an expired entry is not there"


def test_store_is_bounded_in_bytes() -> None:
    store = MemoryStore(max_bytes=1000)
    for index in range(50):
        store.set(f"k{index}", b"x" * 100)
    assert store.current_bytes <= 1000
    assert store.get("k49") == b"x" * 100 and store.get("k0") is None, "least recently used goes first"
    store.set("huge", b"x" * 5000)
    assert store.get("huge") is None, "an entry larger than the store is not kept, and not an error"


def test_delete_prefix() -> None:
    store = MemoryStore()
    for key in ("a:1", "a:2", "b:1"):
        store.set(key, b"x")
    assert store.delete_prefix("a:") == 2
    assert store.get("b:1") == b"x"


def entry(version: str, body: bytes = b"{}", etag: str | None = '"e1"') -> CachedResponse:
    return CachedResponse(body=body, etag=etag, dataset_version=version)


def test_version_change_drops_every_entry_of_the_old_version() -> None:
    store = MemoryStore()
    cache = VersionedCache(store, "ns")
    other = VersionedCache(store, "other")
    assert cache.observe_version("1") is False, "the first version seen is no change"
    other.observe_version("1")
    cache.put("/v1/deals?a=1", entry("1"))
    cache.put("/v1/deals?a=2", entry("1"))
    other.put("/v1/deals?a=1", entry("1"))
    assert cache.get("/v1/deals?a=1") is not None
    assert cache.observe_version("2") is True
    assert cache.get("/v1/deals?a=1") is None and cache.get("/v1/deals?a=2") is None
    assert not [k for k in list(store._entries.keys()) if k.startswith("ns:v1:")]
    assert other.get("/v1/deals?a=1") is not None, "another namespace keeps its entries"
    assert cache.validator("/v1/deals?a=1").etag == '"e1"', "the ETag survives to revalidate"


def test_namespace_never_holds_the_key() -> None:
    namespace = VersionedCache.namespace_for("http://h", "zpka_very_secret", "dev")
    assert "zpka_very_secret" not in namespace
    assert namespace != VersionedCache.namespace_for("http://h", "zpka_other", "dev")


@pytest.mark.parametrize(
    ("etag", "has_validator"),
    [pytest.param('"e"', True, id="with-etag"), pytest.param(None, False, id="without-etag")],
)
def test_validator_kept_only_with_an_etag(etag: str | None, has_validator: bool) -> None:
    cache = VersionedCache(MemoryStore(), "ns")
    cache.observe_version("1")
    cache.put("k", entry("1", etag=etag))
    assert (cache.validator("k") is not None) is has_validator


def test_revalidation_copies_are_dropped_within_a_business_day_of_a_version_change() -> None:
    """data-api.md, Limits 7: drop an entry within one business day of a version change;
    the ETag copies kept to revalidate are entries too."""
    from services.contract import REVALIDATION_GRACE_S

    now = [1_000_000.0]
    store = MemoryStore()
    cache = VersionedCache(store, "ns", clock=lambda: now[0])
    cache.observe_version("1")
    cache.put("/v1/deals?a=1", entry("1"))
    cache.observe_version("2")
    assert cache.validator("/v1/deals?a=1") is not None, "just after the change it may revalidate"
    assert REVALIDATION_GRACE_S <= 24 * 3600
    now[0] += REVALIDATION_GRACE_S + 1
    assert cache.validator("/v1/deals?a=1") is None
    cache.observe_version("2")  # any answer of the same version sweeps them out
    assert not [key for key in list(store._entries.keys()) if ":etag@1:" in key]


def test_a_second_version_change_drops_the_first_versions_copies_at_once() -> None:
    store = MemoryStore()
    cache = VersionedCache(store, "ns")
    cache.observe_version("1")
    cache.put("k", entry("1"))
    cache.observe_version("2")
    cache.observe_version("3")
    assert cache.validator("k") is None
    assert not [key for key in list(store._entries.keys()) if ":etag@1:" in key]
