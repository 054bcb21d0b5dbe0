"""The message between the Map page and its script: what `build_spec` writes is what
frontend/src/message.json defines (the script's side: frontend/test/message.test.js)."""

from __future__ import annotations

import h3
import jsonschema
import pandas as pd
import pytest

from mapspec import message
from mapspec.area import Area
from mapspec.labels import CityLabel
from mapspec.layers import CELLS_LAYER, build_spec
from mapspec.markets import MarketShape
from mapspec.view import View, camera

DALLAS = View(-97.58, 32.54, -96.34, 33.41)
WIDE = View(-106.6, 25.8, -93.5, 36.5)
# The state's definition, with the definitions it refers to.
STATE_SCHEMA = {**message.SCHEMA["$defs"]["state"], "$defs": message.SCHEMA["$defs"]}


def frame_around(view: View, rings: int) -> pd.DataFrame:
    """Cells around the view's centre; around a pentagon (ring form) for a wide view."""
    latitude, longitude = view.center
    centre = h3.latlng_to_cell(latitude, longitude, 8) if view is DALLAS else h3.get_pentagons(7)[0]
    cells = sorted(h3.grid_disk(centre, rings))
    return pd.DataFrame({"cell": cells, "n_deals": range(1, len(cells) + 1), "n_investors": 1, "median_price": 250_000.0})


def test_the_schema_is_a_schema():
    jsonschema.Draft202012Validator.check_schema(message.SCHEMA)
    assert (message.CENTRE_FORM, message.RING_FORM) == ("centre", "ring")
    assert (message.PICK, message.VIEW, message.AREA) == ("pick", "view", "area")


@pytest.mark.parametrize(
    ("view", "basemap", "selected", "urls", "area"),
    [
        pytest.param(DALLAS, False, None, {}, None, id="centre-form-inline-no-tiles"),
        pytest.param(DALLAS, True, "8826c86015fffff", {CELLS_LAYER: "app/static/map-cells/a.json"}, None, id="tiles-a-cell-rows-by-url"),
        pytest.param(WIDE, False, None, {}, None, id="ring-form"),
        pytest.param(DALLAS, False, None, {}, Area.of([(-96.8, 32.7), (-96.7, 32.7), (-96.75, 32.8)]), id="an-area-drawn"),
    ],
)
def test_the_message_built_is_the_one_defined(view, basemap, selected, urls, area):
    frame = frame_around(view, 6)
    flagged = MarketShape("W", "West", (view.west, view.south, view.center[1], view.north), "2026-10-31", flag="stale: permits")
    plain = MarketShape("E", "East", (view.center[1], view.south, view.east, view.north), "2026-09-30")
    spec = build_spec(frame, camera=camera(view), markets=[flagged, plain], labels=[CityLabel("Dallas", 32.78, -96.8)], basemap=basemap)
    data = message.element_data(spec.data(urls, selected=selected, area=area), script_url="app/static/map-element/x.js", height=560)
    jsonschema.validate(data, message.SCHEMA, cls=jsonschema.Draft202012Validator)
    assert data["area"] == (area.points() if area else None)
    assert set(data) == set(message.FIELDS), "every field the script reads, and no other"
    assert data["form"] == (message.CENTRE_FORM if view is DALLAS else message.RING_FORM)


def test_a_field_the_schema_does_not_name_is_caught():
    spec = build_spec(frame_around(DALLAS, 1), camera=camera(DALLAS))
    data = message.element_data(spec.data({}), script_url="x.js", height=560)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**data, "extra": 1}, message.SCHEMA)
    without_form = {name: value for name, value in data.items() if name != "form"}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(without_form, message.SCHEMA)


def test_the_state_the_page_reads_is_the_one_defined():
    state = {
        "pick": [1, 2, 3], "view": {"bbox": [1, 2, 3, 4], "camera": {"latitude": 1, "longitude": 2, "zoom": 3}},
        "area": {"corners": [[-96.8, 32.7], [-96.7, 32.7], [-96.75, 32.8]], "at": 1700000000000},
    }
    jsonschema.validate(state, STATE_SCHEMA)
    assert message.reported_area(state) == message.ReportedArea(((-96.8, 32.7), (-96.7, 32.7), (-96.75, 32.8)), 1700000000000.0)
    cleared = {"area": {"corners": None, "at": 1700000000001}}
    jsonschema.validate(cleared, STATE_SCHEMA)
    assert message.reported_area(cleared) == message.ReportedArea(None, 1700000000001.0)
    assert message.reported_area({"pick": None}) is None


def test_an_area_of_two_corners_is_not_a_message():
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"area": {"corners": [[0, 0], [1, 1]], "at": 1}}, STATE_SCHEMA)


def test_the_legend_and_the_picture_the_page_writes_are_the_ones_defined():
    from mapspec.legend import legend_message, picture_message
    from mapspec.classes import DEALS, QUANTILE, Classes

    spec = build_spec(frame_around(DALLAS, 2), camera=camera(DALLAS))
    markets = [MarketShape("DFW", "Dallas-Fort Worth", (DALLAS.west, DALLAS.south, DALLAS.east, DALLAS.north), "2026-10-31", flag="stale: permits")]
    legend = legend_message(Classes(DEALS, QUANTILE, (1.0, 3.0, 9.0)), resolution=8, n_cells=19, markets=markets)
    picture = picture_message("Filters: any date, kind, price", markets)
    data = message.element_data(spec.data({}), script_url="x.js", height=480, legend=legend, picture=picture)
    jsonschema.validate(data, message.SCHEMA, cls=jsonschema.Draft202012Validator)
    assert [item["label"] for item in data["legend"]["classes"]] == ["1–2", "3–8", "9+"]
    assert data["picture"] == {
        "lines": ["Filters: any date, kind, price", "Data as of: Dallas-Fort Worth 2026-10-31"], "fileName": "deedscope-map-DFW.png",
    }
    assert legend_message(Classes(DEALS, QUANTILE, (1.0,)), resolution=8, n_cells=0) is None, "no cells: no legend"
