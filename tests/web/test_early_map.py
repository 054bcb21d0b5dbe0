"""The pages' head (web/early_map.py, issue 29): the served app's pages start with the
script that draws a remembered map early, naming the map's script as published now, whole
and fresh however the browser asks; Streamlit's other answers pass as they were."""

from __future__ import annotations

import httpx2
import pytest

from adapter.map_files import MAP_SCRIPT, map_script_url
from mapspec.map_state import controls_space_css
from web.early_map import head_script
from web.first_paint import route_path


@pytest.mark.parametrize("path", ["/", "/investors?investor=inv_1", "/network?market=DFW"])
def test_every_page_starts_with_the_early_maps_script(served_app, path):
    answer = httpx2.get(served_app + path, headers={"accept-encoding": "gzip, br"}, timeout=60)
    assert answer.status_code == 200
    assert "content-encoding" not in answer.headers, "whole, so the head could be written"
    assert int(answer.headers["content-length"]) == len(answer.content)
    head = answer.text.split("<head>", 1)[1]
    assert head.lstrip().startswith("<script>"), "first in the head, before Streamlit's own scripts"
    assert "deedscope.map:" in head and f'"{map_script_url()}"' in head
    assert head.index("paintEarly") < head.index('<script type="module" crossorigin src='), "before Streamlit's script"
    # The Map controls' least height stands from the first byte: a run's own rule could be missing
    # for a moment as a rerun redrew it, and the map jumped (test_map_first_paint, in full runs).
    assert f"<style>{controls_space_css()}</style>" in head and ".st-key-map_head{min-height:124px}" in head


def test_a_browsers_cached_page_is_answered_whole_so_it_names_todays_script(served_app):
    first = httpx2.get(served_app + "/", timeout=60)
    assert "etag" not in first.headers and "last-modified" not in first.headers
    again = httpx2.get(served_app + "/", headers={"if-none-match": '"any"', "if-modified-since": "Wed, 01 Jan 2026 00:00:00 GMT"}, timeout=60)
    # The Map's head names its first paint's route too (web/first_paint.py).
    assert again.status_code == 200 and head_script(route_path()).decode() in again.text


def test_streamlits_other_answers_pass_as_they_were(served_app):
    health = httpx2.get(served_app + "/_stcore/health", timeout=60)
    assert health.status_code == 200 and health.text == "ok"
    script = httpx2.get(f"{served_app}/{map_script_url()}", headers={"accept-encoding": "gzip"}, timeout=60)
    assert script.status_code == 200 and script.text == MAP_SCRIPT.read_text(encoding="utf-8"), "the built script, as it is"
    assert "immutable" in script.headers["cache-control"]
