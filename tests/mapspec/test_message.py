"""The message between the Map page and its script: what `build_spec` writes is what
frontend/src/message.json defines (the script's side: frontend/test/message.test.js)."""

from __future__ import annotations

import h3
import jsonschema
import pandas as pd
import pytest

from mapspec import message
from mapspec.labels import CityLabel
from mapspec.layers import CELLS_LAYER, build_spec
from mapspec.markets import MarketShape
from mapspec.view import View, camera

DALLAS = View(-97.58, 32.54, -96.34, 33.41)
WIDE = View(-106.6, 25.8, -93.5, 36.5)


def frame_around(view: View, rings: int) -> pd.DataFrame:
    """Cells around the view's centre; around a pentagon (ring form) for a wide view."""
    latitude, longitude = view.center
    centre = h3.latlng_to_cell(latitude, longitude, 8) if view is DALLAS else h3.get_pentagons(7)[0]
    cells = sorted(h3.grid_disk(centre, rings))
    return pd.DataFrame({"cell": cells, "n_deals": range(1, len(cells) + 1), "n_investors": 1, "median_price": 250_000.0})


def test_the_schema_is_a_schema():
    jsonschema.Draft202012Validator.check_schema(message.SCHEMA)
    assert (message.CENTRE_FORM, message.RING_FORM) == ("centre", "ring")
    assert (message.PICK, message.VIEW) == ("pick", "view")


@pytest.mark.parametrize(
    ("view", "basemap", "selected", "urls"),
    [
        pytest.param(DALLAS, False, None, {}, id="centre-form-inline-no-tiles"),
        pytest.param(DALLAS, True, "8826c86015fffff", {CELLS_LAYER: "app/static/map-cells/a.json"}, id="tiles-a-cell-rows-by-url"),
        pytest.param(WIDE, False, None, {}, id="ring-form"),
    ],
)
def test_the_message_built_is_the_one_defined(view, basemap, selected, urls):
    frame = frame_around(view, 6)
    flagged = MarketShape("W", "West", (view.west, view.south, view.center[1], view.north), "2026-10-31", flag="stale: permits")
    plain = MarketShape("E", "East", (view.center[1], view.south, view.east, view.north), "2026-09-30")
    spec = build_spec(frame, camera=camera(view), markets=[flagged, plain], labels=[CityLabel("Dallas", 32.78, -96.8)], basemap=basemap)
    data = message.element_data(spec.data(urls, selected=selected), script_url="app/static/map-element/x.js", height=560)
    jsonschema.validate(data, message.SCHEMA, cls=jsonschema.Draft202012Validator)
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
    jsonschema.validate({"pick": [1, 2, 3], "view": {"bbox": [1, 2, 3, 4], "camera": {"latitude": 1, "longitude": 2, "zoom": 3}}},
                        message.SCHEMA["$defs"]["state"])
