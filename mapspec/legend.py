"""What the map says besides its cells, and the whole of what the page sends it for a view.

The legend drawn on the map (frontend/src/legend.js): what each colour counts (the market's
classes: mapspec/classes.py), the resolution used and how many cells are drawn, and which
cells are marked; the lines a downloaded picture carries under it (frontend/src/snapshot.js:
the filters and the data's date); and `map_message`, the element's data with both. The Map
page's runs and the first paint of a link (adapter/link_view.py) build the message here, so
the map a link paints first is the map its page then draws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mapspec.area import Area
from mapspec.classes import Classes
from mapspec.filters import DealFilters, filters_label
from mapspec.markets import Market, MarketShape, shapes_in_view
from mapspec.plan import DrawnView
from mapspec.view import MAX_VIEW_CELLS, Camera, View

PICTURE_STEM = "deedscope-map"


def legend_message(scale: Classes, *, resolution: int, n_cells: int, markets: Sequence[MarketShape] = ()) -> dict | None:
    """The message's `legend` (frontend/src/message.json); None when no cell is drawn (no
    colours to explain)."""
    if n_cells == 0:
        return None
    cells = f"{n_cells:,} {'cell' if n_cells == 1 else 'cells'}"
    lines = [f"H3 resolution {resolution} · {cells} drawn (the view holds at most {MAX_VIEW_CELLS:,})"]
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


@dataclass(frozen=True)
class MapMessage:
    """What the page sends the map for a view (`data`, `legend`, `picture`: message.json) and
    the view the map then shows."""

    data: dict[str, Any]
    legend: dict | None
    picture: dict
    view: View


def map_message(
    drawn: DrawnView, *, urls: Mapping[str, str], view: View, camera_at: Camera | None, markets: Sequence[Market],
    classes: Classes | None, filters: DealFilters, selected: str | None = None, area: Area | None = None,
    played: Mapping | None = None,
) -> MapMessage:
    """The map's message for a drawn view: its rows at `urls` (else inline), coloured by
    `classes` (else the view's own), the selected cell, the area, the months played, and
    `camera_at` where a person moved the map (it stays there; the view drawn otherwise)."""
    spec = drawn.spec
    shown = view if camera_at else drawn.view
    data = spec.data(urls, selected=selected, classes=classes, area=area, time=played, camera=camera_at)
    # The legend is drawn on the map (none without cells), its words under it as well.
    in_view = shapes_in_view(markets, shown)
    legend = legend_message(classes or spec.scale, resolution=drawn.resolution, n_cells=spec.n_cells, markets=in_view)
    return MapMessage(data, legend, picture_message(filters_label(filters), in_view), shown)
