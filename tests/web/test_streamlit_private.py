"""Streamlit's private parts the app uses (web/streamlit_private.py, issue 41, 4): each still
there in the installed Streamlit, by name, and every use in the code listed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_layout import ROOT, imported_modules, python_files
from web.streamlit_private import (
    PRIVATE_PARTS,
    TEST_IDS,
    PartMissing,
    PrivatePart,
    bundle_has_literal,
    hashed_modules,
    index_html_head,
)

# Where the app's own code lives (tests and benchmarks select Streamlit's elements as a browser
# test does, and fail on their own when one changes).
APP_CODE = ("adapter", "components", "pages", "web", "app.py", "devtools", "services", "mapspec", "links", "geo", "graphs")
LISTING = ROOT / "web" / "streamlit_private.py"
# Streamlit's documented modules: `import streamlit as st`, AppTest.
PUBLIC_MODULES = ("streamlit", "streamlit.testing.v1")
# What a use of a private part looks like in a source file.
USE_MARKERS = {
    "a keyed container's class": re.compile(r"st-key-"),
    "a test id": re.compile(r"data-testid"),
    "one of Streamlit's routes": re.compile(r"_stcore"),
    "Streamlit's published modules": re.compile(r"static/js/"),
    "index.html's head": re.compile(r"<head>"),
}
TEST_ID_USE = re.compile(r"data-testid=\\?[\"']?(\w+)")


def app_sources() -> list[Path]:
    files = [path for folder in APP_CODE for path in python_files(folder)]
    frontend = ROOT / "frontend" / "src"
    return [*files, *sorted(frontend.glob("*.js")), *sorted(frontend.glob("*.css"))]


def listed_files() -> set[str]:
    return {file for part in PRIVATE_PARTS for file in part.used_by}


@pytest.mark.parametrize("part", PRIVATE_PARTS, ids=lambda part: part.name)
def test_this_streamlit_still_has(part):
    part.check()


def test_every_private_module_the_code_imports_is_listed():
    importing = {
        str(path.relative_to(ROOT))
        for path in [*app_sources(), *python_files("bench")]
        if path.suffix == ".py" and path != LISTING
        for module in imported_modules(path)
        if module.startswith("streamlit.") and not module.startswith(tuple(name + "." for name in PUBLIC_MODULES[1:]))
        and module not in PUBLIC_MODULES
    }
    assert importing, "the scan finds the app's known imports (adapter/routing.py's PagesManager)"
    assert importing - listed_files() == set(), "add an entry to web/streamlit_private.py"


@pytest.mark.parametrize("marker", USE_MARKERS, ids=lambda marker: marker.replace(" ", "-").replace("'", ""))
def test_every_selector_and_route_the_code_relies_on_is_listed(marker):
    using = {str(path.relative_to(ROOT)) for path in app_sources() if path != LISTING and USE_MARKERS[marker].search(path.read_text(encoding="utf-8"))}
    assert using, f"the scan finds {marker} in the code"
    assert using - listed_files() == set(), f"{marker}: add an entry to web/streamlit_private.py"


def test_each_test_id_is_listed_with_the_files_that_select_it():
    selecting: dict[str, set[str]] = {}
    for path in app_sources():
        for test_id in TEST_ID_USE.findall(path.read_text(encoding="utf-8")) if path != LISTING else ():
            selecting.setdefault(test_id, set()).add(str(path.relative_to(ROOT)))
    assert selecting == {test_id: set(files) for test_id, files in TEST_IDS.items()}


def test_the_listing_names_files_that_exist():
    assert sorted(file for file in listed_files() if not (ROOT / file).is_file()) == []
    assert len({part.name for part in PRIVATE_PARTS}) == len(PRIVATE_PARTS)


def test_a_probe_fails_by_its_parts_name_when_the_part_is_gone(tmp_path):
    (tmp_path / "index.Ab1.js").write_text('const a = {"data-testid":`stMain`}; const k = `st-key-`+key;')
    bundle_has_literal("stMain", tmp_path)
    with pytest.raises(PartMissing, match="stMetricValue"):
        bundle_has_literal("stMetricValue", tmp_path)
    with pytest.raises(PartMissing, match="found"):
        hashed_modules(tmp_path)
    page = tmp_path / "index.html"
    page.write_text('<html><head><script defer src="./static/js/index.Ab1.js"></script></head></html>')
    with pytest.raises(PartMissing, match="modules"):
        index_html_head(page)
    gone = PrivatePart("a-gone-module", "a module Streamlit removed", ("adapter/routing.py",), lambda: __import__("streamlit.runtime.gone"))
    with pytest.raises(PartMissing, match="^a-gone-module: .*adapter/routing.py"):
        gone.check()
