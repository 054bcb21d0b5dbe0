"""The version-keyed cache on the real sandbox: repeat reads, publishes, stale cursors, ETags."""

from __future__ import annotations

import logging

import pytest

from services.stores.memory import MemoryStore
from services.data_api import DataApi
from services.errors import InvalidCursorError
from tests.services.conftest import FakeClock, RequestLog, settings_for
from tests.services.test_deals import market_bbox, small_window


def test_repeat_read_sends_no_request_and_costs_no_credit(data_api: DataApi, request_log: RequestLog) -> None:
    window = small_window(data_api)
    first = data_api.deals.list(**window, limit=20)
    charged, sent = data_api.credits.charged, len(request_log.sent)
    assert charged > 0, "the first read of new deals is charged"
    again = data_api.deals.list(**window, limit=20)
    deal = data_api.deals.retrieve(first.items[0].id)
    data_api.deals.retrieve(deal.id)
    assert [d.id for d in again.items] == [d.id for d in first.items]
    assert len(request_log.sent) == sent + 1, "only the first retrieve went out"
    assert data_api.credits.charged == charged, "a deal already held costs nothing again"


def test_sessions_of_one_account_share_the_store(sandbox, http_client, request_log: RequestLog) -> None:
    store = MemoryStore()
    with DataApi(settings_for(sandbox.url), http_client=http_client, cache=store) as one:
        bbox = market_bbox(one)
        one.deals.summary(bbox=bbox)
    with DataApi(settings_for(sandbox.url), http_client=http_client, cache=store) as two:
        two.deals.summary(bbox=bbox)
    assert request_log.to("/v1/deals/summary") == 1
    with DataApi(settings_for(sandbox.url, "zpka_sandbox_bench"), http_client=http_client, cache=store) as other:
        other.deals.summary(bbox=bbox)
    assert request_log.to("/v1/deals/summary") == 2, "another account never reads this account's entries"


def test_publish_drops_the_cache_when_the_version_is_next_learned(
    sandbox, data_api: DataApi, request_log: RequestLog, fake_clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    bbox = market_bbox(data_api)
    data_api.deals.summary(bbox=bbox)
    before = data_api.dataset_version
    state = data_api.dataset().states[0].state
    sandbox.publish(state)
    fake_clock.advance(60)
    data_api.deals.summary(bbox=bbox)
    assert request_log.to("/v1/deals/summary") == 1, "inside ten minutes the cached answer stands"
    fake_clock.advance(600)
    caplog.set_level(logging.INFO, logger="services.data_api")
    data_api.deals.summary(bbox=bbox)
    assert data_api.dataset_version != before
    assert request_log.to("/v1/deals/summary") == 2
    assert f"dataset version changed from {before}" in caplog.text
    keys = list(data_api.cache.store._entries.keys())
    assert not [key for key in keys if f":v{before}:" in key], "no entry of the old version is left"


def test_version_learned_from_any_answer_drops_at_once(sandbox, data_api: DataApi, request_log: RequestLog) -> None:
    bbox = market_bbox(data_api)
    data_api.deals.summary(bbox=bbox)
    before = data_api.dataset_version
    sandbox.publish(data_api.dataset().states[0].state)
    data_api.deals.summary(bbox=bbox, kind=["flip"])  # a new read: its header carries the new version
    assert data_api.dataset_version != before
    data_api.deals.summary(bbox=bbox)
    assert request_log.to("/v1/deals/summary") == 3


def test_stale_cursor_restarts_from_page_one_once(sandbox, sandbox_url, http_client, caplog: pytest.LogCaptureFixture) -> None:
    with DataApi(settings_for(sandbox_url, "zpka_sandbox_bench"), http_client=http_client) as api:
        window = small_window(api)
        expected = api.deals.summary(**window).n_deals
        first = api.deals.list(**window, limit=50)
        assert first.has_next_page()
        sandbox.publish(api.dataset().states[0].state)
        caplog.set_level(logging.WARNING, logger="services.pagination")
        deals = first.walk()
        assert first.restarted
        assert "restarting from page 1" in caplog.text
        ids = [deal.id for deal in deals]
        assert len(ids) == len(set(ids)) == expected


def test_invalid_cursor_without_a_version_change_is_raised(sandbox, data_api: DataApi) -> None:
    window = small_window(data_api)
    first = data_api.deals.list(**window, limit=5)
    other_query = data_api.deals.list(**{**window, "kind": ["flip"]}, limit=5)
    assert first.next_cursor and other_query.next_cursor
    # Send the first query's cursor with another query: the service refuses it.
    first.page.next_cursor = other_query.next_cursor
    with pytest.raises(InvalidCursorError):
        first.walk()
    assert not first.restarted


def test_etag_revalidation_serves_the_kept_body(data_api: DataApi, request_log: RequestLog, http_client) -> None:
    bbox = market_bbox(data_api)
    first = data_api.deals.summary(bbox=bbox)
    # As if the store had evicted the versioned entry: only the validator is left.
    removed = data_api.cache.store.delete_prefix(f"{data_api.cache.namespace}:v")
    assert removed >= 1
    statuses: list[int] = []
    http_client.event_hooks["response"] = [lambda response: statuses.append(response.status_code)]
    again = data_api.deals.summary(bbox=bbox)
    assert statuses == [304], "the service confirmed the kept body instead of sending it"
    assert again == first
    sent = len(request_log.sent)
    data_api.deals.summary(bbox=bbox)
    assert len(request_log.sent) == sent, "the revalidated body is cached again"


def test_a_second_stale_cursor_in_one_walk_is_raised(sandbox, sandbox_url, http_client) -> None:
    with DataApi(settings_for(sandbox_url, "zpka_sandbox_bench"), http_client=http_client) as api:
        first = api.deals.list(**small_window(api), limit=20)
        state = api.dataset().states[0].state
        pages = first.iter_pages()
        assert next(pages) is first
        sandbox.publish(state)
        restarted = next(pages)
        assert first.restarted and restarted.has_next_page()
        sandbox.publish(state)
        with pytest.raises(InvalidCursorError):
            next(pages)
