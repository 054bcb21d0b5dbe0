"""Reading a query of `{name: value | [values]}` the same way in every codec."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, fields
from typing import Any, TypeVar

Params = Mapping[str, str | Sequence[str]]
L = TypeVar("L")


def one(params: Params, name: str) -> str:
    """The last value of `name`, stripped ("" when absent), as `st.query_params.get` reads it."""
    value = params.get(name)
    if value is None:
        return ""
    if not isinstance(value, str):
        value = value[-1] if value else ""
    return value.strip()


def every(params: Params, name: str) -> tuple[str, ...]:
    """Every non-empty value of `name`, in order."""
    value = params.get(name)
    if value is None:
        return ()
    values = [value] if isinstance(value, str) else list(value)
    return tuple(item.strip() for item in values if item and item.strip())


def without_empty(params: Mapping[str, str | list[str]]) -> dict[str, str | list[str]]:
    return {name: value for name, value in params.items() if value}


def text_link(kind: type[L], params: Params, *, upper: Sequence[str] = ()) -> L:
    """A link of text fields (a frozen dataclass whose every field is a parameter of its name) read
    from the query; the `upper` ones upper-cased (a market's code)."""
    values = {item.name: one(params, item.name) for item in fields(kind)}
    return kind(**{name: value.upper() if name in upper else value for name, value in values.items()})


def written(link: Any) -> dict[str, str | list[str]]:
    """A link of text fields as its query, its empty fields left out."""
    return without_empty(asdict(link))


def finite_number(text: str | None, low: float, high: float) -> float | None:
    """`text` as a number from `low` to `high`; None for anything else ("NaN", "inf",
    "1e300", "abc", a 300-digit integer out of range, "")."""
    try:
        value = float(text) if text not in (None, "") else None
    except (ValueError, OverflowError):
        return None
    if value is None or not math.isfinite(value) or not low <= value <= high:
        return None
    return value
