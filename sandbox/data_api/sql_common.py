"""SQL pieces every query module of the Data API uses: the keyset order of a page and great-circle miles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

EARTH_RADIUS_MILES = 3958.7613


@dataclass(frozen=True)
class Sort:
    """One keyset order: a SQL expression, its direction, and the unique tie-break column."""

    expression: str
    descending: bool
    tie_break: str = "seq"
    tie_descending: bool | None = None  # None: the same direction as the expression
    cast: str = ""  # e.g. "::DATE" for cursor values that travel as strings
    nullable: bool = True  # a NOT NULL key gets a plain range bound that zone maps can prune on

    @property
    def order_by(self) -> str:
        tie_descending = self.descending if self.tie_descending is None else self.tie_descending
        # data-api.md, Pagination: rows with a null sort key sort last in both directions.
        return (f"{self.expression} {'DESC' if self.descending else 'ASC'} NULLS LAST, "
                f"{self.tie_break} {'DESC' if tie_descending else 'ASC'}")

    def after(self, last_key: list[Any]) -> tuple[str, list[Any]]:
        """WHERE fragment selecting the rows strictly after `last_key` = [value, tie]."""
        value, tie = last_key
        tie_descending = self.descending if self.tie_descending is None else self.tie_descending
        tie_op = "<" if tie_descending else ">"
        if value is None:
            return f"({self.expression} IS NULL AND {self.tie_break} {tie_op} ?)", [tie]
        op = "<" if self.descending else ">"
        after = f"({self.expression} {op} ?{self.cast} OR ({self.expression} = ?{self.cast} AND {self.tie_break} {tie_op} ?))"
        if self.nullable:
            return f"({after} OR {self.expression} IS NULL)", [value, value, tie]
        return f"{self.expression} {op}= ?{self.cast} AND {after}", [value, value, value, tie]


class Where:
    """The conditions of one WHERE clause and their parameters, in the order of their `?`."""

    def __init__(self, *conditions: str, params: Sequence[Any] = ()) -> None:
        self.conditions = list(conditions)
        self.params = list(params)

    def add(self, condition: str, *params: Any) -> None:
        self.conditions.append(condition)
        self.params.extend(params)

    def among(self, column: str, values: Sequence[Any]) -> None:
        """`column IN (...)` for some values; no condition at all for none."""
        if values:
            self.add(f"{column} IN ({', '.join('?' for _ in values)})", *values)

    @property
    def sql(self) -> str:
        return " AND ".join(self.conditions) or "TRUE"


def distance_sql(lat: float, lng: float, prefix: str = "") -> str:
    """Great-circle miles from a validated point (floats, inlined as literals)."""
    lat, lng = float(lat), float(lng)
    return (f"{EARTH_RADIUS_MILES} * 2 * asin(sqrt(pow(sin(radians({prefix}latitude - ({lat!r})) / 2), 2) + "
            f"cos(radians({lat!r})) * cos(radians({prefix}latitude)) * pow(sin(radians({prefix}longitude - ({lng!r})) / 2), 2)))")
