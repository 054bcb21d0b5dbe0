"""The dataset version shared by the sessions (and replicas) of one cache store.

A session that starts while another confirmed the version less than ten minutes ago (on any
answer's `X-Dataset-Version`) sends its reads without a freshness probe first, and the
probe's own answer is served to the others while no answer shows another version (issue 17:
a view read on replica A is served on replica B with 0 requests to the API).
"""

from __future__ import annotations

import httpx2

from services.stores.memory import MemoryStore
from services.contract import VERSION_POLL_INTERVAL_S
from services.data_api import DataApi
from services.settings import Settings
from tests.services.test_live_host_otherwise import BASE, answer, dataset, summary

BBOX = (-81.0, 35.0, -80.7, 35.3)


class Host:
    """A mock Data API whose version can be published again; it records the paths asked."""

    def __init__(self) -> None:
        self.version = "7"
        self.paths: list[str] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.paths.append(request.url.path)
        if request.url.path == "/v1/dataset":
            return dataset(self.version)
        return answer(summary(), version=self.version, etag=f'"e{self.version}{request.url.query}"')


def session(host: Host, store: MemoryStore, clock) -> DataApi:
    client = httpx2.Client(transport=httpx2.MockTransport(host))
    settings = Settings(api_url=BASE, api_key="zpka_live_test")
    return DataApi(settings, http_client=client, cache=store, clock=clock)


def test_a_new_session_trusts_the_version_another_confirmed_and_its_probe():
    host, store, now = Host(), MemoryStore(), [1000.0]
    first = session(host, store, lambda: now[0])
    first.deals.summary(bbox=BBOX)
    assert host.paths == ["/v1/dataset", "/v1/deals/summary"]
    assert first.dataset(max_age=VERSION_POLL_INTERVAL_S).dataset_version == 7
    assert host.paths.count("/v1/dataset") == 1, "the probe's answer was kept"

    now[0] += 300
    second = session(host, store, lambda: now[0])  # another session, or a replica on the same store
    assert second.deals.summary(bbox=BBOX).n_deals == 3
    assert second.deals.summary(bbox=BBOX, kind=["flip"]).n_deals == 3
    assert second.dataset(max_age=VERSION_POLL_INTERVAL_S).data_end.isoformat() == "2026-10-31"
    assert host.paths == ["/v1/dataset", "/v1/deals/summary", "/v1/deals/summary"], "no probe, one new read"


def test_the_shared_trust_ends_ten_minutes_after_the_last_answer_not_later():
    host, store, now = Host(), MemoryStore(), [1000.0]
    session(host, store, lambda: now[0]).deals.summary(bbox=BBOX)
    now[0] += VERSION_POLL_INTERVAL_S - 60
    later = session(host, store, lambda: now[0])
    later.deals.summary(bbox=BBOX)  # trusted: confirmed 9 minutes ago
    assert host.paths.count("/v1/dataset") == 1
    now[0] += 61  # ten minutes after the last answer that carried the version
    later.deals.summary(bbox=BBOX)
    assert host.paths.count("/v1/dataset") == 2, "the session polls again"


def test_a_kept_probe_of_an_older_version_is_never_served():
    host, store, now = Host(), MemoryStore(), [1000.0]
    first = session(host, store, lambda: now[0])
    first.dataset()
    host.version = "8"
    first.deals.summary(bbox=BBOX)  # its header shows the new version
    probes = host.paths.count("/v1/dataset")
    assert session(host, store, lambda: now[0]).dataset(max_age=VERSION_POLL_INTERVAL_S).dataset_version == 8
    assert host.paths.count("/v1/dataset") == probes + 1


def test_the_probe_without_max_age_always_asks_the_service():
    """What a stale cursor's restart relies on (services/pagination.py): a real answer."""
    host, store = Host(), MemoryStore()
    api = session(host, store, lambda: 1000.0)
    api.dataset()
    host.version = "8"
    assert api.refresh_version() == "8"
    assert api.dataset().dataset_version == 8
    assert host.paths.count("/v1/dataset") == 3
