"""The map's legend, drawn on the map itself (frontend/src/legend.js) from the words and
colours written here: what each colour counts (the market's classes: mapspec/classes.py),
the resolution used and how many cells are drawn, and which cells are marked. The same
words go under the map as a caption, for a screen reader and for a map that cannot load.

And the lines a downloaded picture of the map carries besides the legend (frontend/src/
snapshot.js): the filters and the data's date, so a slide says what it shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from components.words import plural
from mapspec.classes import Classes
from mapspec.markets import MarketShape
from mapspec.view import MAX_VIEW_CELLS

PICTURE_STEM = "deedscope-map"


def legend_message(scale: Classes, *, resolution: int, n_cells: int, markets: Sequence[MarketShape] = ()) -> dict | None:
    """The message's `legend` (frontend/src/message.json); None when no cell is drawn (no
    colours to explain)."""
    if n_cells == 0:
        return None
    lines = [f"H3 resolution {resolution} · {plural(n_cells, 'cell')} drawn (the view holds at most {MAX_VIEW_CELLS:,})"]
    flagged = [market for market in markets if market.flag]
    if flagged:
        names = ", ".join(f"{market.name} ({market.flag})" for market in flagged)
        lines.append(f"Outlined cells: coverage is not complete in {names}.")
    classes = [{"color": list(color), "label": label} for color, label in scale.classes()]
    return {"title": scale.title, "classes": classes, "lines": lines}


def picture_message(filters_line: str, markets: Sequence[MarketShape] = ()) -> dict:
    """The message's `picture`: the lines a downloaded picture carries under its legend
    (the filters, the data's date) and its file's name (the markets in view)."""
    lines = [filters_line]
    dated = [market for market in markets if market.data_end]
    if dated:
        lines.append("Data as of: " + ", ".join(f"{market.name} {market.data_end}" for market in dated))
    codes = "-".join(market.market for market in markets)
    return {"lines": lines, "fileName": f"{PICTURE_STEM}-{codes}.png" if codes else f"{PICTURE_STEM}.png"}


def legend_text(legend: Mapping, picture: Mapping) -> str:
    """The legend and the picture's lines in one paragraph: `Deals per cell: 1 · 2 · 3–4 · 5+.
    H3 resolution 8 · 2,938 cells drawn (…). Filters: any date, kind, price. Data as of: …`."""
    classes = " · ".join(item["label"] for item in legend["classes"])
    return " ".join([f"{legend['title']}: {classes}.", *(_sentence(line) for line in [*legend["lines"], *picture["lines"]])])


def _sentence(line: str) -> str:
    return line if line.endswith(".") else f"{line}."


def render_legend_caption(legend: Mapping | None, picture: Mapping, *, key: str) -> None:
    """Under the map: the legend's words (the map draws its colours)."""
    if legend is None:
        return
    with st.container(key=key):
        st.caption(legend_text(legend, picture))
