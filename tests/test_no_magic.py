"""Streamlit's magic is off (.streamlit/config.toml), and no script it runs counted on it.

With magic on, each page's first run in a process rewrote its script's syntax tree before
compiling it: 0.1 to 0.15 s on the first opening of every page (issue 29, a tour's steps).
Off, a bare expression or a stray string in a page would silently show nothing: this test
finds any that magic would have written to the page.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What Streamlit runs as scripts: the router and its pages (components are imported, never run).
SCRIPTS = [ROOT / "app.py", *sorted((ROOT / "pages").rglob("*.py"))]


def shown_by_magic(source: str) -> list[int]:
    """Lines of the expression statements magic would have shown: not a call, not a docstring."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0])
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr)
    }
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and id(node) not in docstrings
        and not isinstance(node.value, (ast.Call, ast.Await, ast.Yield, ast.YieldFrom))
    ]


def test_magic_is_off():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["runner"]["magicEnabled"] is False


def test_no_page_writes_by_magic():
    found = {str(path.relative_to(ROOT)): lines for path in SCRIPTS if (lines := shown_by_magic(path.read_text()))}
    assert found == {}, "write these with st.write or st.markdown: magic is off"
    assert len(SCRIPTS) > 10, "the pages were found"


def test_the_check_sees_what_magic_would_show():
    source = '"""Docstring."""\nimport streamlit as st\nx = 1\nx\n"shown"\nst.write(x)\ndef f():\n    """Doc."""\n    x + 1\n'
    assert shown_by_magic(source) == [4, 5, 9]
