"""The plain packages are plain Python: importing every module of mapspec, links, geo, graphs, comps and watches,
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
import watches

PLAIN_PACKAGES = (mapspec, links, geo, graphs, comps, watches)


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


# What only a client needs: a plain module that loads one of these has reached a client
# (through `services/__init__.py`, say), and pays its import time (0.47 s; issue 41, 5).
CLIENT_ONLY = ("httpx2", "pydantic", "services.data_api", "services.marketplace_api", "services.transport",
               "services.oauth", "services.stores", "services.settings", "services.errors")


def test_the_plain_packages_load_no_client_httpx2_or_pydantic():
    modules = [f"{package.__name__}.{module.name}" for package in PLAIN_PACKAGES for module in pkgutil.iter_modules(package.__path__)]
    program = (
        f"import sys\nfor name in {modules!r}: __import__(name)\n"
        f"print(sorted(name for name in sys.modules if name.split('.')[0] in ('httpx2', 'pydantic') "
        f"or name.startswith({CLIENT_ONLY!r})))"
    )
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "-c", program], cwd=root, capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.strip() == "[]", f"a plain module loads a client's modules: {result.stdout.strip()}"


def test_the_services_package_loads_a_name_when_asked():
    """`from services import DataApi` still works: the package imports it on first use."""
    program = (
        "import sys, services\nloaded = 'services.data_api' in sys.modules\n"
        "from services import DataApi, ApiError, load_settings\n"
        "import services.errors\n"
        "print(loaded, DataApi.__module__, ApiError is services.errors.ApiError, 'services.data_api' in sys.modules)"
    )
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "-c", program], cwd=root, capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.split() == ["False", "services.data_api.client", "True", "True"]
