"""The map's time: the filtered period's months, each month's cells as the browser plays
them, and the colour classes of each way of playing them (frontend/src/time.js).

The page reads the view's cells once per month of the period (the free cells read, with
the month's dates as the filter) and hands them here. Each month's cells are tied to the
rows the map already draws (a month's cell is one of the period's, at the same
resolution): an entry `[month, layer, row, deals, investors, median]` says that the row
`row` of cell layer `layer` had those figures in that month. The browser sums the deals of
a window of months itself, frame by frame, without a rerun.

Colours: a kepler.gl user playing a time filter sees the legend stand still while the
frames move (its colour domain is the whole dataset's, not the frame's), so a colour
means the same count in every month. Here each way of playing has one set of classes for
all its frames: a 3-month window's classes are cut from the deal counts of every 3-month
window of the period, the running total's from the last frame's (the whole period's:
the totals only grow, and early frames would crowd the classes at the bottom). The market's classes
(mapspec/classes.py) are not used: they count the whole filtered period, in which a
single month would be all the coolest colour. The map says which classes it shows.

Only deals add up over months: a cell's investors of two months may be the same people,
and medians do not add. A window of one month shows the month's exact figures; a wider
window shows its deals, and the cells are coloured by deals while the time plays.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import numpy as np
import pandas as pd

from mapspec.cells import cell_of_row, row_price
from mapspec.classes import DEALS, METRIC_LABELS, Classes, ColourChoice, class_breaks
from mapspec.layers import MapSpec

# The most months read for one view (a read per month): two years, the default period.
MAX_MONTHS = 24
# The moving windows offered, in months, and the running total (kepler.gl's "incremental").
WINDOWS = (1, 3, 12)
CUMULATIVE = "cumulative"


@dataclass(frozen=True)
class Period:
    """The months the map plays, oldest first, each with the dates its read filters on."""

    months: tuple[str, ...]  # "YYYY-MM"
    spans: tuple[tuple[date, date], ...]  # each month's first and last day, inside the filter's dates
    skipped: int  # months of the filter's period before the first one read (over MAX_MONTHS)

    def note(self) -> str:
        first, last = self.months[0], self.months[-1]
        said = f"{len(self.months)} months, {first} to {last}"
        if self.skipped:
            return f"{said}: the last {MAX_MONTHS} of the filtered period (at most {MAX_MONTHS} months are played)"
        return said


def month_start(day: date) -> date:
    return day.replace(day=1)


def month_end(day: date) -> date:
    following = (day.replace(day=28) + timedelta(days=4)).replace(day=1)
    return following - timedelta(days=1)


def months_back(day: date, count: int) -> date:
    """The first day of the month `count` months before `day`'s."""
    index = day.year * 12 + day.month - 1 - count
    return date(index // 12, index % 12 + 1, 1)


def period_of(sold_from: date | None, sold_to: date | None, data_end: date | None, *, max_months: int = MAX_MONTHS) -> Period | None:
    """The months to play: the filter's dates, or else the last `max_months` up to the
    data's end (or the filter's end); at most `max_months`, the latest kept. None when
    nothing says where the period ends, or it holds no day."""
    end = min(sold_to, data_end) if sold_to and data_end else (sold_to or data_end)
    if end is None:
        return None
    start = sold_from or months_back(end, max_months - 1)
    if start > end:
        return None
    firsts = []
    month = month_start(start)
    while month <= end:
        firsts.append(month)
        month = month_end(month) + timedelta(days=1)
    kept = firsts[-max_months:]
    spans = tuple((max(first, start), min(month_end(first), end)) for first in kept)
    return Period(tuple(first.strftime("%Y-%m") for first in kept), spans, len(firsts) - len(kept))


def month_filters(filters: Mapping[str, Any], span: tuple[date, date]) -> dict[str, Any]:
    """The page's filters with a month's dates (services' keywords, DealFilters.params)."""
    return {**filters, "from_": span[0].isoformat(), "to": span[1].isoformat()}


@dataclass(frozen=True)
class Timeline:
    """What the map plays: the months, the entries as JSON text (published as a file, as
    the cells' rows are), and each way of playing's classes."""

    months: tuple[str, ...]
    entries: str
    digest: str
    modes: tuple[dict, ...]
    note: str
    tooltip: tuple[str, ...]
    outside: int  # month cells not among the rows drawn (none expected: said, not hidden)

    def data(self, url: str | None) -> dict:
        """The message's `time` (frontend/src/message.json): the entries by URL, or inline."""
        return {
            "rows": url if url else json.loads(self.entries),
            "months": list(self.months),
            "modes": [dict(mode) for mode in self.modes],
            "note": self.note,
            "tooltip": list(self.tooltip),
        }


def row_index(spec: MapSpec) -> dict[str, tuple[int, int]]:
    """Each drawn cell's (layer, row), by its H3 index."""
    index: dict[str, tuple[int, int]] = {}
    for layer_number, layer in enumerate(spec.layout["cells"]):
        for row_number, row in enumerate(json.loads(spec.rows[layer["id"]])):
            cell = cell_of_row(row, spec.resolution)
            if cell is not None:
                index[cell] = (layer_number, row_number)
    return index


def build_timeline(spec: MapSpec, period: Period, month_cells: Sequence[pd.DataFrame], colour: ColourChoice) -> Timeline:
    """The entries of every month's cells and the classes of each way of playing them."""
    index = row_index(spec)
    entries: list[list] = []
    outside = 0
    for month, cells in enumerate(month_cells):
        if not len(cells):
            continue
        frame = zip(cells["cell"].astype(str), cells["n_deals"].astype(int), cells["n_investors"].astype(int), cells["median_price"])
        for cell, deals, investors, price in frame:
            place = index.get(cell)
            if place is None:
                outside += 1
                continue
            entries.append([month, *place, int(deals), int(investors), row_price(price)])
    text = json.dumps(entries, separators=(",", ":"))
    count_at = int(spec.layout["countAt"])
    modes = tuple(_mode(mode, _pooled(entries, len(index), len(period.months), mode), colour, count_at) for mode in (*WINDOWS, CUMULATIVE))
    note = period.note()
    if colour.metric != DEALS:
        note += f" · coloured by deals: {METRIC_LABELS[colour.metric].lower()} of several months do not add up"
    # Lines of a window of several months (one month shows the map's own lines): the deals
    # only, and the market's note when the map's tooltip carries one (mapspec/layers.py).
    window_lines = (f"{{{count_at}|deal|deals}}", *spec.tooltip[2:])
    return Timeline(period.months, text, hashlib.sha256(text.encode()).hexdigest()[:32], modes, note, window_lines, outside)


def _pooled(entries: list[list], n_rows: int, n_months: int, mode: int | str) -> list[int]:
    """Every cell's deals in every frame of a window, or in the running total's last frame
    (frames of no deal left out: they are not drawn)."""
    if not entries or not n_rows:
        return []
    keys = {}
    for _, layer, row, *_ in entries:
        keys.setdefault((layer, row), len(keys))
    deals = np.zeros((len(keys), n_months + 1), dtype=np.int64)
    for month, layer, row, count, *_ in entries:
        deals[keys[(layer, row)], month + 1] += count
    running = deals.cumsum(axis=1)
    if mode == CUMULATIVE:
        totals = running[:, -1:]
    else:
        span = min(int(mode), n_months)
        # Frames end at each month from the first full window on.
        totals = running[:, span:] - running[:, : n_months + 1 - span]
    return totals[totals > 0].tolist()


def _mode(mode: int | str, pooled: list[int], colour: ColourChoice, count_at: int) -> dict:
    typed = colour.manual()[0] if colour.metric == DEALS else None
    classes = typed or Classes(DEALS, colour.computed_method, class_breaks(pooled, colour.computed_method))
    if mode == CUMULATIVE:
        label, title = "Cumulative", "Deals per cell since the first month"
    else:
        label = f"{mode} month" if mode == 1 else f"{mode} months"
        title = "Deals per cell in the month" if mode == 1 else f"Deals per cell in {mode} months"
    if typed:
        scope = "the breaks typed"
    elif mode == CUMULATIVE:
        scope = "classes of the whole period's totals"
    else:
        scope = "classes of every month of the period" if mode == 1 else f"classes of every {mode}-month window of the period"
    return {
        "id": str(mode),
        "span": 0 if mode == CUMULATIVE else int(mode),
        "label": label,
        "legend": f"{title} ({scope})",
        "colors": classes.colors(count_at),
        "labels": [text for _, text in classes.classes()],
    }
