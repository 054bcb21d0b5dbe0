"""The Coverage page's map of market boxes shows every market whole, clear of the map's
corner buttons (issue 16, Coverage: a market was hidden under the zoom buttons)."""

from __future__ import annotations

import math

from components.charts import ASSUMED_WIDTH_PX, _view_of
from tests.pages.apptest import api_get

HEIGHT_PX = 360
# The map's buttons take about this much of each edge.
BUTTONS_PX = 40


def pixel(view, latitude: float, longitude: float) -> tuple[float, float]:
    """Where deck.gl draws a point, from the map's centre (512-px tiles, Web Mercator)."""
    scale = 512 * 2**view.zoom

    def mercator_y(value: float) -> float:
        return math.log(math.tan(math.pi / 4 + math.radians(value) / 2))

    x = (longitude - view.longitude) / 360 * scale
    y = (mercator_y(latitude) - mercator_y(view.latitude)) / (2 * math.pi) * scale
    return x, y


def test_every_market_box_is_drawn_clear_of_the_edges(app_env):
    markets = api_get(app_env, "/v1/coverage")["data"]["markets"]
    corners = [(lat, lng) for market in markets for (w, s, e, n) in [market["bbox"]] for lat in (s, n) for lng in (w, e)]
    view = _view_of([lat for lat, _ in corners], [lng for _, lng in corners], height=HEIGHT_PX)
    for latitude, longitude in corners:
        x, y = pixel(view, latitude, longitude)
        assert abs(x) <= ASSUMED_WIDTH_PX / 2 - BUTTONS_PX, (latitude, longitude, x)
        assert abs(y) <= HEIGHT_PX / 2 - BUTTONS_PX, (latitude, longitude, y)


def test_the_states_borders_are_drawn_under_the_market_boxes(app_env):
    import json

    from tests.pages.apptest import page_path, run_page

    app = run_page(page_path("coverage"))
    assert not app.exception
    spec = json.loads(app.get("deck_gl_json_chart")[-1].proto.json)
    kinds = [layer["@@type"] for layer in spec["layers"]]
    assert kinds.index("PathLayer") < kinds.index("PolygonLayer"), kinds
    outlines = next(layer for layer in spec["layers"] if layer["@@type"] == "PathLayer")
    points = [point for row in outlines["data"] for point in row["path"]]
    assert len(points) > 1_000
    # The borders reach every market's box: each has a border within a few degrees of it.
    for market in api_get(app_env, "/v1/coverage")["data"]["markets"]:
        west, south, east, north = market["bbox"]
        assert any(west - 3 <= x <= east + 3 and south - 3 <= y <= north + 3 for x, y in points), market["market"]
