"""The map's published rows on any replica (issue 17): a file one replica wrote is served by
another that never wrote it, restored from the shared store (Redis) by the app's middleware
before Streamlit's static serving answers. Each replica here has its own folder, as replicas
on separate hosts do (the browser journey's replicas share one checkout, so it cannot tell).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.responses import FileResponse, PlainTextResponse
from starlette.testclient import TestClient

import adapter.stores
from adapter import static_files
from devtools.services_process import run_redis
from web.middleware import AppRoutesMiddleware

ROWS = "[[-96754915, 33340972, 4, 4, 296550]]"


@pytest.fixture
def replicas(tmp_path, monkeypatch) -> Iterator[tuple[Path, Path]]:
    """(replica A's static folder, replica B's) over one Redis."""
    with run_redis() as redis_url:
        monkeypatch.setenv("DEEDSCOPE_CACHE_URL", redis_url)
        monkeypatch.setenv("DEEDSCOPE_SESSION_KEY", "published files test key")
        with adapter.stores._lock:
            adapter.stores._built.clear()
        monkeypatch.setattr(static_files, "serving_enabled", lambda: True)
        yield tmp_path / "a", tmp_path / "b"
        with adapter.stores._lock:
            adapter.stores._built.clear()


def publish_on(root: Path, monkeypatch, rows: str = ROWS) -> str:
    monkeypatch.setattr(static_files, "static_root", lambda: root)
    return static_files.publish("map-cells", "ab" * 16, rows)


def replica_serving(root: Path, monkeypatch) -> TestClient:
    """A replica whose Streamlit serves `root` at app/static/ (behind the app's middleware)."""
    monkeypatch.setattr(static_files, "APP_STATIC_ROOT", root)

    async def static_serving(scope, receive, send) -> None:
        path = root / scope["path"].split("/app/static/", 1)[-1]
        response = FileResponse(path) if path.is_file() else PlainTextResponse("not found", status_code=404)
        await response(scope, receive, send)

    return TestClient(AppRoutesMiddleware(static_serving), base_url="http://127.0.0.1:9")


def test_rows_published_on_one_replica_are_served_by_another(replicas, monkeypatch):
    folder_a, folder_b = replicas
    url = publish_on(folder_a, monkeypatch)
    assert url and (folder_a / url.removeprefix("app/static/")).read_text() == ROWS
    assert not folder_b.exists()
    answer = replica_serving(folder_b, monkeypatch).get("/" + url)
    assert answer.status_code == 200 and answer.text == ROWS
    assert (folder_b / url.removeprefix("app/static/")).read_text() == ROWS


def test_only_names_the_app_publishes_are_looked_up(replicas, monkeypatch):
    _, folder_b = replicas
    replica_b = replica_serving(folder_b, monkeypatch)
    for name in ("map-cells/not-a-digest.json", "map-cells/abababab.exe", "map-cells/..%2F..%2Fsecrets.json"):
        assert replica_b.get("/app/static/" + name).status_code == 404
    assert not folder_b.exists(), "nothing was written"


def test_a_file_still_on_disk_is_shared_again_once_the_store_has_lost_it(replicas, monkeypatch):
    """The shared copy lapses (its TTL, a Redis restarted empty) while replica A keeps the file on
    disk and keeps drawing the view: A's next publish puts it back, so B can serve it again."""
    folder_a, folder_b = replicas
    url = publish_on(folder_a, monkeypatch)
    name = url.removeprefix("app/static/")
    adapter.stores.stores().cache.delete(static_files.SHARED_KEY_PREFIX + name)
    assert publish_on(folder_a, monkeypatch) == url  # the same view drawn again on A
    answer = replica_serving(folder_b, monkeypatch).get("/" + url)
    assert answer.status_code == 200 and answer.text == ROWS


def test_a_published_file_is_served_as_one_that_never_changes(replicas, monkeypatch):
    """Named by its content, a published file is cached by the browser for good; any other
    file under app/static/ keeps Streamlit's answer as it was."""
    folder_a, _ = replicas
    url = publish_on(folder_a, monkeypatch)
    replica_a = replica_serving(folder_a, monkeypatch)
    answer = replica_a.get("/" + url)
    assert answer.status_code == 200 and answer.headers["cache-control"] == "public, max-age=31536000, immutable"
    (folder_a / "notes.txt").write_text("not published")
    other = replica_a.get("/app/static/notes.txt")
    assert other.status_code == 200 and "cache-control" not in other.headers
