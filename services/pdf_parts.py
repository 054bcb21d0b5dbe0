"""What the app's PDFs share (the market brief, the comp sheet): the page and its font, a heading,
the data's freshness, the link that reopens the page, a matplotlib figure as a PNG.

Text uses the DejaVu Sans that matplotlib ships, so any name prints (the PDF core fonts are
Latin-1 only). Figures are `Figure` objects, never pyplot's, whose global state two sessions'
threads would share.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fpdf import FPDF

# matplotlib and fpdf2 (about 1 s of a core to import) load with the first PDF or picture drawn, not
# with the app: most sessions make none.
FONT = "DejaVu"
PICTURE_DPI = 130
# A block of text ends at the left margin of the next line (fpdf2 leaves it at the right).
NEXT_LINE = {"new_x": "LMARGIN", "new_y": "NEXT"}
LINK_RGB = (30, 80, 180)


def new_pdf(title: str) -> FPDF:
    """An A4 document with the font set and its first page open, the title as its heading."""
    # Here, with the first PDF, not with the app: see the note at the top.
    import matplotlib
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(True, margin=15)
    pdf.add_font(FONT, "", str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"))
    pdf.set_title(title)
    pdf.add_page()
    pdf.set_font(FONT, "", 18)
    pdf.multi_cell(0, 9, title, **NEXT_LINE)
    pdf.set_font(FONT, "", 10)
    return pdf


def heading(pdf: FPDF, text: str) -> None:
    pdf.ln(3)
    pdf.set_font(FONT, "", 13)
    pdf.multi_cell(0, 8, text, **NEXT_LINE)
    pdf.set_font(FONT, "", 10)


def keep_with_next(pdf: FPDF, height: float) -> None:
    """A new page when `height` (mm) does not fit below: a heading stays with what follows it."""
    if pdf.get_y() + height > pdf.h - pdf.b_margin:
        pdf.add_page()


def freshness_line(dataset_version: int | str | None, data_end: str | None, published_at: str | None) -> str:
    version = "unknown" if dataset_version is None else str(dataset_version)
    return (f"Dataset version {version}; deeds recorded up to {data_end or 'an unknown date'}"
            + (f", published {published_at[:10]}." if published_at else "."))


def data_section(pdf: FPDF, *, dataset_version: int | str | None, data_end: str | None, published_at: str | None,
                 notes: Sequence[str], reopen: str, link: str) -> None:
    """"The data": its freshness, what could not be read, and the link that reopens the page."""
    heading(pdf, "The data")
    pdf.multi_cell(0, 6, freshness_line(dataset_version, data_end, published_at), **NEXT_LINE)
    for note in notes:
        pdf.multi_cell(0, 6, note, **NEXT_LINE)
    reopen_link(pdf, reopen, link)


def reopen_link(pdf: FPDF, label: str, link: str) -> None:
    """`label`, then the link itself, clickable."""
    if not link:
        return
    pdf.multi_cell(0, 6, label, **NEXT_LINE)
    pdf.set_text_color(*LINK_RGB)
    pdf.multi_cell(0, 6, link, link=link, **NEXT_LINE)
    pdf.set_text_color(0, 0, 0)


def png(figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=PICTURE_DPI)
    return buffer.getvalue()
