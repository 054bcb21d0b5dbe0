"""The Map page's keys in the session state, shared by the page and its sections."""

PLACE_KEY = "map_place"
FILTERS_KEY = "map_filters"
COLOUR_KEY = "map_colour"
TIME_KEY = "map_time"
CHART_KEY = "map_chart"
SELECTED_CELL = "map_cell"
LAST_PICK = "map_last_pick"
LAST_VIEW = "map_last_view"
LAST_DRAWN = "map_last_drawn"
VIEW_OVERRIDE = "map_view_override"
AREA_KEY = "map_area"  # the drawn area (mapspec.area.Area) or None
LAST_AREA = "map_last_area"  # the map's last report of its area
RESTORED = "map_restored"
