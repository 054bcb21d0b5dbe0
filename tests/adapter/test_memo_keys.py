"""One cache rule above the client (issue 41, 1): every `st.cache_data` memo of Data API answers keys
on the dataset version (`adapter.data.ReadKey`, its first parameter) and lives at most 30 days.

Read from the source with `ast`, as tests/test_layout.py reads imports: a memo added without the
key (a stale answer waiting to happen: after a republish the sidebar showed the new version while
the map drew the old one's cells for five minutes) fails here, by name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import adapter.data
from services.contract import CACHE_MAX_TTL_S
from tests.test_layout import ROOT, python_files

# Memos that hold no Data API answer, each with what it holds instead.
NOT_DATA = {
    "adapter/settings.py:_tiles_reachable": "whether the basemap's tile style answers (Carto, not the Data API)",
}
# What a memo's `ttl` may name, and its value.
TTL_NAMES = {"MEMO_TTL_S": adapter.data.MEMO_TTL_S, "TILES_PROBE_TTL_S": 600}


def memos(folders: tuple[str, ...] = ("adapter", "pages", "components", "app.py"), root: Path = ROOT):
    """(place, function, ttl node) of every function decorated `st.cache_data(...)`."""
    for folder in folders:
        for path in python_files(folder, root):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.FunctionDef):
                    continue
                for decorator in node.decorator_list:
                    called = decorator.func if isinstance(decorator, ast.Call) else decorator
                    if ast.unparse(called).endswith("cache_data"):
                        ttl = next((kw.value for kw in getattr(decorator, "keywords", []) if kw.arg == "ttl"), None)
                        yield f"{path.relative_to(root)}:{node.name}", node, ttl


def unkeyed(root: Path = ROOT) -> list[str]:
    """Memos of Data API answers whose first parameter is not the `ReadKey`."""
    found = []
    for place, function, _ttl in memos(root=root):
        arguments = function.args.args
        annotation = ast.unparse(arguments[0].annotation) if arguments and arguments[0].annotation else ""
        if place not in NOT_DATA and not annotation.endswith("ReadKey"):
            found.append(place)
    return found


def ttl_seconds(node: ast.expr | None) -> float | None:
    if node is None:
        return None
    if isinstance(node, ast.Constant):
        return float(node.value)
    return float(TTL_NAMES[ast.unparse(node).rsplit(".", 1)[-1]])


def test_every_memo_of_data_api_answers_keys_on_the_dataset_version():
    places = [place for place, _, _ in memos()]
    assert len(places) >= 8, "the memos are found (the map's, the cells', the probe's, ...)"
    assert unkeyed() == [], "memos not keyed on the version"


def test_every_memo_lives_at_most_thirty_days():
    assert adapter.data.MEMO_TTL_S <= CACHE_MAX_TTL_S == 30 * 86400
    unbounded = [place for place, _, ttl in memos() if (seconds := ttl_seconds(ttl)) is None or seconds > CACHE_MAX_TTL_S]
    assert unbounded == []


def test_only_the_adapter_memoises():
    """STYLE.md: the adapter is the one place that puts Streamlit caching around service calls."""
    assert [place for place, _, _ in memos(("pages", "components", "app.py"))] == []


# A module of two memos, one keyed on the settings alone (as adapter/data.py's were).
TWO_MEMOS = """
import streamlit as st
@st.cache_data(ttl=300)
def _cells(fingerprint: str, place: tuple): ...
@st.cache_data(ttl=MEMO_TTL_S)
def _summary(key: data.ReadKey, place: tuple): ...
"""


def test_a_memo_without_the_key_is_seen(tmp_path):
    module = tmp_path / "adapter" / "reads.py"
    module.parent.mkdir()
    module.write_text(TWO_MEMOS)
    assert unkeyed(tmp_path) == ["adapter/reads.py:_cells"]
