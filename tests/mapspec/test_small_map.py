"""mapspec/small_map.py: the small maps' message, as frontend/src/small_message.json defines it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mapspec.small_map import BORDERS_LAYER, CITIES_LAYER, LEAST_SPAN_DEG, MARGIN, bounds_of, graph, layer, place_map

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "frontend" / "src" / "small_message.json").read_text())
DALLAS = [-97.0, 32.6, -96.5, 33.0]


def sent(spec: dict) -> dict:
    """As components/small_map.py sends it."""
    return {**spec, "script": "app/static/map-element/x.js", "height": 320}


@pytest.mark.parametrize("spec", [
    pytest.param(place_map([layer("points", "p", [{"p": [-96.8, 32.8], "tip": "here"}])], bounds=DALLAS, basemap=False,
                           label="a map"), id="places"),
    pytest.param(graph([layer("lines", "e", [{"from": [0, 0], "to": [1, 1]}])], target=[0, 0], zoom=1.4, label="a graph"),
                 id="graph"),
])
def test_the_page_sends_exactly_the_fields_the_script_reads(spec):
    message = sent(spec)
    assert sorted(message) == sorted(SCHEMA["required"]) == sorted(SCHEMA["properties"])
    assert set(message["view"]) <= set(SCHEMA["properties"]["view"]["properties"])
    kinds = SCHEMA["properties"]["layers"]["items"]["properties"]["kind"]["enum"]
    assert all(item["kind"] in kinds and {"kind", "id", "rows"} <= set(item) for item in message["layers"])
    json.dumps(message)  # travels as JSON


def test_a_map_of_places_has_the_maps_offline_context_around_what_it_shows():
    spec = place_map([layer("points", "p", [{"p": [-96.8, 32.8]}])], bounds=DALLAS, basemap=True, label="a map")
    ids = [item["id"] for item in spec["layers"]]
    assert ids == [BORDERS_LAYER, "p", CITIES_LAYER], "the borders under, the names over"
    names = {row["t"] for row in spec["layers"][-1]["rows"]}
    assert "Dallas" in names
    assert spec["layers"][-1]["underTiles"] is False, "the tiles carry their own names"
    assert spec["tilesShown"] is True and spec["tiles"]
    assert len(spec["layers"][0]["rows"]) > 0, "Texas's borders near Dallas"


def test_a_graph_has_no_tiles_and_no_places():
    spec = graph([], target=[0, 0], zoom=1.4, label="a graph")
    assert spec["graph"] is True and spec["tiles"] is None and spec["tilesShown"] is False


@pytest.mark.parametrize("points, least", [
    pytest.param([[-96.8, 32.8]], LEAST_SPAN_DEG, id="one-parcel"),
    pytest.param([[-97.0, 32.0], [-96.0, 33.0]], 1.0, id="a-market"),
])
def test_bounds_hold_every_point_with_room_and_never_collapse(points, least):
    west, south, east, north = bounds_of(points)
    assert east - west >= least * (1 + 2 * MARGIN) - 1e-9 and north - south >= least * (1 + 2 * MARGIN) - 1e-9
    for x, y in points:
        assert west < x < east and south < y < north
