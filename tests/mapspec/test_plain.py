"""mapspec is plain Python: importing every module of it, and every test of it, loads no Streamlit."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import mapspec


def test_the_maps_logic_and_its_tests_import_no_streamlit():
    modules = [f"mapspec.{module.name}" for module in pkgutil.iter_modules(mapspec.__path__)]
    assert "mapspec.link" in modules and "mapspec.plan" in modules
    tests = [f"tests.mapspec.{path.stem}" for path in sorted(Path(__file__).parent.glob("test_*.py"))]
    program = f"import sys\nfor name in {modules + tests!r}: __import__(name)\nprint('streamlit' in sys.modules)"
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", program], cwd=root, capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.strip() == "False", "a mapspec module, or a test of one, imports Streamlit"
