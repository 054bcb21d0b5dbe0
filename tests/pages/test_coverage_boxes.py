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
