"""A shared link's map for a browser that has never seen the app (issue 45).

The Map page's head (web/early_map.py) asks `GET <app>/map/first-paint?<the link's query>`
as the page starts, when the browser remembers no map at this link: the answer comes while
Streamlit's scripts load, and the map's script paints it (frontend/src/first_visit.js)
about a second before Streamlit's browser side mounts the map, which then takes that map
and draws the page's own message in it. The answer is the map's message for the link's
first run and its rows (adapter/link_view.py), as JSON
`{"version": …, "message": {…}, "layout": {…}, "rows": {url: rows}}`, or `204 No Content`
where there is none (a link the page has something to say about, a view whose cells came
coarser than asked, a host that does not answer): nothing is painted early and the page
says what it says.

Right at the dataset version: the version is asked of the service on every answer (the
unmetered probe), and each answer is kept under it, for at most 30
days (data-api.md, Limits 7) in the shared store: Redis with `DEEDSCOPE_CACHE_URL`, so the
replicas share it. A republish makes the next browser's answer a new one. Kept too under
what makes it: the map's script and the code that writes the message (`_code_digest`).
What it holds is what the page sends the map anyway (cells, legend, names; no key, token or
session id) and its reads are free.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import parse_qs

import streamlit as st
from starlette.responses import Response

from adapter import link_view
from adapter.map_files import map_script_url
from adapter.settings import settings_fingerprint
from adapter.stores import stores
from links.map import NAMES, PAGE
from mapspec.place import controls_px
from mapspec.view import MAP_COLUMN_WEIGHTS
from services.contract import CACHE_MAX_TTL_S

LOG = logging.getLogger(__name__)
ROUTE = f"{PAGE}/first-paint"
KEY_PREFIX = "first-paint:"
# Kept as the dataset's entries are: at most 30 days; a new version keys a new answer.
KEPT_S = CACHE_MAX_TTL_S
NOTHING = b""
ROOT = Path(__file__).resolve().parent.parent
# What writes the message: an answer kept from other code is not served.
MESSAGE_CODE = ("adapter/link_view.py", "adapter/map_files.py", "adapter/map_classes.py", "links/map.py", "mapspec")


def route_path() -> str:
    """The route's path under the app's base URL path (`server.baseUrlPath`)."""
    return f"{_base()}/{ROUTE}"


def first_paint_page(path: str, query: str) -> bool:
    """Whether the page asked is the Map's with a link only the Map's names make (another name,
    presenter mode's `present` for one, lays the page out otherwise: nothing early)."""
    rest = path[len(_base()) :] if path.startswith(_base() + "/") else path
    names = parse_qs(query, keep_blank_values=True)
    return rest.strip("/") in ("", PAGE) and set(names) <= set(NAMES)


def _base() -> str:
    base = str(st.get_option("server.baseUrlPath") or "").strip("/")
    return f"/{base}" if base else ""


def first_paint_answer(query: str) -> Response:
    """The link's first paint, or 204 when there is none."""
    try:
        body = _answer_body(query)
    except Exception as error:  # noqa: BLE001 - a host that is down: no first paint, the page says it
        LOG.warning("no first paint for a link (%s)", type(error).__name__)
        body = NOTHING
    headers = {"Cache-Control": "no-store"}
    if body == NOTHING:
        return Response(status_code=204, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


def _answer_body(query: str) -> bytes:
    link = {name: values[-1] for name, values in parse_qs(query, keep_blank_values=True).items()}
    version = link_view.dataset_version()
    key = _key(version, link)
    store = stores().cache
    kept = store.get(key)
    if isinstance(kept, bytes):
        return kept
    found = link_view.link_view(link, version)
    body = NOTHING if found is None else _body(found)
    store.set(key, body, ttl=KEPT_S)
    return body


def _key(version: str, link: Mapping[str, str]) -> str:
    made_by = f"{settings_fingerprint()}|{map_script_url()}|{_code_digest()}"
    asked = json.dumps(sorted(link.items()), separators=(",", ":"))
    return f"{KEY_PREFIX}v{version}:{hashlib.sha256(f'{made_by}|{asked}'.encode()).hexdigest()[:32]}"


def _body(found: link_view.LinkView) -> bytes:
    # The rows are JSON text already: written into the answer as they are.
    layout = {"columns": list(MAP_COLUMN_WEIGHTS), "controls": controls_px(found.place_mode)}
    rows = ",".join(f"{json.dumps(url)}:{text}" for url, text in found.rows.items())
    head = json.dumps({"version": found.version, "message": found.message, "layout": layout}, separators=(",", ":"))
    return f'{head[:-1]},"rows":{{{rows}}}}}'.encode()


@functools.cache
def _code_digest() -> str:
    digest = hashlib.sha256()
    for name in MESSAGE_CODE:
        path = ROOT / name
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            digest.update(file.read_bytes())
    return digest.hexdigest()[:16]
