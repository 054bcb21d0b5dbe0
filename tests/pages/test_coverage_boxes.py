"""The Coverage page's map of market boxes shows every market whole, clear of the map's
corner buttons (issue 16, Coverage: a market was hidden under the zoom buttons), over the
states' borders and with the cities' names (issue 30: drawn by the map element's script)."""

from __future__ import annotations

from tests.pages.apptest import api_get, page_path, run_page
from tests.pages.small_maps import kinds, layer_by_id, small_maps

# Room kept on each side of the boxes, as a share of their span: the buttons sit over the edges.
LEAST_ROOM = 0.1


def test_every_market_box_is_shown_with_room_around_it_over_the_borders(app_env):
    app = run_page(page_path("coverage"))
    assert not app.exception
    [spec] = small_maps(app)
    west, south, east, north = spec["view"]["bounds"]
    markets = api_get(app_env, "/v1/coverage")["data"]["markets"]
    boxes = [market["bbox"] for market in markets]
    span_x = max(box[2] for box in boxes) - min(box[0] for box in boxes)
    span_y = max(box[3] for box in boxes) - min(box[1] for box in boxes)
    for box_west, box_south, box_east, box_north in boxes:
        assert box_west - west >= LEAST_ROOM * span_x and east - box_east >= LEAST_ROOM * span_x
        assert box_south - south >= LEAST_ROOM * span_y and north - box_north >= LEAST_ROOM * span_y
    assert kinds(spec).index("paths") < kinds(spec).index("polygons"), kinds(spec)
    points = [point for row in layer_by_id(spec, "state-borders")["rows"] for point in row["path"]]
    assert len(points) > 1_000
    # The borders reach every market's box: each has a border within a few degrees of it.
    for box_west, box_south, box_east, box_north in boxes:
        assert any(box_west - 3 <= x <= box_east + 3 and box_south - 3 <= y <= box_north + 3 for x, y in points)
    # Not an empty canvas without tiles: the cities' names, hidden only under tiles.
    cities = layer_by_id(spec, "city-names")
    assert cities["rows"] and cities["underTiles"] is False
    names = {row["t"] for row in layer_by_id(spec, "box-names")["rows"]}
    assert names == {market["market"] for market in markets}
