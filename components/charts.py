"""Small charts shared by the analyst's pages: bar charts of counts, and points or boxes on a map.

Bar charts go through Streamlit's Vega-Lite element, maps through the map element's small
maps (components/small_map.py: one deck.gl in the tab); both carry the data as data and never
as markup: a name in a label is drawn as text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from components.small_map import render_small_map
from mapspec.small_map import Canvas, bounds_of, box_ring, layer, place_map

POINT_COLOR = [200, 30, 60, 200]
POINT_LINE_COLOR = [255, 255, 255, 220]
POINT_RADIUS_PX = 5
BOX_LINE_COLOR = [30, 90, 200, 220]
BOX_FILL_COLOR = [30, 90, 200, 40]
BOX_NAME_COLOR = [20, 40, 90, 255]
POINTS_LAYER, BOXES_LAYER, BOX_NAMES_LAYER = "points", "boxes", "box-names"
# Height of a bar of the kind chart: each bar keeps its label.
KIND_BAR_PX = 32
MIN_KIND_CHART_PX = 140


def render_bar_chart(
    frame: pd.DataFrame,
    *,
    x: str,
    y: str | Sequence[str],
    key: str,
    title: str,
    stack: bool | None = None,
    horizontal: bool = False,
) -> None:
    """A titled bar chart; says so plainly when there is nothing to draw."""
    st.markdown(f"**{title}**")
    if frame is None or frame.empty:
        st.caption("Nothing to chart.")
        return
    st.bar_chart(frame, x=x, y=list(y) if not isinstance(y, str) else y, stack=stack, horizontal=horizontal, height=260)


# The two charts below are Vega-Lite specs written out, not built with Altair: Altair checked
# each against the Vega-Lite schema as it was sent, 0.03 to 0.09 s of the page's run per chart
# (a cell's panel, the tour's "Who buys there", issue 29). The specs are the ones Altair sent.


def render_kind_chart(counts: Mapping[str, int], *, key: str, title: str = "Deals by kind") -> None:
    """Horizontal bars, one per kind, each labelled (tall enough that no label is skipped)."""
    frame = pd.DataFrame({"Kind": list(counts), "Deals": list(counts.values())})
    spec = {
        "title": title,
        "mark": {"type": "bar"},
        "encoding": {
            "y": {"field": "Kind", "type": "nominal", "sort": None, "title": None,
                  "axis": {"labelOverlap": False, "labelLimit": 220, "labelFontSize": 13}},
            # A few whole-number ticks: a narrow panel's default ticks ran into each other.
            "x": {"field": "Deals", "type": "quantitative", "title": "Deals",
                  "axis": {"tickMinStep": 1, "format": "d", "tickCount": 4, "labelFontSize": 12}},
            "tooltip": [{"field": "Kind", "type": "nominal"}, {"field": "Deals", "type": "quantitative"}],
        },
        # Each kind a band of KIND_BAR_PX, and never under MIN_KIND_CHART_PX: one or two kinds
        # drew a 60 px chart whose title, labels and axis ran into each other.
        "height": max(KIND_BAR_PX * len(frame), MIN_KIND_CHART_PX),
        "config": {"title": {"fontSize": 14, "anchor": "start", "offset": 8}},
    }
    st.vega_lite_chart(frame, spec, key=key, width="stretch")


def render_month_chart(counts: Mapping[str, int], *, key: str, title: str = "Deals by month", measure: str = "Deals") -> None:
    """Bars on a time axis (`YYYY-MM` keys): a month without deals is a gap, not a neighbour."""
    frame = pd.DataFrame({"Month": pd.to_datetime(list(counts), format="%Y-%m", errors="coerce"), measure: list(counts.values())})
    frame = frame.dropna(subset=["Month"])
    spec = {
        "title": title,
        "mark": {"type": "bar"},
        "encoding": {
            "x": {"field": "Month", "timeUnit": "yearmonth", "type": "temporal", "title": None},
            "y": {"field": measure, "type": "quantitative", "title": measure, "axis": {"tickMinStep": 1, "format": "d"}},
            "tooltip": [{"field": "Month", "timeUnit": "yearmonth", "type": "temporal", "title": "Month"},
                        {"field": measure, "type": "quantitative"}],
        },
        "height": 200,
    }
    st.vega_lite_chart(frame, spec, key=key, width="stretch")


@dataclass(frozen=True)
class Frame:
    """A box drawn on a small map (a market's), named at its north-west corner by its label's
    first part ("DFW · Dallas-Fort Worth" is named "DFW")."""

    label: str
    bbox: Sequence[float] | None  # west, south, east, north; a box of another form is not drawn

    def ring(self) -> list[list[float]] | None:
        return box_ring(self.bbox) if self.bbox and len(self.bbox) == 4 else None


def _box_layers(boxes: Sequence[Frame], *, filled: bool) -> list[dict]:
    """The boxes outlined (filled pale when `filled`), each named at its north-west corner:
    without tiles nothing else says which is which."""
    shown = [(box, ring) for box in boxes if (ring := box.ring())]
    if not shown:
        return []
    tips = [{"polygon": ring, "tip": box.label} for box, ring in shown]
    # A ring's fourth corner is the north-west one.
    names = [{"t": box.label.split(" · ")[0], "p": ring[3]} for box, ring in shown]
    return [
        layer("polygons", BOXES_LAYER, tips if filled else [{"polygon": ring} for _box, ring in shown],
              fill=BOX_FILL_COLOR if filled else [0, 0, 0, 0], line=BOX_LINE_COLOR, lineWidth=2),
        layer("text", BOX_NAMES_LAYER, names, size=14, color=BOX_NAME_COLOR, anchor="start", baseline="bottom"),
    ]


def _corners(boxes: Sequence[Frame]) -> list[list[float]]:
    return [corner for box in boxes for corner in box.ring() or []]


def render_points_map(
    points: pd.DataFrame,
    *,
    key: str,
    canvas: Canvas,
    height: int = 320,
    frames: Sequence[Frame] = (),
    label: str = "Map of the points: hover a point for what it is",
) -> None:
    """Points (`latitude`, `longitude`, `label`) on a small map; rows without a position are left out.

    `frames`, e.g. the market the points are in, are
    outlined and named under the points, and the view takes them in whole: the points' context."""
    located = points.dropna(subset=["latitude", "longitude"]) if not points.empty else points
    if located.empty:
        st.caption("No mapped positions.")
        return
    rows = [{"p": [float(lng), float(lat)], "tip": str(text)}
            for lat, lng, text in zip(located["latitude"], located["longitude"], located["label"])]
    spec = place_map(
        [*_box_layers(frames, filled=False),
         layer("points", POINTS_LAYER, rows, fill=POINT_COLOR, radius=POINT_RADIUS_PX, line=POINT_LINE_COLOR)],
        bounds=bounds_of([row["p"] for row in rows] + _corners(frames)), basemap=canvas.basemap, label=label)
    render_small_map(spec, canvas=canvas, key=key, height=height)


def render_boxes_map(boxes: Sequence[Frame], *, key: str, canvas: Canvas, height: int = 360) -> None:
    """Bounding boxes outlined on a small map."""
    corners = _corners(boxes)
    if not corners:
        st.caption("No market boxes to draw.")
        return
    spec = place_map(_box_layers(boxes, filled=True), bounds=bounds_of(corners), basemap=canvas.basemap,
                     label="Map of the markets' boxes: hover a box for its market")
    render_small_map(spec, canvas=canvas, key=key, height=height)
