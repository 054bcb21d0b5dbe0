"""Numbers in the query that no route can mean: refused as `400 validation_error` before a route runs.

A 300-digit `min_price` or `resolution`, `1e999` or `NaN` for a float, parsed by the route's
types, would reach the database and fail there as a 500. Every query parameter a route declares
as an integer or a number is held to what a 64-bit double carries exactly (|x| <= 2**53) and to
finite values; the route's own bounds (`limit` 1-500, `resolution` 4-10, ...) apply after this.
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Iterable

from sandbox.core.problems import Problem

LARGEST = 2**53
_numeric_params: dict[int, dict[str, type]] = {}


def numeric_params(route_key: int, dependant) -> dict[str, type]:
    """Query parameter names of a route (its dependencies included) typed int or float."""
    found = _numeric_params.get(route_key)
    if found is None:
        found = dict(_walk(dependant))
        _numeric_params[route_key] = found
    return found


def _walk(dependant) -> Iterable[tuple[str, type]]:
    for param in dependant.query_params:
        kind = _number_type(getattr(param.field_info, "annotation", None))
        if kind is not None:
            yield param.alias, kind
    for sub in dependant.dependencies:
        yield from _walk(sub)


def _number_type(annotation) -> type | None:
    if annotation in (int, float):
        return annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType, typing.Annotated):
        for argument in typing.get_args(annotation):
            kind = _number_type(argument)
            if kind is not None:
                return kind
    if typing.get_origin(annotation) in (list, tuple):
        for argument in typing.get_args(annotation):
            kind = _number_type(argument)
            if kind is not None:
                return kind
    return None


def check_numbers(query: Iterable[tuple[str, str]], numeric: dict[str, type]) -> None:
    """Raise `400 validation_error` naming every parameter whose number is out of any range."""
    errors = []
    for name, raw in query:
        if name not in numeric:
            continue
        for part in raw.split(",") if numeric[name] in (int, float) else [raw]:
            problem = _out_of_range(part.strip())
            if problem is not None:
                errors.append({"param": name, "message": problem[1], "code": problem[0]})
    if errors:
        names = ", ".join(sorted({error["param"] for error in errors}))
        raise Problem(400, "validation_error", f"Out of range: {names}. Send a finite number of at most 2^53.",
                      errors=errors)


def _out_of_range(text: str) -> tuple[str, str] | None:
    try:
        value = float(text)
    except ValueError:
        return None  # not a number: the route's own validation answers it
    if math.isnan(value):
        return "invalid_number", "not a number"
    if value >= LARGEST or value == math.inf:
        return "too_big", f"must be below {LARGEST}"
    if value <= -LARGEST or value == -math.inf:
        return "too_small", f"must be above -{LARGEST}"
    return None
