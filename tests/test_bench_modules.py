"""`make bench` runs every module under bench/: each must have its `main()`, and what it imports from
the project must be there (one imported `bench.map_idle`, which only a branch held, and `make bench`
stopped at it). Read, not imported: importing them all cost a worker 20 s of a core."""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import pytest

from tests.processes import ROOT

BENCHMARKS = sorted(m.name for m in pkgutil.iter_modules([str(ROOT / "bench")]) if not m.name.startswith("_"))
PROJECT = {path.name for path in ROOT.iterdir() if (path / "__init__.py").exists()}


def module_file(dotted: str) -> Path | None:
    base = ROOT.joinpath(*dotted.split("."))
    return next((path for path in (base.with_suffix(".py"), base / "__init__.py") if path.exists()), None)


def top_level_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {name.id for target in targets for name in ast.walk(target) if isinstance(name, ast.Name)}
            if any(getattr(target, "id", None) == "__all__" for target in targets) and isinstance(node.value, (ast.List, ast.Tuple)):  # a name given on first use (PEP 562)
                names |= {item.value for item in node.value.elts if isinstance(item, ast.Constant)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    return names


def missing_imports(path: Path) -> list[str]:
    missing = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in PROJECT:
            source = module_file(node.module)
            if source is None:
                missing.append(node.module)
                continue
            defined = top_level_names(source)
            missing += [f"{node.module}.{alias.name}" for alias in node.names
                        if alias.name not in defined and module_file(f"{node.module}.{alias.name}") is None]
        elif isinstance(node, ast.Import):
            missing += [alias.name for alias in node.names
                        if alias.name.split(".")[0] in PROJECT and module_file(alias.name) is None]
    return missing


@pytest.mark.parametrize("name", BENCHMARKS)
def test_every_benchmark_has_its_main_and_what_it_imports(name):
    path = ROOT / "bench" / f"{name}.py"
    assert "main" in top_level_names(path), f"bench/{name}.py has no main()"
    assert not missing_imports(path), f"bench/{name}.py imports what the project does not hold: {missing_imports(path)}"
