"""A shared link's first paint for a new browser (web/first_paint.py, adapter/link_view.py,
issue 45), as the app's middleware answers it, in this process, against the real sandbox:
the Map page's head asks for it and no other page's does; the answer is the link's map at
the dataset version, holds nothing secret, changes with a republish, is shared by replicas
through Redis; a bad link, months playing or a host that is down answer nothing.

That the map painted from it is the map the page then draws: tests/browser/test_map_first_visit.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import jsonschema
import pytest
from starlette.responses import HTMLResponse
from starlette.testclient import TestClient

import adapter.link_view
import adapter.stores
from adapter import static_files
from devtools.services_process import run_redis
from devtools.streamlit_process import free_port
from mapspec import message
from services.errors import ValidationError
from services.settings import EMBEDDED_ON_BEHALF_OF
from tests.processes import sandbox_env
from web.middleware import AppRoutesMiddleware

# Streamlit's page, as far as the head script goes.
INDEX = "<html><head><title>Streamlit</title></head><body></body></html>"
LINK = "market=DFW&kind=flip,hold&from=2025-01-01"
KEY = "zpka_sandbox_demo"


async def streamlit_stand_in(scope, receive, send) -> None:
    await HTMLResponse(INDEX)(scope, receive, send)


def fresh_stores() -> None:
    with adapter.stores._lock:
        adapter.stores._built.clear()


@pytest.fixture
def app(sandbox, tmp_path, monkeypatch) -> Iterator[TestClient]:
    """The app's middleware in front of a stand-in for Streamlit, reading the sandbox, its
    published files in a folder of its own; this process's memory as the store."""
    monkeypatch.delenv("DEEDSCOPE_CACHE_URL", raising=False)
    for name, value in sandbox_env(sandbox.url, KEY).items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(static_files, "serving_enabled", lambda: True)
    monkeypatch.setattr(static_files, "APP_STATIC_ROOT", tmp_path)
    fresh_stores()
    client = TestClient(AppRoutesMiddleware(streamlit_stand_in), base_url="http://127.0.0.1:9")
    yield client
    client.close()
    fresh_stores()


def first_paint(app: TestClient, query: str = ""):
    return app.get("/map/first-paint" + (f"?{query}" if query else ""))


def the_head(app: TestClient, path: str) -> str:
    return app.get(path).text.split("<head>", 1)[1].split("<title>", 1)[0]


def test_the_map_page_asks_for_its_first_paint_and_no_other_page_does(app):
    for path in ("/", "/map", f"/?{LINK}", f"/map?{LINK}"):
        assert '"/map/first-paint"' in the_head(app, path), path
    # Another page; the Map with a name no link of it writes (presenter mode lays the page out otherwise).
    for path in ("/investors", "/network?market=DFW", "/?present=1", f"/map?{LINK}&present=1"):
        head = the_head(app, path)
        assert "first-paint" not in head and "paintEarly" in head, path


def test_a_links_first_paint_is_its_map_at_the_dataset_version_with_nothing_secret(app, sandbox):
    answer = first_paint(app, LINK)
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    found = answer.json()
    assert found["version"] == "1", "the reset sandbox's first version"
    jsonschema.validate(found["message"], message.SCHEMA, cls=jsonschema.Draft202012Validator)
    assert found["message"]["reportPaint"] is False and found["layout"] == {"columns": [5, 2], "controls": 124}
    for layer in found["message"]["cells"]:
        rows = found["rows"][layer["rows"]] if isinstance(layer["rows"], str) else layer["rows"]
        assert rows, "the link's cells"
        if isinstance(layer["rows"], str):
            published = static_files.published_path(layer["rows"]).read_text()
            assert json.loads(published) == rows, "the rows the page publishes for the same view"
    for secret in (KEY, EMBEDDED_ON_BEHALF_OF, "token", "session"):
        assert secret not in answer.text, f"{secret!r} is not in the first paint"


def test_a_republish_changes_what_the_next_browser_is_served(app, sandbox):
    before = first_paint(app, LINK).json()
    assert first_paint(app, LINK).json() == before, "the same version: the kept answer"
    published = sandbox.publish("TX")
    after = first_paint(app, LINK).json()
    assert after["version"] == str(published["data"]["dataset_version"]) != before["version"]
    assert after["message"] == before["message"], "a republish of the same rows draws the same map"


@pytest.mark.parametrize(
    "query",
    ["market=DFW&kind=nope", "market=ZZZ", "market=DFW&min=abc", "market=DFW&time=on", "market=DFW&zip=1",
     "market=DFW&lat=32.8&lng=-96.8&radius=90"],
    ids=["unknown-kind", "market-not-served", "price-not-a-number", "months-playing", "zip-not-a-zip", "radius-over-20-miles"],
)
def test_a_link_the_page_has_something_to_say_about_paints_nothing_early(app, query):
    answer = first_paint(app, query)
    assert answer.status_code == 204 and answer.content == b""


def test_a_host_that_is_down_paints_nothing_early(app, monkeypatch):
    monkeypatch.setenv("DEEDSCOPE_API_URL", f"http://127.0.0.1:{free_port()}")
    answer = first_paint(app, LINK)
    assert answer.status_code == 204


def test_a_view_whose_cells_come_coarser_than_asked_paints_nothing_early(app, monkeypatch):
    """Over the most cells the service serves at once, the map is read a resolution coarser and
    the page says so in its legend: no first paint of it."""
    real = adapter.link_view._reader

    def refusing_fine_cells(api):
        read = real(api)

        def refuse(place, filters, resolution):
            if resolution > 6:  # as the client raises the service's 400 on `resolution`
                raise ValidationError(400, {"code": "validation_error", "errors": [{"param": "resolution"}]})
            return read(place, filters, resolution)

        return refuse

    monkeypatch.setattr(adapter.link_view, "_reader", refusing_fine_cells)
    assert first_paint(app, LINK).status_code == 204


def test_replicas_share_the_first_paint_through_redis(app, monkeypatch):
    with run_redis() as redis_url:
        monkeypatch.setenv("DEEDSCOPE_CACHE_URL", redis_url)
        monkeypatch.setenv("DEEDSCOPE_SESSION_KEY", "first paint test key")
        fresh_stores()
        computed = first_paint(app, LINK)
        assert computed.status_code == 200 and adapter.stores.stores().shared
        # Another replica: stores of its own (nothing in its memory), and it computes nothing.
        fresh_stores()
        monkeypatch.setattr(adapter.link_view, "link_view", lambda *_: pytest.fail("computed again"))
        assert first_paint(app, LINK).content == computed.content
        fresh_stores()
