"""One deck.gl in the browser (issue 30, 1; docs/architecture.md, "One deck.gl in the browser").

The Map's element bundles its own deck.gl (frontend/package.json); Streamlit's st.pydeck_chart
loads Streamlit's own build, of whatever version that Streamlit release pins. Both register
globally, and in one tab the second said "deck.gl - multiple versions detected" in its map's
place. So the app draws every map and graph through the element: no module of the app may
call st.pydeck_chart (or build a pydeck chart for it), whichever version either side is at.
The browser journeys (tests/browser/test_one_tab_journeys.py) check the same in a real tab.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP_SOURCES = ("app.py", "pages", "components", "adapter", "mapspec", "links")


def app_modules() -> list[Path]:
    found = []
    for name in APP_SOURCES:
        path = ROOT / name
        found.extend([path] if path.is_file() else sorted(path.rglob("*.py")))
    return found


def second_deck_uses(path: Path, root: Path = ROOT) -> list[str]:
    """Where `path` calls Streamlit's deck.gl chart or imports pydeck, as `file:line what`."""
    uses = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr == "pydeck_chart":
            uses.append(f"{path.relative_to(root)}:{node.lineno} st.pydeck_chart")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [alias.name for alias in node.names] + ([node.module] if isinstance(node, ast.ImportFrom) else [])
            if any(name and name.split(".")[0] == "pydeck" for name in names):
                uses.append(f"{path.relative_to(root)}:{node.lineno} import pydeck")
    return uses


def test_no_page_draws_with_streamlits_own_deck_gl():
    uses = [use for path in app_modules() for use in second_deck_uses(path)]
    assert not uses, "a second deck.gl would load in the tab: draw through components/small_map.py\n" + "\n".join(uses)


@pytest.mark.parametrize("source, found", [
    pytest.param("import streamlit as st\nst.pydeck_chart(deck)\n", ["x.py:2 st.pydeck_chart"], id="call"),
    pytest.param("import pydeck as pdk\n", ["x.py:1 import pydeck"], id="import"),
    pytest.param("from pydeck.bindings import Deck\n", ["x.py:1 import pydeck"], id="from-import"),
    pytest.param("from components.small_map import render_small_map\n", [], id="ours"),
])
def test_the_check_finds_a_second_deck(tmp_path, source, found):
    path = tmp_path / "x.py"
    path.write_text(source)
    assert second_deck_uses(path, tmp_path) == found


def test_the_elements_deck_gl_packages_are_pinned_to_one_version():
    import json

    pins = json.loads((ROOT / "frontend" / "package.json").read_text())["devDependencies"]
    versions = {version for name, version in pins.items() if name.startswith("@deck.gl/")}
    assert len(versions) == 1 and next(iter(versions))[0].isdigit(), pins
