"""The message between the Map page and its script, defined once in frontend/src/message.json.

The same file is bundled into the script by esbuild (frontend/src/map_element.js imports
it), so the two sides read one definition: the fields the page sends (`FIELDS`), the row
forms (`CENTRE_FORM`, `RING_FORM`) and the state the script sends back (`STATE_FIELDS`).
tests/mapspec/test_message.py checks what `build_spec` writes against the schema, and
frontend/test/message.test.js that the script reads exactly its fields.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "frontend" / "src" / "message.json"
SCHEMA: Mapping[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))

FIELDS: tuple[str, ...] = tuple(SCHEMA["properties"])
CENTRE_FORM, RING_FORM = SCHEMA["properties"]["form"]["enum"]
STATE_FIELDS: tuple[str, ...] = tuple(SCHEMA["$defs"]["state"]["properties"])
PICK, VIEW = STATE_FIELDS


def element_data(data: Mapping[str, Any], *, script_url: str, height: int) -> dict[str, Any]:
    """The whole message: what to draw (`MapSpec.data`) and where the element loads its
    script and how tall it is."""
    return {**data, "script": script_url, "height": height}
