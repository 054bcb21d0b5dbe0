"""A market's trends as a picture for a PDF (issue 46): investor purchases by month, stacked by kind,
and the median price by month as a line on its own axis (the Map's chart, printed by matplotlib).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from services.pdf_parts import png

# The kinds' colours (matplotlib's "tab10", as Vega-Lite's default scheme draws the Map's chart).
KIND_COLOURS = ("#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#eeca3b", "#b279a2", "#ff9da6")
PRICE_LINE = "#1d2a2f"


@dataclass(frozen=True)
class TrendBar:
    month: str  # "YYYY-MM"
    counts: tuple[tuple[str, int], ...]  # (a kind's label, purchases), in the legend's order
    median_price: int | None


def trends_picture(bars: Sequence[TrendBar]) -> bytes:
    """The months' stacked bars and the median price's line, with a legend of the kinds below."""
    from matplotlib.figure import Figure  # with the first picture: services/pdf_parts.py
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    figure = Figure(figsize=(7.2, 3.0))
    axes = figure.add_axes((0.08, 0.2, 0.82, 0.74))
    labels = list(dict.fromkeys(label for bar in bars for label, _n in bar.counts))
    positions = range(len(bars))
    bottoms = [0] * len(bars)
    for index, label in enumerate(labels):
        heights = [dict(bar.counts).get(label, 0) for bar in bars]
        axes.bar(positions, heights, bottom=bottoms, width=0.8, color=KIND_COLOURS[index % len(KIND_COLOURS)], label=label)
        bottoms = [low + height for low, height in zip(bottoms, heights)]
    axes.set_ylabel("Investor purchases", fontsize=8)
    axes.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=5))
    step = max(1, len(bars) // 8)
    axes.set_xticks(list(positions)[::step], [bar.month for bar in bars][::step], fontsize=7)
    axes.tick_params(axis="y", labelsize=7)
    prices = axes.twinx()
    priced = [(index, bar.median_price) for index, bar in enumerate(bars) if bar.median_price]
    if priced:
        prices.plot([i for i, _p in priced], [p for _i, p in priced], color=PRICE_LINE, marker="o", markersize=2.5,
                    linewidth=1.2, label="Median price")
        prices.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: f"${value / 1000:,.0f}k"))
        prices.set_ylabel("Median price (line)", fontsize=8)
        prices.tick_params(axis="y", labelsize=7)
    handles, names = axes.get_legend_handles_labels()
    line_handles, line_names = prices.get_legend_handles_labels()
    figure.legend(handles + line_handles, names + line_names, loc="lower center", ncol=min(7, len(names) + 1),
                  fontsize=7, frameon=False)
    return png(figure)
