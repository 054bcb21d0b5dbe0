"""A republish is read once on the next run, and the sidebar says the version the page shows
(issue 41, 1: every memo above the client keys on the dataset version).

The app learns a new version from any answer's `X-Dataset-Version` or its ten-minute poll, and
keeps it in the store every session (and replica) shares: here another client over the same
store asks `GET /v1/dataset`, as another session's poll would. Requests are counted on the
app's shared HTTP client, by route.
"""

from __future__ import annotations

import collections
from collections.abc import Iterator

import httpx2
import pytest
from streamlit.testing.v1 import AppTest

import adapter.data
import adapter.stores
from devtools.services_process import run_redis
from services.data_api import DataApi
from services.settings import load_settings
from tests.pages.apptest import page_path, run_page, sandbox_fixtures
from tests.pages.map_helpers import APP, TIMEOUT_S, point_app_at
from tests.pages.test_investors import some_investor

CELLS = "/v1/deals/cells"


class Sent(collections.Counter):
    """Requests the app sent, by path, since the last `clear()`."""

    def __call__(self, request: httpx2.Request) -> None:
        self[request.url.path] += 1


@pytest.fixture
def sent(monkeypatch) -> Sent:
    """Every request of the app's shared HTTP client (adapter/data.py makes it once per settings)."""
    log = Sent()
    made = adapter.data.new_http_client

    def recording() -> httpx2.Client:
        client = made()
        client.event_hooks["request"].append(log)
        return client

    monkeypatch.setattr(adapter.data, "new_http_client", recording)
    return log


def sidebar_version(app: AppTest) -> str:
    said = "\n".join(str(element.value) for element in app.sidebar.markdown)
    assert "**Dataset version:**" in said, said
    return said.split("**Dataset version:**")[1].split()[0]


def learn_the_version_elsewhere(sandbox) -> str:
    """Another session's client over the process's store asks the service (its poll)."""
    settings = load_settings().with_api_url(sandbox.url)
    with DataApi(settings, cache=adapter.stores.stores().cache) as other:
        return str(other.dataset().dataset_version)


def a_state(sandbox) -> str:
    """A state the sandbox serves (read, not hard-coded)."""
    settings = load_settings().with_api_url(sandbox.url)
    with DataApi(settings) as api:
        return api.dataset().states[0].state


def confirmed(app: AppTest, key: str) -> AppTest:
    for button in [button for button in app.button if button.key == f"{key}_confirm"]:
        button.click().run()
    assert not app.exception
    return app


def test_a_republish_is_read_once_on_the_next_run_by_the_map_a_profile_and_a_property(monkeypatch, sandbox, sent):
    point_app_at(monkeypatch, sandbox.url)
    the_map = AppTest.from_file(APP, default_timeout=TIMEOUT_S).run()
    assert not the_map.exception
    before = sidebar_version(the_map)
    investor_id, property_id = some_investor(sandbox)["id"], sandbox_fixtures(sandbox)["parcel_with_everything"]
    profile = confirmed(run_page(page_path("investors"), investor=investor_id), "inv_profile")
    parcel = confirmed(run_page(page_path("properties"), property=property_id), "prop_parcel")
    investor_path, history_path = f"/v1/investors/{investor_id}", f"/v1/properties/{property_id}/history"
    assert sent[CELLS] and sent[investor_path] == 1 and sent["/v1/properties/search"] == 1

    sandbox.publish(a_state(sandbox))
    after = learn_the_version_elsewhere(sandbox)
    assert after != before
    sent.clear()
    for app in (the_map, profile, parcel):
        app.run()
        assert not app.exception
    assert sidebar_version(the_map) == after, "the sidebar says the version the pages now read"
    cells_reads = sent[CELLS]
    assert cells_reads >= 1, "the map's cells are read again for the new version"
    assert sent[investor_path] == 1, "the profile is read again, once"
    assert sent["/v1/properties/search"] == sent[history_path] == 1, "the property is read again, once"
    assert "/v1/dataset" not in sent, "the version another session learned is trusted, not asked again"

    sent.clear()
    for app in (the_map, profile, parcel):
        app.run()
        assert not app.exception
    assert sum(sent.values()) == 0, f"a second run reads nothing again: {dict(sent)}"


@pytest.fixture
def redis_url() -> Iterator[str]:
    with run_redis() as url:
        yield url


def test_replicas_on_redis_key_on_the_version_any_of_them_learned(monkeypatch, sandbox, sent, redis_url):
    """Two replicas share one store: the version one learned is what the other's next run keys on."""
    monkeypatch.setenv("DEEDSCOPE_CACHE_URL", redis_url)
    monkeypatch.setenv("DEEDSCOPE_SESSION_KEY", "a test key")
    point_app_at(monkeypatch, sandbox.url)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S).run()
    assert not app.exception
    before = sidebar_version(app)
    sandbox.publish(a_state(sandbox))
    # The other replica: its own connection to the same Redis, its own client; it polls.
    secret = load_settings().session_key.get_secret_value()
    replica = adapter.stores._build(redis_url, secret)
    with DataApi(load_settings().with_api_url(sandbox.url), cache=replica.cache) as other:
        learned = str(other.dataset().dataset_version)
        assert learned != before
        sent.clear()
        app.run()
        assert not app.exception
        assert sidebar_version(app) == learned == other.current_version()
        assert sent[CELLS] >= 1 and "/v1/dataset" not in sent
        sent.clear()
        app.run()
        assert sum(sent.values()) == 0
