"""Whether the map draws tiles: the setting says so, or, on "auto", the tiles answer.

A map without tiles draws market outlines and city names itself (components/map_layers.py)
so it stays readable: on a machine without internet (a sales demo on the road) the tile
server cannot load, and a map waiting for tiles that never come shows hexagons on blank.
The browser loads the tiles, not this server; on "auto" the server asks the tiles' style
once in a while, as the best sign it has of whether the browser will get them.
"""

from __future__ import annotations

from collections.abc import Callable

import httpx2

AUTO = "auto"
ALWAYS = "carto"
NEVER_WORDS = frozenset({"none", "off", "false", "0"})
# Long enough for a style file over a slow link; short, as a page waits for the answer.
PROBE_TIMEOUT_S = 1.5


def tiles_reachable(style_url: str, *, timeout_s: float = PROBE_TIMEOUT_S) -> bool:
    """True when the tiles' style answers 200 within the timeout."""
    try:
        response = httpx2.get(style_url, timeout=timeout_s, follow_redirects=True)
    except httpx2.HTTPError:
        return False
    return response.status_code == 200


def tiles_wanted(setting: str | None, reachable: Callable[[], bool]) -> bool:
    """Whether the map opens on tiles, from the setting (`DEEDSCOPE_BASEMAP`): "none" never,
    "carto" always, "auto" (the default, also for a value it does not know) when
    `reachable()` says the tiles answer. The Map page's own switch still offers them, and
    says so when the browser cannot reach them (frontend/src/basemap.js)."""
    mode = (setting or AUTO).strip().lower()
    if mode in NEVER_WORDS:
        return False
    if mode == ALWAYS:
        return True
    return reachable()
