"""The map's logic, without Streamlit: what the Map page draws and how its link reads.

Plain functions over plain values, tested as such (tests/mapspec/); the adapter
(adapter/map_files.py) adds the cache and the published files, the page the widgets.

- `mapspec.view`: a `View` (a box), the H3 resolution that fits it, the camera, a cell's
  circle; the map's size on the page.
- `mapspec.place`: the place picked (`PlaceChoice`) as a request and a view.
- `mapspec.filters`: the deal filters (`DealFilters`) and their label.
- `mapspec.plan`: `draw_view`, from a view and a read of its cells to the spec.
- `mapspec.layers`: `MapSpec` and `build_spec`, the element's message.
- `mapspec.cells`: the cells' rows (centre or ring form) and the hexagon's shape.
- `mapspec.markets`, `mapspec.labels`: market frames; city names for maps without tiles.
- `mapspec.message`: the message's definition (frontend/src/message.json), shared with
  the map's script.
- `links.map`: the page's link, `parse` and `write`.
- `mapspec.area`: an area drawn on the map, the cells and deals in it.
- `mapspec.small_map`: the other pages' small maps and the network graph, as the map
  element's script draws them (one deck.gl in the tab).
"""
