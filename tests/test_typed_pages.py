"""Pages and components read the APIs' answers by attribute, not by name (issue 41, 2).

A page that reads `row.get("sale_date")` finds a renamed field in front of a person; one that
reads `row.sale_date` off the service's model (or a frozen view-model the adapter builds) finds
it at import or in a test. The pages move over one by one: this counts the reads by name left in
`pages/` and `components/` (a string key to `.get(...)` or `[...]`, what a page's own session
state, URL and headers are read with aside) and holds the count under a ceiling that only goes
down as each page is converted.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_layout import ROOT, python_files

# Receivers that hold no API answer: the session, the URL and a request's parameters, the
# environment, request headers.
NOT_API_DATA = ("session_state", "query_params", "params", "environ", "secrets", "headers", "cookies")
# The counts today; lower them with each page converted, never raise them.
CEILING_GETS = 21
CEILING_SUBSCRIPTS = 98


def reads_by_name(folders: tuple[str, ...] = ("pages", "components"), root: Path = ROOT) -> tuple[list[str], list[str]]:
    """(`.get("name")` calls, `["name"]` subscripts), each as `path:line`."""
    gets, subscripts = [], []
    for folder in folders:
        for path in python_files(folder, root):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                place = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                        and node.args and _is_text(node.args[0]) and not _not_api(node.func.value)):
                    gets.append(place)
                elif isinstance(node, ast.Subscript) and _is_text(node.slice) and not _not_api(node.value):
                    subscripts.append(place)
    return gets, subscripts


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _not_api(receiver: ast.expr) -> bool:
    return ast.unparse(receiver).rsplit(".", 1)[-1] in NOT_API_DATA


def test_reads_by_name_on_api_data_only_go_down():
    gets, subscripts = reads_by_name()
    assert len(gets) <= CEILING_GETS, f"{len(gets)} .get(\"...\") reads in pages/components (ceiling {CEILING_GETS})"
    assert len(subscripts) <= CEILING_SUBSCRIPTS, f"{len(subscripts)} [\"...\"] reads (ceiling {CEILING_SUBSCRIPTS})"


def test_a_read_by_name_is_counted_and_the_session_is_not(tmp_path):
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "page.py").write_text(
        "import streamlit as st\n"
        "row.get('sale_date')\nrow['price']\nst.session_state.get('inv_pick')\nst.query_params['investor']\n"
        "row.sale_date\n"
    )
    assert reads_by_name(("pages",), tmp_path) == (["pages/page.py:2"], ["pages/page.py:3"])
