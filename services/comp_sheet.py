"""A comp sheet as a PDF (issue 46): the property, its comparable sales on a map and in a table, the
value range and the rule that found them, the data's freshness and the link that reopens the page.

One or two pages. Drawn on the server: matplotlib draws the map (the property, each comp coloured
by its price per square foot, those a person left out hollow and grey) into a PNG, fpdf2 lays it
out with the words (services/pdf_parts.py). Plain Python: the adapter hands a `CompSheet` here.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from services.pdf_parts import FONT, NEXT_LINE, data_section, heading, keep_with_next, new_pdf, png

if TYPE_CHECKING:
    from fpdf import FPDF

COLOUR_MAP = "OrRd"  # light to dark: a lower to a higher price per sq ft (the page's ramp)
LEFT_OUT_GREY = "#a0a0a0"
PICTURE_BOX = (0.01, 0.02, 0.86, 0.96)  # the map's axes in the picture: left, bottom, width, height
MILES_PER_DEGREE = 69.0  # of latitude
MOST_ROWS = 30  # the table's rows: a second page at most
COLUMNS = (("Where", 30), ("Sold", 20), ("Price", 22), ("Miles", 12), ("Sq ft", 14), ("$/sq ft", 14),
           ("Beds/baths", 18), ("Built", 12), ("Buyer", 0))


@dataclass(frozen=True)
class SheetComp:
    """One comparable sale as the sheet prints it (None: not served)."""

    where: str
    sale_date: date | None
    price: int | None
    miles: float | None
    sqft: int | None
    bedrooms: float | None
    bathrooms: float | None
    year_built: int | None
    buyer: str
    latitude: float | None
    longitude: float | None
    kept: bool = True  # False: a person unticked it, and the range leaves it out

    @property
    def per_sqft(self) -> float | None:
        return self.price / self.sqft if self.price is not None and self.sqft else None


@dataclass(frozen=True)
class CompSheet:
    address: str
    property_id: str
    facts: str  # "3 beds · 2 baths · 1,640 sq ft · built 1978", or what is not served
    latitude: float
    longitude: float
    radius_miles: float  # the circle of the rule that found the comps
    comps: Sequence[SheetComp]
    range_figures: tuple[int, int, int] | None  # low, middle, high
    range_sentence: str
    rule: str  # the rule that found them, in a sentence
    warnings: Sequence[str] = ()
    dataset_version: int | str | None = None
    data_end: str | None = None
    published_at: str | None = None
    link: str = ""
    notes: Sequence[str] = field(default_factory=tuple)


def map_picture(sheet: CompSheet) -> bytes:
    """The property (a black star) in its search circle, its comps coloured by $/sq ft (no living
    area: hollow blue; left out: hollow grey), on a scale of miles."""
    from matplotlib.figure import Figure  # with the first sheet: services/pdf_parts.py

    figure = Figure(figsize=(7.2, 3.6))
    axes = figure.add_axes(PICTURE_BOX)
    placed = [comp for comp in sheet.comps if comp.latitude is not None and comp.longitude is not None]
    rated = [comp for comp in placed if comp.kept and comp.per_sqft is not None]
    if rated:
        rates = [comp.per_sqft for comp in rated]
        low, high = min(rates), max(rates)
        spread = max(high - low, 0.1 * high)  # a few close rates still read as a ramp
        dots = axes.scatter([c.longitude for c in rated], [c.latitude for c in rated], c=rates, cmap=COLOUR_MAP,
                            vmin=(low + high - spread) / 2, vmax=(low + high + spread) / 2, s=60,
                            edgecolors="#333333", linewidths=0.6, zorder=3)
        bar = figure.colorbar(dots, cax=figure.add_axes((0.89, 0.1, 0.025, 0.8)), format="${x:,.0f}")
        bar.set_label("Price per sq ft", fontsize=8)
        bar.ax.tick_params(labelsize=7)
    others = [comp for comp in placed if comp not in rated]
    axes.scatter([c.longitude for c in others], [c.latitude for c in others], s=50, facecolors="none",
                 edgecolors=[("#4a4ac8" if c.kept else LEFT_OUT_GREY) for c in others], linewidths=1.2, zorder=2)
    axes.scatter([sheet.longitude], [sheet.latitude], marker="*", s=260, c="black", edgecolors="white", zorder=4)
    _frame_in_miles(axes, sheet, placed)
    return png(figure)


def _frame_in_miles(axes, sheet: CompSheet, placed: Sequence[SheetComp]) -> None:
    """The search circle drawn and the view around it at one scale both ways (a mile is a mile)."""
    shrink = math.cos(math.radians(sheet.latitude))
    farthest = max([sheet.radius_miles] + [c.miles for c in placed if c.miles is not None])
    half_height = farthest * 1.15 / MILES_PER_DEGREE
    width_inches, height_inches = 7.2 * PICTURE_BOX[2], 3.6 * PICTURE_BOX[3]
    half_width = half_height * width_inches / height_inches / shrink
    turn = [2 * math.pi * step / 96 for step in range(97)]
    axes.plot([sheet.longitude + sheet.radius_miles / MILES_PER_DEGREE / shrink * math.cos(t) for t in turn],
              [sheet.latitude + sheet.radius_miles / MILES_PER_DEGREE * math.sin(t) for t in turn],
              color="#888888", linewidth=0.8, linestyle="--", zorder=1)
    axes.set_xlim(sheet.longitude - half_width, sheet.longitude + half_width)
    axes.set_ylim(sheet.latitude - half_height, sheet.latitude + half_height)
    axes.set_xticks([])
    axes.set_yticks([])
    axes.text(0.01, 0.02, f"Dashed: {sheet.radius_miles:g} mile{'' if sheet.radius_miles == 1 else 's'} around the "
              "property", transform=axes.transAxes, fontsize=7, color="#555555")


def comp_sheet(sheet: CompSheet) -> bytes:
    """The sheet as PDF bytes: one or two pages."""
    pdf = new_pdf(f"Comp sheet: {sheet.address or sheet.property_id}")
    pdf.multi_cell(0, 6, f"{sheet.facts}  ·  {sheet.property_id}", **NEXT_LINE)
    _value(pdf, sheet)
    pdf.image(io.BytesIO(map_picture(sheet)), w=pdf.epw)
    pdf.set_font_size(8)
    pdf.multi_cell(0, 5, "The star is this property; each comp is coloured by its price per sq ft. Hollow blue: no "
                   "living area served; hollow grey: left out of the range.", **NEXT_LINE)
    pdf.set_font_size(10)
    _table(pdf, sheet.comps)
    keep_with_next(pdf, 30)
    data_section(pdf, dataset_version=sheet.dataset_version, data_end=sheet.data_end, published_at=sheet.published_at,
                 notes=sheet.notes, reopen="Reopen this property:", link=sheet.link)
    return bytes(pdf.output())


def _value(pdf: FPDF, sheet: CompSheet) -> None:
    heading(pdf, "Value range")
    if sheet.range_figures is None:
        pdf.multi_cell(0, 6, "No value range: no comparable sale is kept.", **NEXT_LINE)
    else:
        low, middle, high = sheet.range_figures
        pdf.set_font_size(14)
        pdf.multi_cell(0, 8, f"${low:,}  –  ${high:,}   (middle ${middle:,})", **NEXT_LINE)
        pdf.set_font_size(10)
        pdf.multi_cell(0, 6, sheet.range_sentence, **NEXT_LINE)
    pdf.multi_cell(0, 6, sheet.rule, **NEXT_LINE)
    for warning in sheet.warnings:
        pdf.multi_cell(0, 6, f"Note: {warning}", **NEXT_LINE)


def _table(pdf: FPDF, comps: Sequence[SheetComp]) -> None:
    keep_with_next(pdf, 40)
    heading(pdf, "Comparable sales")
    widths = [width or pdf.epw - sum(w for _name, w in COLUMNS) for _name, width in COLUMNS]
    pdf.set_font(FONT, "", 8)
    for width, (title, _width) in zip(widths, COLUMNS, strict=True):
        pdf.cell(width, 6, title, border="B")
    pdf.ln()
    for comp in list(comps)[:MOST_ROWS]:
        pdf.set_text_color(0, 0, 0) if comp.kept else pdf.set_text_color(140, 140, 140)
        for width, value in zip(widths, _cells(comp), strict=True):
            pdf.cell(width, 5, value)
        pdf.ln()
    pdf.set_text_color(0, 0, 0)
    if len(comps) > MOST_ROWS:
        pdf.multi_cell(0, 5, f"And {len(comps) - MOST_ROWS} more, farther away.", **NEXT_LINE)
    if any(not comp.kept for comp in comps):
        pdf.multi_cell(0, 5, "Grey rows were left out of the range.", **NEXT_LINE)
    pdf.set_font(FONT, "", 10)


def _cells(comp: SheetComp) -> tuple[str, ...]:
    def number(value, text="{:,}") -> str:
        return "—" if value is None else text.format(value)

    rooms = "/".join(number(value, "{:g}") for value in (comp.bedrooms, comp.bathrooms))
    return (comp.where[:22], number(comp.sale_date, "{}"), number(comp.price, "${:,}"), number(comp.miles, "{:.2f}"),
            number(comp.sqft), number(comp.per_sqft, "${:,.0f}"), rooms, number(comp.year_built, "{}"),
            (comp.buyer or "—")[:34])
