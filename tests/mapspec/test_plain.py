"""mapspec is plain Python: importing every module of it loads no Streamlit."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import mapspec


def test_the_maps_logic_imports_no_streamlit():
    modules = [f"mapspec.{module.name}" for module in pkgutil.iter_modules(mapspec.__path__)]
    assert "mapspec.link" in modules and "mapspec.plan" in modules
    program = f"import sys\nfor name in {modules!r}: __import__(name)\nprint('streamlit' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.strip() == "False", "a mapspec module imports Streamlit"
