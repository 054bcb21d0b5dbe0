"""The map's colour classes: which figure colours the cells (`METRICS`), and how its range
is cut into classes (`METHODS`, as kepler.gl names them: quantile, equal steps, log).

The breaks are computed once from a market's cells at the market's own resolution, for
its filters, and kept for every view of that market (`class_breaks`): a colour then
means the same figure at every zoom and pan, and the legend stays put. A view's cells
are coloured against those breaks in the browser (frontend/src/cells.js, `fillColors`),
from the row's value at `colors.at` (`Classes.colors`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from mapspec.cells import format_price

# Yellow to red (ColorBrewer YlOrRd, 5 classes): more, hotter.
PALETTE = ((255, 237, 160), (254, 178, 76), (253, 141, 60), (240, 59, 32), (189, 0, 38))
# Cells without the figure (no priced deed): a neutral grey.
MISSING_COLOR = (200, 200, 200)
CELL_ALPHA = 190

DEALS, INVESTORS, PRICE = "deals", "investors", "price"
# metric: (the cells' column, its place after the deal count in a row, the legend's title).
METRICS = {
    DEALS: ("n_deals", 0, "Deals per cell"),
    INVESTORS: ("n_investors", 1, "Investors per cell"),
    PRICE: ("median_price", 2, "Median price per cell"),
}
METRIC_LABELS = {DEALS: "Deals", INVESTORS: "Investors", PRICE: "Median price"}

QUANTILE, EQUAL, LOG, MANUAL = "quantile", "equal", "log", "manual"
METHODS = (QUANTILE, EQUAL, LOG, MANUAL)
METHOD_LABELS = {QUANTILE: "Quantile", EQUAL: "Equal steps", LOG: "Log", MANUAL: "Manual breaks"}
# Prices are cut at whole thousands: "$250k", as the tooltip writes them.
PRICE_STEP = 1000


def class_breaks(values: Iterable[object], method: str, *, classes: int = len(PALETTE), whole: bool = True) -> tuple[float, ...]:
    """The classes' lower bounds, ascending and distinct, the first the smallest value.

    `whole`: counts, cut at whole numbers (rounded up: a class "from 2.4" holds 3 and
    more); otherwise prices, cut at whole thousands. Values that are not numbers (an
    unpriced cell) take no part. Bounds that round together are merged, so a narrow range
    has fewer classes. No values: one class from 0 (deals) or from nothing.
    """
    numbers = np.asarray([float(value) for value in values if _is_number(value)], dtype=float)
    if numbers.size == 0:
        return (0.0,)
    low, high = float(numbers.min()), float(numbers.max())
    steps = np.arange(classes) / classes
    if method == QUANTILE:
        raw = _spread_quantiles(numbers, steps, 1 if whole else PRICE_STEP)
    elif method == EQUAL:
        raw = low + steps * (high - low)
    elif method == MANUAL:
        raise ValueError("manual breaks are typed, not computed: parse_breaks")
    elif method == LOG:
        # Geometric steps from the smallest positive value: zeros fall in the first class.
        start = float(numbers[numbers > 0].min()) if (numbers > 0).any() else 1.0
        raw = start * (max(high, start) / start) ** steps
        raw[0] = low
    else:
        raise ValueError(f"unknown class method {method!r}: one of {', '.join(METHODS)}")
    unit = 1 if whole else PRICE_STEP
    bounds: list[float] = [math.floor(low / unit) * unit]
    for value in raw[1:]:
        bound = math.ceil(float(value) / unit) * unit
        if bound > bounds[-1] and bound <= high:
            bounds.append(bound)
    return tuple(float(bound) for bound in bounds)


def _spread_quantiles(numbers: np.ndarray, steps: np.ndarray, unit: float) -> np.ndarray:
    """Quantile breaks that still spread a view's values when most of them tie.

    A narrow filter or one month of a time playback leaves most cells at 1 deal: the plain
    quantiles all fall on 1, merge into one class, and a cell of 8 deals was as pale as a
    cell of 1 (issue 26). Where the plain quantiles give fewer classes than the values have
    distinct figures, the breaks are the quantiles of the distinct figures instead, so the
    few busier cells still stand out (the commonest figure keeps the coolest colour).
    """
    plain = np.quantile(numbers, steps)
    distinct = np.unique(np.ceil(numbers / unit) * unit)
    wanted = min(len(steps), len(distinct))
    if len(np.unique(np.ceil(plain / unit) * unit)) >= wanted:
        return plain
    return np.quantile(distinct, steps)


def parse_breaks(text: str | None) -> tuple[tuple[float, ...], str | None]:
    """Manual breaks as a person types them (`1, 3, 10`): the classes' lower bounds,
    ascending and distinct, at most one per colour; and what is wrong, if anything (then
    no bounds)."""
    parts = [part.strip() for part in (text or "").replace(";", ",").split(",") if part.strip()]
    if not parts:
        return (), "Type the breaks, ascending and separated by commas (e.g. 1, 3, 10)."
    try:
        bounds = tuple(float(part.replace("_", "")) for part in parts)
    except ValueError:
        shown = text if len(text or "") <= 12 else f"{(text or '')[:12]}…"
        return (), f"“{shown}”: the breaks are numbers separated by commas (e.g. 1, 3, 10)."
    if not all(math.isfinite(bound) for bound in bounds) or list(bounds) != sorted(set(bounds)):
        return (), "The breaks go up, each larger than the last (e.g. 1, 3, 10)."
    if len(bounds) > len(PALETTE):
        return (), f"At most {len(PALETTE)} breaks: one per colour."
    return bounds, None


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and math.isfinite(float(value))


@dataclass(frozen=True)
class Classes:
    """A metric's classes: its lower bounds and a colour each."""

    metric: str
    method: str
    bounds: tuple[float, ...]

    @classmethod
    def of_cells(cls, cells, metric: str, method: str) -> "Classes":
        """The classes of `metric` over a frame of cells (`cell, n_deals, n_investors, median_price`)."""
        column = METRICS[metric][0]
        values = cells[column].tolist() if len(cells) else []
        return cls(metric, method, class_breaks(values, method, whole=metric != PRICE))

    @property
    def title(self) -> str:
        return METRICS[self.metric][2]

    def palette(self) -> list[tuple[int, int, int]]:
        """A colour per class, spread over the whole palette (two classes: the coolest and the hottest).
        One class takes a middle colour: the palest read as "nothing here" on a light map (issue 26)."""
        count = len(self.bounds)
        if count == 1:
            return [PALETTE[len(PALETTE) // 2]]
        return [PALETTE[round(index * (len(PALETTE) - 1) / (count - 1))] for index in range(count)]

    def classes(self) -> list[tuple[tuple[int, int, int], str]]:
        """(colour, label) for the legend, coolest first."""
        labels = []
        for index, lower in enumerate(self.bounds):
            upper = self.bounds[index + 1] if index + 1 < len(self.bounds) else None
            labels.append((self.palette()[index], self._label(lower, upper)))
        return labels

    def _label(self, lower: float, upper: float | None) -> str:
        if self.metric == PRICE:
            return f"{format_price(lower)}+" if upper is None else f"{format_price(lower)}–{format_price(upper)}"
        # Counts: a class holds whole numbers from its bound to the next one's less one.
        lower_count = int(lower)
        if upper is None:
            return f"{lower_count}+"
        last = int(upper) - 1
        return f"{lower_count}" if last <= lower_count else f"{lower_count}–{last}"

    def colors(self, count_at: int) -> dict:
        """The message's `colors` (frontend/src/message.json): the row's value at `at`
        against the bounds, for rows whose deal count is at `count_at`."""
        return {
            "at": count_at + METRICS[self.metric][1],
            "thresholds": [int(bound) if float(bound).is_integer() else bound for bound in self.bounds],
            "palette": [list(color) for color in self.palette()],
            "missing": list(MISSING_COLOR),
            "alpha": CELL_ALPHA,
        }


@dataclass(frozen=True)
class ColourChoice:
    """What the page's colour widgets hold: a metric, a method, and the breaks typed when
    the method is manual."""

    metric: str = DEALS
    method: str = QUANTILE
    breaks: str = ""

    def manual(self) -> tuple[Classes | None, str | None]:
        """The typed classes (manual method), or what is wrong with them; (None, None) otherwise."""
        if self.method != MANUAL:
            return None, None
        bounds, problem = parse_breaks(self.breaks)
        return (Classes(self.metric, MANUAL, bounds) if bounds else None), problem

    @property
    def computed_method(self) -> str:
        """The method computed from the market's cells: quantile while typed breaks do not read."""
        return QUANTILE if self.method == MANUAL else self.method

    def link_fields(self) -> dict[str, str | None]:
        """The link's `metric`, `classes` and `breaks` (links/map.py): None where the default."""
        return {
            "metric": None if self.metric == DEALS else self.metric,
            "classes": None if self.method == QUANTILE else self.method,
            "breaks": self.breaks if self.method == MANUAL and self.breaks else None,
        }


def colour_in(state: Mapping[str, Any], key: str) -> ColourChoice:
    """What the colour widgets (components/map_controls.py, keyed `{key}_<name>`) give for
    these widget values, read before they are drawn (pages/map_sections/first_paint.py):
    deals by quantile unless chosen; breaks only with the manual method."""
    metric, method = state.get(f"{key}_metric"), state.get(f"{key}_classes")
    method = method if method in METHODS else QUANTILE
    breaks = str(state.get(f"{key}_breaks") or "") if method == MANUAL else ""
    return ColourChoice(metric if metric in METRICS else DEALS, method, breaks)


def colour_widgets(colour: ColourChoice, key: str) -> dict[str, Any]:
    """The colour widgets' values that give `colour` back (`colour_in` reads them)."""
    return {f"{key}_metric": colour.metric, f"{key}_classes": colour.method, f"{key}_breaks": colour.breaks}
