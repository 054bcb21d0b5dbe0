"""Small charts shared by the analyst's pages: bar charts of counts, and points or boxes on a map.

Charts go through Streamlit's own chart elements (Vega-Lite, pydeck), so they carry the
data as data and never as markup: a name in a label is drawn as text.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import altair as alt
import pandas as pd
import pydeck
import streamlit as st

# A pale neutral for points and outlines; the basemap (when any) carries the colour.
POINT_COLOR = [200, 30, 60, 180]
BOX_LINE_COLOR = [30, 90, 200, 220]
BOX_FILL_COLOR = [30, 90, 200, 40]
# Borders under a small map's boxes: thin and grey, context rather than content.
OUTLINE_COLOR = [110, 110, 110, 170]
OUTLINE_LAYER_ID = "outlines"
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


def render_kind_chart(counts: Mapping[str, int], *, key: str, title: str = "Deals by kind") -> None:
    """Horizontal bars, one per kind, each labelled (tall enough that no label is skipped)."""
    frame = pd.DataFrame({"Kind": list(counts), "Deals": list(counts.values())})
    chart = (
        alt.Chart(frame, title=title)
        .mark_bar()
        .encode(
            y=alt.Y("Kind:N", sort=None, title=None, axis=alt.Axis(labelOverlap=False, labelLimit=220, labelFontSize=13)),
            # A few whole-number ticks: a narrow panel's default ticks ran into each other.
            x=alt.X("Deals:Q", title="Deals", axis=alt.Axis(tickMinStep=1, format="d", tickCount=4, labelFontSize=12)),
            tooltip=["Kind", "Deals"],
        )
        # Each kind a band of KIND_BAR_PX, and never under MIN_KIND_CHART_PX: one or two kinds
        # drew a 60 px chart whose title, labels and axis ran into each other.
        .properties(height=max(KIND_BAR_PX * len(frame), MIN_KIND_CHART_PX))
        .configure_title(fontSize=14, anchor="start", offset=8)
    )
    st.altair_chart(chart, key=key, use_container_width=True)


def render_month_chart(counts: Mapping[str, int], *, key: str, title: str = "Deals by month", measure: str = "Deals") -> None:
    """Bars on a time axis (`YYYY-MM` keys): a month without deals is a gap, not a neighbour."""
    frame = pd.DataFrame({"Month": pd.to_datetime(list(counts), format="%Y-%m", errors="coerce"), measure: list(counts.values())})
    frame = frame.dropna(subset=["Month"])
    chart = (
        alt.Chart(frame, title=title)
        .mark_bar()
        .encode(
            x=alt.X("yearmonth(Month):T", title=None),
            y=alt.Y(f"{measure}:Q", title=measure, axis=alt.Axis(tickMinStep=1, format="d")),
            tooltip=[alt.Tooltip("yearmonth(Month):T", title="Month"), measure],
        )
        .properties(height=200)
    )
    st.altair_chart(chart, key=key, use_container_width=True)


def map_provider_for(basemap: bool) -> str | None:
    """Without a basemap (`DEEDSCOPE_BASEMAP=none`: tests, offline) the map draws no tiles, so needs no network."""
    return "carto" if basemap else None


# A chart's width when it is not known (half a wide page): the fit errs wide, never cropping.
ASSUMED_WIDTH_PX = 480
# Room kept around what a small map shows (its corner buttons sit over the edges).
FIT_MARGIN = 0.2


def _view_of(latitudes: Sequence[float], longitudes: Sequence[float], *, height: int = 320) -> pydeck.ViewState:
    """The view that shows every point whole in a map `height` px tall (deck.gl's zoom counts
    512-px tiles; latitude compared in Mercator units), with a margin for the map's buttons."""
    west, east = min(longitudes), max(longitudes)
    south, north = min(latitudes), max(latitudes)

    def mercator_y(latitude: float) -> float:
        return math.log(math.tan(math.pi / 4 + math.radians(max(min(latitude, 85.0), -85.0)) / 2))

    longitude_span = max(east - west, 0.01) * (1 + 2 * FIT_MARGIN)
    latitude_span = max(mercator_y(north) - mercator_y(south), 0.0002) * (1 + 2 * FIT_MARGIN)
    zoom_x = math.log2(ASSUMED_WIDTH_PX * 360 / (512 * longitude_span))
    zoom_y = math.log2(height * 2 * math.pi / (512 * latitude_span))
    zoom = max(1.0, min(14.0, zoom_x, zoom_y))
    latitude = math.degrees(2 * math.atan(math.exp((mercator_y(north) + mercator_y(south)) / 2)) - math.pi / 2)
    return pydeck.ViewState(latitude=latitude, longitude=(west + east) / 2, zoom=zoom)


def render_points_map(
    points: pd.DataFrame,
    *,
    key: str,
    basemap: bool,
    tooltip: str = "{label}",
    height: int = 320,
    frames: Sequence[dict] = (),
    outlines: Sequence[Sequence[Sequence[float]]] = (),
) -> None:
    """Points (`latitude`, `longitude`, `label`) on a small map; rows without a position are left out.
    `outlines` (paths of longitude, latitude: the states' borders) are drawn under everything.

    `frames` (`label`, `bbox` = west, south, east, north), e.g. the market the points are in, are
    outlined and named under the points, and the view takes them in whole: the points' context."""
    located = points.dropna(subset=["latitude", "longitude"]) if not points.empty else points
    if located.empty:
        st.caption("No mapped positions.")
        return
    layer = pydeck.Layer(
        "ScatterplotLayer",
        data=located,
        get_position=["longitude", "latitude"],
        get_fill_color=POINT_COLOR,
        get_radius=60,
        radius_min_pixels=3,
        radius_max_pixels=10,
        pickable=True,
    )
    polygons = _box_polygons(frames)
    latitudes = located["latitude"].tolist() + [point[1] for polygon in polygons for point in polygon["polygon"]]
    longitudes = located["longitude"].tolist() + [point[0] for polygon in polygons for point in polygon["polygon"]]
    deck = pydeck.Deck(
        layers=[*outline_layer(outlines), *_box_layers(polygons, filled=False), layer],
        initial_view_state=_view_of(latitudes, longitudes, height=height),
        map_provider=map_provider_for(basemap),
        map_style=None,
        tooltip={"text": tooltip},
    )
    st.pydeck_chart(deck, key=key, height=height)


def _box_polygons(boxes: Sequence[dict]) -> list[dict]:
    return [
        {
            "label": box["label"],
            "polygon": [[w, s], [e, s], [e, n], [w, n], [w, s]],
        }
        for box in boxes
        if box.get("bbox") and len(box["bbox"]) == 4
        for (w, s, e, n) in [box["bbox"]]
    ]


def _box_layers(polygons: list[dict], *, filled: bool = True) -> list[pydeck.Layer]:
    """The boxes outlined (filled pale when `filled`), each named at its north-west corner."""
    if not polygons:
        return []
    layer = pydeck.Layer(
        "PolygonLayer",
        data=polygons,
        get_polygon="polygon",
        get_fill_color=BOX_FILL_COLOR,
        get_line_color=BOX_LINE_COLOR,
        line_width_min_pixels=2,
        stroked=True,
        filled=filled,
        pickable=filled,
    )
    # Labels on the boxes themselves: without a basemap nothing else says which box is which.
    labels = pydeck.Layer(
        "TextLayer",
        data=[{"label": polygon["label"].split(" · ")[0], "position": polygon["polygon"][3]} for polygon in polygons],
        get_position="position",
        get_text="label",
        get_size=14,
        get_color=[20, 40, 90, 255],
        get_text_anchor="'start'",
        get_alignment_baseline="'bottom'",
    )
    return [layer, labels]


def outline_layer(paths: Sequence[Sequence[Sequence[float]]]) -> list[pydeck.Layer]:
    """Borders (paths of longitude, latitude) as thin grey lines: a map's context, drawn under
    what it shows, never picked."""
    if not paths:
        return []
    return [pydeck.Layer(
        "PathLayer", id=OUTLINE_LAYER_ID, data=[{"path": [list(point) for point in path]} for path in paths],
        get_path="path", get_color=OUTLINE_COLOR, width_units="'pixels'", get_width=1, width_min_pixels=1,
        pickable=False,
    )]


def render_boxes_map(
    boxes: Sequence[dict],
    *,
    key: str,
    basemap: bool,
    height: int = 360,
    outlines: Sequence[Sequence[Sequence[float]]] = (),
) -> None:
    """Bounding boxes (`label`, `bbox` = west, south, east, north) outlined on a small map, over
    `outlines` (e.g. the states' borders) when given."""
    polygons = _box_polygons(boxes)
    if not polygons:
        st.caption("No market boxes to draw.")
        return
    latitudes = [point[1] for polygon in polygons for point in polygon["polygon"]]
    longitudes = [point[0] for polygon in polygons for point in polygon["polygon"]]
    deck = pydeck.Deck(
        layers=[*outline_layer(outlines), *_box_layers(polygons)],
        initial_view_state=_view_of(latitudes, longitudes, height=height),
        map_provider=map_provider_for(basemap),
        map_style=None,
        tooltip={"text": "{label}"},
    )
    st.pydeck_chart(deck, key=key, height=height)
