"""adapter/static_files.py: rows published as files the browser fetches, named by content, pruned by age."""

from __future__ import annotations

import json
import os
import time

import pytest

from adapter import static_files

pytestmark = pytest.mark.shape_independent("rows given to the publisher: it reads no data")


@pytest.fixture
def root(tmp_path, monkeypatch):
    monkeypatch.setattr(static_files, "static_root", lambda: tmp_path)
    monkeypatch.setattr(static_files, "serving_enabled", lambda: True)
    return tmp_path


def test_a_published_file_is_served_from_its_url(root):
    url = static_files.publish("map-cells", "a" * 32, '[[1,2,3]]')
    assert url == f"app/static/map-cells/{'a' * 32}.json"
    assert static_files.published_path(url) == root / "map-cells" / f"{'a' * 32}.json"
    assert json.loads(static_files.published_path(url).read_text()) == [[1, 2, 3]]
    assert not list((root / "map-cells").glob(".*.tmp")), "no temporary file left behind"


def test_publishing_again_keeps_the_file_and_marks_it_used(root):
    url = static_files.publish("map-cells", "b" * 32, "[]")
    path = static_files.published_path(url)
    old = time.time() - 3600
    os.utime(path, (old, old))
    assert static_files.publish("map-cells", "b" * 32, "[]") == url
    assert path.stat().st_mtime > old + 3000, "a file in use is not the oldest"


def test_old_files_beyond_the_limit_go_but_never_recent_ones(root, monkeypatch):
    monkeypatch.setattr(static_files, "KEEP_FILES", 3)
    folder = root / "map-cells"
    folder.mkdir()
    long_ago = time.time() - 2 * static_files.KEEP_AT_LEAST_S
    for index in range(5):
        path = folder / f"old{index}.json"
        path.write_text("[]")
        os.utime(path, (long_ago + index, long_ago + index))
    for index in range(3):
        (folder / f"recent{index}.json").write_text("[]")
    static_files.publish("map-cells", "c" * 32, "[]")
    left = sorted(path.name for path in folder.glob("*.json"))
    # 9 files, 3 to keep: the 5 old ones go; the recent ones stay though over the limit.
    assert left == sorted([f"{'c' * 32}.json", "recent0.json", "recent1.json", "recent2.json"])


def test_without_static_serving_the_rows_go_inline(root, monkeypatch):
    monkeypatch.setattr(static_files, "serving_enabled", lambda: False)
    assert static_files.publish("map-cells", "d" * 32, "[]") is None
    assert not (root / "map-cells").exists()


def test_an_unwritable_folder_sends_the_rows_inline(root):
    (root / "map-cells").write_text("a file where the folder should be")
    assert static_files.publish("map-cells", "e" * 32, "[]") is None


def test_a_url_not_published_is_refused():
    with pytest.raises(ValueError):
        static_files.published_path("https://elsewhere.example/x.json")


def test_the_app_serves_static_files():
    from pathlib import Path

    import tomllib

    config = tomllib.loads((Path(static_files.__file__).parent.parent / ".streamlit" / "config.toml").read_text())
    assert config["server"]["enableStaticServing"] is True


def test_a_few_cells_go_in_the_message_and_many_as_a_file(root):
    """Issue 18, Speed: a zoomed-in view's few cells come with the rerun, without a fetch."""
    import adapter.map_files
    from bench.map_rerun import synthetic_cells
    from mapspec.layers import build_spec
    from mapspec.view import View, camera

    view = View(-97.58, 32.54, -96.34, 33.41)
    few = build_spec(synthetic_cells(view, 300), camera=camera(view), basemap=False)
    many = build_spec(synthetic_cells(view, 5_000), camera=camera(view), basemap=False)
    assert adapter.map_files.map_data_urls(few) == {}
    assert isinstance(few.data({})["cells"][0]["rows"], list), "the rows inline"
    urls = adapter.map_files.map_data_urls(many)
    assert urls and all(url.startswith("app/static/map-cells/") for url in urls.values())
