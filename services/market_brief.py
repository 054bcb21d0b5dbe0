"""A market brief as a PDF (issue 29): the view's map and legend, its leading investors, the place's
market trends (issue 46: purchases by month and kind, the median price; else the view's deals by
month), the data's freshness and the link that reopens the view.

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

import h3
from fpdf import FPDF
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from services.data_api.models import InvestorRow
from services.pdf_parts import FONT, NEXT_LINE, data_section, heading, keep_with_next, new_pdf, png
from services.trends_chart import TrendBar, trends_picture

# Light to dark: few deals to many (the map's own ramp is drawn in the browser; this is its print).
RAMP_RGB = (239, 106, 76)  # the bars of the months, the ramp's second darkest
RAMP = ("#fde0c5", "#facba6", "#f8b58b", "#f59e72", "#f2855d", "#ef6a4c", "#eb4a40")
INVESTOR_ROWS = 10


@dataclass(frozen=True)
class BriefData:
    """What a brief says; every figure comes from a read the adapter made for the view."""

    place_name: str  # "Dallas-Fort Worth (DFW), TX"
    filters_label: str
    bbox: tuple[float, float, float, float]  # west, south, east, north of the view
    cells: Sequence[tuple[str, int]]  # (H3 cell, deals) of the view
    investors: Sequence[InvestorRow] = ()  # rows of the view's investor list, leading first
    by_month: Sequence[tuple[str, int]] = ()  # ("2026-09", deals)
    n_deals: int | None = None
    n_investors: int | None = None
    median_price: int | None = None
    dataset_version: int | str | None = None
    data_end: str | None = None
    published_at: str | None = None
    link: str = ""
    notes: Sequence[str] = field(default_factory=tuple)  # what could not be read, said in the brief
    trend_bars: Sequence[TrendBar] = ()  # the place's 24 months by kind and median price (issue 46)
    trend_sentence: str = ""  # the year's change, as the Map says it


def class_breaks(counts: Sequence[int], classes: int = len(RAMP)) -> list[int]:
    """Upper bounds of equal-count classes of the cells' deals (at most `classes`, distinct)."""
    ordered = sorted(counts)
    if not ordered:
        return []
    bounds = [ordered[min(len(ordered) - 1, (len(ordered) * (i + 1)) // classes - 1)] for i in range(classes)]
    return sorted(set(bounds))


def map_picture(data: BriefData) -> bytes:
    """The view's cells as hexagons on white, with a legend of the classes (the place's name is
    the page's heading above it, in the PDF's own font, which prints any name)."""
    figure = Figure(figsize=(7.2, 5.4))
    # The map takes the whole picture: no layout pass (tight_layout, bbox_inches) draws it twice.
    axes = figure.add_axes((0.005, 0.005, 0.99, 0.99))
    breaks = class_breaks([count for _cell, count in data.cells])
    polygons, colours = [], []
    for cell, count in data.cells:
        # h3 gives (lat, lng) pairs; matplotlib wants (x=lng, y=lat).
        polygons.append([(lng, lat) for lat, lng in h3.cell_to_boundary(cell)])
        colours.append(RAMP[_class_of(count, breaks)])
    axes.add_collection(PolyCollection(polygons, facecolors=colours, edgecolors="white", linewidths=0.2))
    west, south, east, north = data.bbox
    axes.set_xlim(west, east)
    axes.set_ylim(south, north)
    axes.set_aspect(1 / max(0.2, _cos_degrees((south + north) / 2)))
    axes.set_xticks([])
    axes.set_yticks([])
    lower = 1
    handles = []
    for upper in breaks:
        label = f"{lower:,} deal{'s' if lower != 1 else ''}" if upper == lower else f"{lower:,}–{upper:,} deals"
        handles.append(Patch(facecolor=RAMP[_class_of(upper, breaks)], label=label))
        lower = upper + 1
    if handles:
        axes.legend(handles=handles, title="Deals per cell", loc="lower right", fontsize=7, title_fontsize=8)
    return png(figure)


def _months_chart(pdf: FPDF, by_month: Sequence[tuple[str, int]], height: float = 45) -> None:
    """Deals by month as bars drawn by the PDF itself (vector, and no second picture to encode)."""
    top, left, width = pdf.get_y(), pdf.l_margin + 12, pdf.epw - 12
    most = max((count for _month, count in by_month), default=0) or 1
    slot = width / len(by_month)
    pdf.set_font_size(7)
    pdf.set_fill_color(*RAMP_RGB)
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
    pdf.multi_cell(0, 6, f"Deals: {data.filters_label}", **NEXT_LINE)
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


def _investors(pdf: FPDF, investors: Sequence[InvestorRow]) -> None:
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
        name = row.display_name or row.name or row.id
        values = (str(rank), name[:70], _kind_words(row.kind), f"{row.n_deals:,}" if row.n_deals is not None else "—")
        for width, value in zip(widths, values, strict=True):
            pdf.cell(width, 6, value)
        pdf.ln()
    pdf.set_font(FONT, "", 10)


def _kind_words(kind: object) -> str:
    """A kind's code as words ("SFR_BULK_HOLDER" -> "SFR bulk holder")."""
    if not kind:
        return "—"
    words = str(kind).split("_")
    return " ".join([words[0] if len(words[0]) <= 3 else words[0].capitalize(), *(word.lower() for word in words[1:])])


def _figures_line(data: BriefData) -> str:
    parts = [f"{len(data.cells):,} cells with deals in the view"]
    if data.n_deals is not None:
        parts.append(f"{data.n_deals:,} deals")
    if data.n_investors is not None:
        parts.append(f"{data.n_investors:,} investors")
    if data.median_price is not None:
        parts.append(f"median price ${data.median_price:,}")
    return " · ".join(parts) + "."


def _class_of(count: int, breaks: Sequence[int]) -> int:
    for index, upper in enumerate(breaks):
        if count <= upper:
            return min(index + len(RAMP) - len(breaks), len(RAMP) - 1)
    return len(RAMP) - 1


def _cos_degrees(latitude: float) -> float:
    return math.cos(math.radians(latitude))
