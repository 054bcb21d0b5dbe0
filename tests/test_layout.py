"""The layout stays true: who may import whom, and how long a module or function may grow.

docs/architecture.md draws the folders and what each may import; these tests read every
module's imports (lazy ones inside functions too) with `ast`, so a shortcut across a layer
fails here rather than in a review. Each rule says why it exists.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
# Folders and root modules of the app and its sandbox; tests/ may import anything.
LAYERS = ("adapter", "comps", "components", "geo", "graphs", "links", "mapspec", "pages", "sandbox", "services", "watches",
          "web", "bench", "devtools")
# Plain Python (no Streamlit, no client): the map's logic, the URL codecs, geography, the network graph,
# comparable sales, the watches and what changed for them.
PLAIN = ("mapspec", "links", "geo", "graphs", "comps", "watches")
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
# A function longer than MAX_FUNCTION_LINES says why in a comment holding this marker.
LONG_FUNCTION_MARKER = "over 60 lines"
# What the client's modules are: a page or component importing one calls the API around
# the adapter (STYLE.md: pages read `adapter.<job>`, never a client).
CLIENT_MODULES = (
    "services.data_api",
    "services.marketplace_api",
    "services.transport",
    "services.oauth",
    "services.stores",
    "services.base_client",
    "services.embedded",
)
# The typed results both APIs answer (pydantic, `extra="allow"`): what pages and components take
# in place of dicts (issue 41, 2), data classes only, no client behind them.
MODEL_MODULES = (
    "services.base_models", "services.data_api.models", "services.marketplace_api.models",
    "services.marketplace_api.desk_models",
)
# What pages and components may take from services/: the documents' constants, the error tree
# (to say a problem in a person's words) and the typed results.
SHARED_SERVICE_MODULES = ("services.contract", "services.errors", *MODEL_MODULES)


def python_files(folder: str, root: Path = ROOT) -> list[Path]:
    base = root / folder
    if base.is_file():
        return [base]
    return sorted(path for path in base.rglob("*.py") if "node_modules" not in path.parts)


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path, root: Path = ROOT, *, typing_only: bool = True) -> Iterator[str]:
    """Every module a file imports, at the top or inside a function, relative ones resolved;
    without `typing_only`, less what stands under `if TYPE_CHECKING:` (annotations only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if typing_only else {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for statement in node.body
        for inner in ast.walk(statement)
    }
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            yield module
            # `from adapter import data` imports the module adapter.data.
            yield from (f"{module}.{alias.name}" for alias in node.names)


def within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes)


def offences(
    folders: tuple[str, ...], forbidden: tuple[str, ...], allowed: tuple[str, ...] = (), root: Path = ROOT
) -> list[str]:
    found = []
    for folder in folders:
        for path in python_files(folder, root):
            for module in imported_modules(path, root):
                if within(module, forbidden) and not within(module, allowed):
                    found.append(f"{path.relative_to(root)} imports {module}")
    return sorted(set(found))


@pytest.mark.parametrize(
    ("folders", "forbidden", "allowed"),
    [
        pytest.param(
            ("services",), ("streamlit", "adapter", "components", "pages", *PLAIN, "sandbox", "tests"), (),
            id="services-are-usable-from-a-repl",
        ),
        pytest.param(
            PLAIN, ("streamlit", "adapter", "components", "pages", "sandbox", "services"),
            ("services.contract",),
            id="the-maps-logic-and-links-are-plain-python",
        ),
        pytest.param(
            ("mapspec", "geo", "graphs", "comps"), ("links",), (),
            id="the-maps-logic-knows-no-url-the-links-read-it",
        ),
        pytest.param(
            ("components",), ("adapter", "pages", "sandbox", "services", "tests"), SHARED_SERVICE_MODULES,
            id="components-draw-what-they-are-given",
        ),
        pytest.param(
            ("pages", "app.py"), ("sandbox", "tests", *CLIENT_MODULES, "services.data_api", "services.resources"),
            MODEL_MODULES, id="pages-call-the-adapter-not-a-client",
        ),
        pytest.param(
            ("sandbox",), ("adapter", "components", "pages", *PLAIN, "services", "web", "tests", "bench"), (),
            id="the-sandbox-is-a-separate-program",
        ),
        pytest.param(
            ("web",), ("components", "pages", "sandbox", "tests"), (),
            id="the-web-edge-serves-pages-it-draws-none",
        ),
        pytest.param(
            ("adapter", "components", "pages", "services", *PLAIN), ("web",), (),
            id="only-app-py-puts-the-web-edge-in-front",
        ),
        pytest.param(("bench", "devtools"), ("tests",), (), id="benchmarks-and-their-tools-import-no-test"),
    ],
)
def test_imports_follow_the_layers(folders, forbidden, allowed):
    assert offences(folders, forbidden, allowed) == []


def test_the_sandbox_halves_share_only_the_core():
    """The Data API half and the Marketplace half of the sandbox each stand on the core alone."""
    halves = {"sandbox/data_api": "sandbox.marketplace", "sandbox/marketplace": "sandbox.data_api"}
    for folder, other in halves.items():
        assert (ROOT / folder).is_dir(), f"{folder} is missing"
        assert offences((folder,), (other,)) == []


def test_no_module_outside_tests_is_over_400_lines():
    sources = [path for folder in (*LAYERS, "app.py") for path in python_files(folder)]
    sources += sorted((ROOT / "frontend" / "src").glob("*.js"))
    long_modules = {
        str(path.relative_to(ROOT)): count
        for path in sources
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long_modules == {}


def test_no_function_is_over_60_lines_unless_a_comment_says_why():
    long_functions = []
    for folder in (*LAYERS, "app.py"):
        for path in python_files(folder):
            lines = path.read_text(encoding="utf-8").splitlines()
            for node in ast.walk(ast.parse("\n".join(lines))):
                if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                length = node.end_lineno - node.lineno + 1
                first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
                # The reason stands in the comment lines just above the function or in its body.
                said = "\n".join(lines[max(0, first - 4) : node.end_lineno]).lower()
                if length > MAX_FUNCTION_LINES and LONG_FUNCTION_MARKER not in said:
                    long_functions.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({length} lines)")
    assert long_functions == []


def import_loops(root: Path = ROOT) -> list[list[str]]:
    """Groups of modules that import each other, round a loop, when they run."""
    modules = {module_name(path, root): path for folder in (*LAYERS, "app.py") for path in python_files(folder, root)}
    graph = nx.DiGraph()
    for name, path in modules.items():
        for imported in imported_modules(path, root, typing_only=False):
            # A package's own __init__ is not a loop of its modules: `from a import b` reads a.b.
            if imported in modules and imported != name and not name.startswith(imported + "."):
                graph.add_edge(name, imported)
    return sorted(sorted(loop) for loop in nx.strongly_connected_components(graph) if len(loop) > 1)


def test_no_modules_import_each_other():
    """A loop makes the import order matter and hides which module owns what (issue 25:
    the login routes and the marketplace session imported each other inside functions)."""
    assert import_loops() == []


def late_imports(path: Path) -> Iterator[tuple[int, str]]:
    """Imports inside a function with no comment on their line or the line above saying why."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for function in ast.walk(ast.parse("\n".join(lines))):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import | ast.ImportFrom) and not _said_why(lines, node.lineno - 1):
                yield node.lineno, ast.unparse(node)


def _said_why(lines: list[str], index: int) -> bool:
    """A comment on the import's line, or above it in the run of imports it stands in."""
    while index >= 0:
        line = lines[index].strip()
        if "#" in line:
            return True
        if index < len(lines) and line and not line.startswith(("import ", "from ")):
            return False
        index -= 1
    return False


def test_imports_stand_at_the_top_unless_a_comment_says_what_waiting_saves():
    """An import inside a function hides a dependency; one stays only with its reason beside it
    (a heavy module a process may never need, a loop it breaks, a module that must not load)."""
    found = [
        f"{path.relative_to(ROOT)}:{line} {statement}"
        for folder in (*LAYERS, "app.py")
        for path in python_files(folder)
        for line, statement in late_imports(path)
    ]
    assert found == []


def test_a_loop_and_a_silent_late_import_are_seen(tmp_path):
    (tmp_path / "adapter").mkdir()
    (tmp_path / "adapter" / "one.py").write_text("def f():\n    from adapter import two\n    return two\n")
    (tmp_path / "adapter" / "two.py").write_text("import adapter.one\n")
    assert import_loops(tmp_path) == [["adapter.one", "adapter.two"]]
    assert list(late_imports(tmp_path / "adapter" / "one.py")) == [(2, "from adapter import two")]
    (tmp_path / "adapter" / "one.py").write_text("def f():\n    # breaks the loop with two\n    from adapter import two\n")
    assert list(late_imports(tmp_path / "adapter" / "one.py")) == []


def test_the_rules_catch_a_shortcut(tmp_path):
    """A lazy import inside a function and a relative import are both seen, as a shortcut
    around the layers would be written."""
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "shortcut.py").write_text("def read():\n    from services.data_api import DataApi\n    return DataApi\n")
    (tmp_path / "sandbox" / "data_api").mkdir(parents=True)
    (tmp_path / "sandbox" / "data_api" / "routes.py").write_text("from ..marketplace import offers\n")
    assert offences(("pages",), CLIENT_MODULES, root=tmp_path) == [
        "pages/shortcut.py imports services.data_api",
        "pages/shortcut.py imports services.data_api.DataApi",
    ]
    assert "sandbox/data_api/routes.py imports sandbox.marketplace.offers" in offences(
        ("sandbox/data_api",), ("sandbox.marketplace",), root=tmp_path
    )
