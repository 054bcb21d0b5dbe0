"""The app's start loads no PDF library: matplotlib and fpdf2 (about 1 s of a core to import) load
with the first PDF or picture a person asks for (services/pdf_parts.py), not with every app and
every session's first page. The PDFs themselves are tested where they are made
(tests/pages/test_market_brief.py, tests/pages/test_property_comps.py, tests/browser/test_comps_journey.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PDF_LIBRARIES = ("matplotlib", "fpdf")
# What the app imports at its start, and what the Map's and a property's pages import to offer a PDF.
AT_START = ("app", "pages.map_sections.brief", "adapter.brief", "adapter.comps", "services.market_brief", "services.comp_sheet")


def test_the_app_and_the_pages_offering_a_pdf_load_no_pdf_library():
    program = (
        f"import sys\nfor name in {AT_START!r}: __import__(name)\n"
        f"print(sorted(name for name in sys.modules if name.split('.')[0] in {PDF_LIBRARIES!r}))"
    )
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "-c", program], cwd=root, capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.strip() == "[]", f"loaded at the app's start: {result.stdout.strip()[:300]}"
