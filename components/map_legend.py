"""The map's legend: what each colour counts (the market's classes: mapspec/classes.py), the resolution used, and which cells are marked."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import streamlit as st

from components.words import plural
from mapspec.classes import Classes
from mapspec.markets import MarketShape
from mapspec.view import MAX_VIEW_CELLS


def legend_html(scale: Classes, *, resolution: int, n_cells: int, markets: Sequence[MarketShape] = ()) -> str:
    """The legend as a small HTML block (colours are data, so they cannot be Markdown)."""
    swatches = "".join(
        f'<span style="display:inline-flex;align-items:center;margin-right:10px">'
        f'<span style="width:14px;height:14px;border-radius:3px;margin-right:4px;'
        f'background:rgb({color[0]},{color[1]},{color[2]})"></span>{escape(label)}</span>'
        for color, label in scale.classes()
    )
    lines = [
        f'<div class="map-legend"><b>{escape(scale.title)}</b> &nbsp; {swatches}</div>',
        f'<div class="map-legend-resolution">H3 resolution {resolution} · {plural(n_cells, "cell")} drawn '
        f"(the view holds at most {MAX_VIEW_CELLS:,})</div>",
    ]
    flagged = [market for market in markets if market.flag]
    if flagged:
        names = ", ".join(f"{escape(market.name)} ({escape(market.flag or '')})" for market in flagged)
        lines.append(f'<div class="map-legend-flagged">Outlined cells: coverage is not complete in {names}.</div>')
    dated = [market for market in markets if market.data_end]
    if dated:
        dates = ", ".join(f"{escape(market.name)} {escape(str(market.data_end))}" for market in dated)
        lines.append(f'<div class="map-legend-dates">Data as of: {dates}</div>')
    return "\n".join(lines)


def render_legend(scale: Classes, *, resolution: int, n_cells: int, markets: Sequence[MarketShape] = (), key: str) -> None:
    with st.container(key=key):
        st.html(legend_html(scale, resolution=resolution, n_cells=n_cells, markets=markets))
