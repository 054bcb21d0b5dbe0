"""The plain packages are plain Python: importing every module of mapspec, links, geo, graphs and comps,
and every test of them, loads no Streamlit."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import comps
import geo
import graphs
import links
import mapspec

PLAIN_PACKAGES = (mapspec, links, geo, graphs, comps)


def test_the_maps_logic_and_its_tests_import_no_streamlit():
    modules = [f"{package.__name__}.{module.name}" for package in PLAIN_PACKAGES for module in pkgutil.iter_modules(package.__path__)]
    assert {"links.map", "mapspec.plan", "geo.us_states", "graphs.network", "comps.rules"} <= set(modules)
    root = Path(__file__).resolve().parents[1]
    tests = [
        f"tests.{package.__name__}.{path.stem}"
        for package in PLAIN_PACKAGES
        for path in sorted((root / "tests" / package.__name__).glob("test_*.py"))
    ]
    program = f"import sys\nfor name in {modules + tests!r}: __import__(name)\nprint('streamlit' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", program], cwd=root, capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.strip() == "False", "a plain module, or a test of one, imports Streamlit"
