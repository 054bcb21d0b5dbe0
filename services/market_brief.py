"""A market brief as a PDF (issue 29): the view's map and legend, its leading investors, the place's
market trends (issue 46: purchases by month and kind, the median price; else the view's deals by
month), the data's freshness and the link that reopens the view.

In a person's words (issue 44, 7): the page hands over every name, kind and the filters already
in words, the map's own classes and colours (its legend is the app's), the places to name on
the map and the app's own address; this module prints prices as people write them.

Drawn on the server without a browser: matplotlib draws the cells from their H3 boundaries
(and the months' bars) into PNG pictures, fpdf2 lays them out with the words (the parts the
app's PDFs share are services/pdf_parts.py). Plain Python: the adapter gathers the reads and
hands a `BriefData` here.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from typing import TYPE_CHECKING

import h3

from services.pdf_parts import FONT, NEXT_LINE, data_section, heading, keep_with_next, new_pdf, png
from services.trends_chart import TrendBar, trends_picture

if TYPE_CHECKING:
    from fpdf import FPDF

BAR_RGB = (240, 59, 32)  # the bars of the months: the map's palette's second hottest (mapspec/classes.py)
INVESTOR_ROWS = 10


@dataclass(frozen=True)
class Legend:
    """The map's classes as the app's legend draws them: a title, each class's lower bound, colour and label."""

    title: str  # "Deals per cell"
    bounds: Sequence[float]  # ascending lower bounds
    colours: Sequence[tuple[int, int, int]]
    labels: Sequence[str]  # "1–7", "27+"

    def colour_of(self, value: float) -> str:
        index = max((i for i, bound in enumerate(self.bounds) if value >= bound), default=0)
        red, green, blue = self.colours[index]
        return f"#{red:02x}{green:02x}{blue:02x}"


@dataclass(frozen=True)
class InvestorLine:
    """A leading investor as the brief prints it: its name and kind in words, its deals."""

    name: str
    kind: str
    deals: int | None


def money_words(amount: float | None) -> str:
    """A price as people write it: "$309,600" (never "$309,600.0")."""
    return "—" if amount is None else f"${round(float(amount)):,}"


@dataclass(frozen=True)
class BriefData:
    """What a brief says; every figure comes from a read the adapter made for the view."""

    place_name: str  # "Dallas-Fort Worth (DFW), TX"
    filters_label: str  # the deals counted, in words: "every deal, of any date, kind and price"
    bbox: tuple[float, float, float, float]  # west, south, east, north of the view
    cells: Sequence[tuple[str, int]]  # (H3 cell, deals) of the view
    legend: Legend | None = None  # the map's own classes (None: one colour)
    places: Sequence[tuple[str, float, float]] = ()  # (name, latitude, longitude) of the places to name
    investors: Sequence[InvestorLine] = ()  # the view's leading investors, leading first
    by_month: Sequence[tuple[str, int]] = ()  # ("2026-09", deals)
    n_deals: int | None = None
    n_investors: int | None = None
    median_price: float | None = None
    dataset_version: int | str | None = None
    data_end: str | None = None
    published_at: str | None = None
    link: str = ""
    notes: Sequence[str] = field(default_factory=tuple)  # what could not be read, said in the brief
    trend_bars: Sequence[TrendBar] = ()  # the place's 24 months by kind and median price (issue 46)
    trend_sentence: str = ""  # the year's change, as the Map says it


def map_picture(data: BriefData) -> bytes:
    """The view's cells as hexagons on white, coloured and explained by the map's own legend, with
    the places' names over them (the place's name is the page's heading above it)."""
    from matplotlib.collections import PolyCollection  # with the first brief: services/pdf_parts.py
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    figure = Figure(figsize=(7.2, 5.4))
    # The map takes the whole picture: no layout pass (tight_layout, bbox_inches) draws it twice.
    axes = figure.add_axes((0.005, 0.005, 0.99, 0.99))
    polygons, colours = [], []
    for cell, count in data.cells:
        # h3 gives (lat, lng) pairs; matplotlib wants (x=lng, y=lat).
        polygons.append([(lng, lat) for lat, lng in h3.cell_to_boundary(cell)])
        colours.append(data.legend.colour_of(count) if data.legend else "#fd8d3c")
    axes.add_collection(PolyCollection(polygons, facecolors=colours, edgecolors="white", linewidths=0.2))
    west, south, east, north = data.bbox
    axes.set_xlim(west, east)
    axes.set_ylim(south, north)
    axes.set_aspect(1 / max(0.2, _cos_degrees((south + north) / 2)))
    axes.set_xticks([])
    axes.set_yticks([])
    for name, latitude, longitude in data.places:
        if west <= longitude <= east and south <= latitude <= north:
            axes.text(longitude, latitude, name, fontsize=7, ha="center", va="center", color="#222222",
                      bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.7})
    if data.legend:
        handles = [Patch(facecolor=f"#{r:02x}{g:02x}{b:02x}", label=label)
                   for (r, g, b), label in zip(data.legend.colours, data.legend.labels, strict=True)]
        axes.legend(handles=handles, title=data.legend.title, loc="lower right", fontsize=7, title_fontsize=8)
    return png(figure)


def _months_chart(pdf: FPDF, by_month: Sequence[tuple[str, int]], height: float = 45) -> None:
    """Deals by month as bars drawn by the PDF itself (vector, and no second picture to encode)."""
    top, left, width = pdf.get_y(), pdf.l_margin + 12, pdf.epw - 12
    most = max((count for _month, count in by_month), default=0) or 1
    slot = width / len(by_month)
    pdf.set_font_size(7)
    pdf.set_fill_color(*BAR_RGB)
    for index, (month, count) in enumerate(by_month):
        bar = height * count / most
        pdf.rect(left + index * slot + slot * 0.1, top + height - bar, slot * 0.8, bar, style="F")
    step = max(1, len(by_month) // 8)
    for index in range(0, len(by_month), step):
        pdf.text(left + index * slot, top + height + 4, by_month[index][0])
    pdf.text(pdf.l_margin, top + 3, f"{most:,}")
    pdf.text(pdf.l_margin, top + height, "0")
    pdf.set_y(top + height + 8)
    pdf.set_font_size(10)


def market_brief(data: BriefData) -> bytes:
    """The brief as PDF bytes: one to three pages."""
    pdf = new_pdf(f"Market brief: {data.place_name}")
    pdf.multi_cell(0, 6, f"Deals counted: {data.filters_label}.", **NEXT_LINE)
    pdf.image(io.BytesIO(map_picture(data)), w=pdf.epw)
    pdf.multi_cell(0, 6, _figures_line(data), **NEXT_LINE)
    _investors(pdf, data.investors)
    if data.trend_bars:
        keep_with_next(pdf, 90)
        heading(pdf, "Market trends")
        pdf.multi_cell(0, 6, data.trend_sentence, **NEXT_LINE)
        pdf.image(io.BytesIO(trends_picture(data.trend_bars)), w=pdf.epw)
    elif data.by_month:
        keep_with_next(pdf, 70)
        heading(pdf, "Deals by month")
        _months_chart(pdf, data.by_month)
    data_section(pdf, dataset_version=data.dataset_version, data_end=data.data_end, published_at=data.published_at,
                 notes=data.notes, reopen="Reopen this view:", link=data.link)
    return bytes(pdf.output())


def _investors(pdf: FPDF, investors: Sequence[InvestorLine]) -> None:
    heading(pdf, "Leading investors of the view")
    if not investors:
        pdf.multi_cell(0, 6, "Not included: the view's investors were not read for this brief.", **NEXT_LINE)
        return
    widths = (10, pdf.epw - 70, 42, 18)
    pdf.set_font(FONT, "", 9)
    for width, title in zip(widths, ("#", "Investor", "Kind", "Deals"), strict=True):
        pdf.cell(width, 7, title, border="B")
    pdf.ln()
    pdf.set_font(FONT, "", 9)
    for rank, row in enumerate(investors[:INVESTOR_ROWS], start=1):
        values = (str(rank), row.name[:70], row.kind[:30], f"{row.deals:,}" if row.deals is not None else "—")
        for width, value in zip(widths, values, strict=True):
            pdf.cell(width, 6, value)
        pdf.ln()
    pdf.set_font(FONT, "", 10)




def _figures_line(data: BriefData) -> str:
    parts = [f"{len(data.cells):,} cells with deals in the view"]
    if data.n_deals is not None:
        parts.append(f"{data.n_deals:,} deals")
    if data.n_investors is not None:
        parts.append(f"{data.n_investors:,} investors")
    if data.median_price is not None:
        parts.append(f"median price {money_words(data.median_price)}")
    return " · ".join(parts) + "."




def _cos_degrees(latitude: float) -> float:
    return math.cos(math.radians(latitude))
