"""Streamlit's table and chart code made ready while a page is idle (web/warm_modules.py,
issue 29): which of Streamlit's files the pages' head imports, and that the served app's pages
name files it serves. That this Streamlit still has each of them: tests/web/test_streamlit_private.py
(hashed-module-names)."""

from __future__ import annotations

import httpx2
import pytest

from web.warm_modules import warm_script, warmed_paths


def test_the_modules_are_found_by_their_exact_names(tmp_path):
    for name in ("DataFrame.-f9-1zS0.js", "DataFrameView.a1.js", "embed.CX5AQgxi.js", "ArrowVegaLiteChart.C1.js", "index.D1.js", "embed.js"):
        (tmp_path / name).write_text("export {};")
    assert warmed_paths(tmp_path) == (
        "./static/js/ArrowVegaLiteChart.C1.js", "./static/js/DataFrame.-f9-1zS0.js", "./static/js/embed.CX5AQgxi.js"
    )


def test_a_streamlit_without_them_gets_no_script(tmp_path):
    assert warmed_paths(tmp_path / "absent") == ()
    assert warmed_paths(tmp_path) == ()


@pytest.mark.parametrize("path", ["/", "/investors?investor=inv_1"])
def test_the_pages_head_imports_modules_the_app_serves(served_app, path):
    page = httpx2.get(served_app + path, timeout=60)
    head = page.text.split("<head>", 1)[1].split("</head>", 1)[0]
    assert warm_script().decode() in head
    for module in warmed_paths():
        served = httpx2.get(str(httpx2.URL(served_app + path).join(module)), timeout=60)
        assert served.status_code == 200 and "javascript" in served.headers["content-type"], module
