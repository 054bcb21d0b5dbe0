"""The Map's first view of a link, read by the server outside any session (issue 45).

A browser that has never seen the app paints a shared link's map before Streamlit starts
(web/first_paint.py answers it; frontend/src/first_visit.js paints it). What it paints is
what the Map page's first run draws for that link, reached by the same steps: the link as the
page restores it (`links.map.restored`), through the page's own state and its reducer
(`mapspec.map_state`: `settle`, `ControlsChanged`, `CellPicked`), the same view
(`request_for_view`), the same drawing (`adapter.map_files.drawing`,
`adapter.map_classes.classes_of_market`) and the same message (`mapspec.legend.map_message`,
`mapspec.message.element_data`). Where the page has something to say (a link that does
not read, a market not served, a place or filters that do not read, months playing, a view
whose cells came coarser than asked), there is no first view: nothing is painted early and
the page says it, as before.

Every read is free (`GET /v1/dataset` to know the version, the coverage, the cells), made by
the process's own `DataApi` over the shared store, whose cache keys on the dataset version;
it retries nothing (a first paint that waits is not first).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd

from adapter.map_classes import classes_of_market
from adapter.map_files import drawing, map_data_urls, map_script_url
from adapter.settings import basemap_enabled, settings, settings_fingerprint
from adapter.stores import stores
from adapter.values import frozen
from links import map as map_link
from mapspec.legend import map_message
from mapspec.markets import market_box, market_codes, market_named
from mapspec.map_state import (
    CellPicked, ControlsChanged, LinkRestored, MapDrawnAnew, MapState, controls_in, reduce, reduce_all, settle,
)
from mapspec.message import element_data
from mapspec.place import CITY, ZIP_CODES, place_request, request_for_view
from mapspec.view import MAP_HEIGHT_PX, choose_resolution
from services.data_api import DataApi
from services.data_api.models import CoverageMarket
from services.transport import new_http_client


@dataclass(frozen=True)
class LinkView:
    """The map's whole message for the link's first run (`reportPaint` off), the rows of
    each layer it names by URL (JSON text), and the dataset version they were read at."""

    version: str
    message: dict[str, Any]
    rows: dict[str, str]
    place_mode: str  # where the controls above the map stand taller (mapspec.place.controls_px)


@functools.lru_cache(maxsize=4)
def _server_api(fingerprint: str) -> DataApi:
    # One per process and settings: its own HTTP client, the process's shared store.
    return DataApi(settings(), http_client=new_http_client(), cache=stores().cache, max_retry_wait=0.0, max_attempts=1)


def server_api() -> DataApi:
    """The process's own client for free reads outside a session (no meter a person sees)."""
    return _server_api(settings_fingerprint())


def dataset_version() -> str:
    """The dataset version the service serves now (`GET /v1/dataset`, unmetered), asked each
    time: a republish changes what the very next browser is served."""
    return str(server_api().dataset().dataset_version)


def link_view(query: Mapping[str, str], version: str) -> LinkView | None:
    """The link's first view at `version`; None where the page would say something first, or
    when the service turned to another version while it was read (never a mixed map)."""
    api = server_api()
    markets = api.coverage.retrieve().markets
    codes = market_codes(markets)
    restored = map_link.restored(map_link.parse(query), codes)
    if not codes or restored.problems:
        return None
    message = _first_message(restored, markets, codes, _reader(api))
    if message is None or str(api.dataset_version) != version:
        return None
    data, rows, mode = message
    return LinkView(version, data, rows, mode)


def _reader(api: DataApi):
    def read(place: Mapping[str, Any], filters: Mapping[str, Any], resolution: int) -> pd.DataFrame:
        # As adapter.data.deal_cells asks: None values left out, lists as tuples.
        return api.deals.cells_frame(**dict(frozen(place)), **dict(frozen(filters)), resolution=resolution)

    return read


def _first_message(restored: LinkRestored, markets: list[CoverageMarket], codes: list[str], read) -> tuple[dict, dict, str] | None:
    """The page's first run of the link (pages/map.py: main, draw_the_map_first, render_map_and_panel,
    render_the_map, draw_map), or None where that run would say a problem."""
    state, _ = settle(MapState(), restored, None)  # a new session: no widgets drawn yet
    controls = state.controls or controls_in({}, codes)
    state = reduce_all(state, (ControlsChanged(controls), MapDrawnAnew()))
    place, override = controls.place, state.override
    market = market_named(place.market, markets)
    geometry, place_view, problem = place_request(place, market)
    filters, problems = controls.filters.checked()
    typed, breaks_problem = controls.colour.manual()
    view = override.view if override else place_view
    if problem or problems or breaks_problem or controls.time or view is None:
        return None
    request, request_view = request_for_view(place, geometry, place_view, view)
    fit_to_cells = place.mode in (ZIP_CODES, CITY) and override is None
    drawn = drawing(dict(frozen(request)), dict(frozen(filters.params())), request_view.text(), fit_to_cells,
                    markets, basemap_enabled(), read)
    if drawn.spec.n_cells and drawn.resolution != choose_resolution(drawn.view):
        return None  # more cells than the service serves at once: the page says how it drew them
    state = reduce(state, CellPicked(None, drawn.spec.resolution))  # nothing picked: the link's cell stays
    box = market_box(market)
    conditions = dict(frozen(filters.params()))
    colour = controls.colour
    classes = typed or (classes_of_market(box.text(), conditions, colour.metric, colour.computed_method, read)
                        if box else None)
    urls = map_data_urls(drawn.spec)
    shown = map_message(drawn, urls=urls, view=view, camera_at=override.camera if override else None, markets=markets,
                        classes=classes, filters=filters, selected=state.cell, area=state.area)
    data = element_data(shown.data, script_url=map_script_url(), height=MAP_HEIGHT_PX, legend=shown.legend,
                        picture=shown.picture)
    return data, {url: drawn.spec.rows[layer] for layer, url in urls.items()}, place.mode
