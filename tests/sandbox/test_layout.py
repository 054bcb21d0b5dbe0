"""The sandbox's layout stays true: two halves over a small core, each importing only the core and itself."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SANDBOX = Path(__file__).resolve().parents[2] / "sandbox"
# package -> the sandbox packages it must never import
FORBIDDEN = {
    "core": ("sandbox.data_api", "sandbox.marketplace", "sandbox.server", "sandbox.control"),
    "data_api": ("sandbox.marketplace", "sandbox.server", "sandbox.control"),
    "marketplace": ("sandbox.data_api", "sandbox.server", "sandbox.control"),
}


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, at any depth (imports inside functions count too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_each_package_imports_only_what_the_layout_allows(package):
    wrong = [
        f"{path.relative_to(SANDBOX.parent)} imports {module}"
        for path in sorted((SANDBOX / package).rglob("*.py"))
        for module in sorted(imported_modules(path))
        if module.startswith(FORBIDDEN[package])
    ]
    assert not wrong, "\n".join(wrong)


def test_no_sandbox_module_is_over_400_lines():
    long = [f"{path.relative_to(SANDBOX.parent)}: {n}" for path in sorted(SANDBOX.rglob("*.py"))
            if (n := path.read_text().count("\n")) > 400]
    assert not long, long
