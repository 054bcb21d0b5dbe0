"""Plain and hashable forms of client results: request parameters as memo keys (`frozen`), and the
few answers the adapter gathers as dicts before it builds a view of them (`plain`, adapter/trends.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def frozen(values: Mapping[str, Any]) -> tuple:
    """A hashable, order-free form of request parameters (lists become tuples)."""
    return tuple(sorted((key, tuple(value) if isinstance(value, list) else value) for key, value in values.items() if value is not None))


def plain(value: Any) -> Any:
    """Pydantic models to dicts, recursively (lists and dicts of models too)."""
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def iso_text(value: object) -> str | None:
    """A date or a time as a page or a PDF prints it (as JSON sends it: ISO 8601)."""
    if value is None:
        return None
    return value.isoformat().replace("+00:00", "Z") if hasattr(value, "isoformat") else str(value)
