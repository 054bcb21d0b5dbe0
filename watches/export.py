"""The watch list as a JSON file a person keeps or moves to another browser, and its checked reading.

    {"format": "deedscope-watches", "version": 1, "exported_at": "2026-11-27T10:00:00Z",
     "watches": [{"kind": "view", "target": {"market": "DFW", "zip": "75201,75204", "kind": "flip"},
                  "name": "ZIPs 75201, 75204 · flips", "added_at": "…",
                  "seen": {"version": "3", "data_end": "2026-10-31",
                           "figures": {"count": 120, "by_month": [["2026-10", 4]], "last_on": null}}}]}

A file is read whole or refused whole (`ImportRefused`, in a person's words, nothing changed): one
that is not JSON (corrupt), not this format (foreign), of a newer version, with more watches than a
list holds, or with a watch whose kind, target, name or figures do not read. Only the fields above
are taken: whatever else a file holds is never stored.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from links.map import parse as parse_map_link
from mapspec.place import place_request
from services.contract import ID_PATTERNS, ID_EXAMPLES
from watches.model import KINDS, MAX_WATCHES, VIEW, Seen, Watch, canonical, cut_name
from watches.targets import VIEW_NAMES, place_and_filters

FORMAT = "deedscope-watches"
VERSION = 1
# A list of 50 watches with their months is a few tens of KB; a file far past that is no watch list.
MAX_FILE_BYTES = 512 * 1024
MAX_MONTHS = 600
ID_KIND = {"investor": "investor", "parcel": "property", "lender": "lender", "wholesaler": "wholesaler"}


class ImportRefused(ValueError):
    """A file refused whole; its message says why in a person's words."""


def write_file(watches: Sequence[Watch], exported_at: str) -> bytes:
    body = {"format": FORMAT, "version": VERSION, "exported_at": exported_at,
            "watches": [watch.to_json() for watch in watches]}
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def read_file(data: bytes) -> list[Watch]:
    """The watches a file holds, each checked; `ImportRefused` for a file that is not a watch list."""
    if len(data) > MAX_FILE_BYTES:
        raise ImportRefused(f"This file is {len(data) // 1024:,} KB, far more than a watch list: choose the file "
                            "deedscope's Export gave you.")
    try:
        body = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ImportRefused("This file does not read as a watch list: it is damaged or not the file deedscope's "
                            "Export gave you.") from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise ImportRefused("This file is not a deedscope watch list: it was made by something else.")
    if not isinstance(body.get("version"), int) or body["version"] > VERSION:
        raise ImportRefused("This watch list was made by a newer deedscope than this one: it cannot be read here.")
    watches = body.get("watches")
    if not isinstance(watches, list):
        raise ImportRefused("This watch list holds no list of watches: it is damaged.")
    if len(watches) > MAX_WATCHES:
        raise ImportRefused(f"This file holds {len(watches)} watches; a list holds at most {MAX_WATCHES}.")
    return [_watch(item, number) for number, item in enumerate(watches, start=1)]


def _watch(item: Any, number: int) -> Watch:
    if not isinstance(item, Mapping):
        raise ImportRefused(f"The file's watch {number} is not a watch: the file is damaged.")
    name = item.get("name")
    shown = f" ({cut_name(name)[:40]})" if isinstance(name, str) and name.strip() else ""

    def refuse(reason: str) -> ImportRefused:
        return ImportRefused(f"The file's watch {number}{shown} does not read: {reason}. Nothing was imported.")

    kind = item.get("kind")
    if kind not in KINDS:
        raise refuse("it follows nothing deedscope watches (a place, an investor, a property, a lender or a wholesaler)")
    if not isinstance(name, str) or not name.strip():
        raise refuse("it has no name")
    target = item.get("target")
    if not isinstance(target, Mapping) or not all(isinstance(value, (str, int, float)) for value in target.values()):
        raise refuse("what it follows is missing")
    problem = _view_problem(target) if kind == VIEW else _id_problem(kind, target)
    if problem:
        raise refuse(problem)
    try:
        added_at = datetime.fromisoformat(str(item.get("added_at")).replace("Z", "+00:00")).isoformat()
        seen = None if item.get("seen") is None else _seen(item["seen"])
    except (TypeError, ValueError, AttributeError) as reason:
        raise refuse(f"its dates or counts do not read ({reason})") from None
    kept = {name: str(value) for name, value in target.items() if name in (VIEW_NAMES if kind == VIEW else ("id",))}
    return Watch(kind, canonical(kept), cut_name(name), added_at, seen)


def _view_problem(target: Mapping[str, Any]) -> str | None:
    unknown = sorted(set(target) - set(VIEW_NAMES))
    if unknown:
        return "its place holds something a Map link does not"
    link = parse_map_link({name: str(value) for name, value in target.items()})
    if link.problems:
        return link.problems[0].rstrip(".")
    if not link.market:
        return "its place names no market"
    problem = place_request(place_and_filters(link)[0], None)[2]
    return None if problem is None else problem.rstrip(".")


def _id_problem(kind: str, target: Mapping[str, Any]) -> str | None:
    record_id = target.get("id")
    id_kind = ID_KIND[kind]
    if not isinstance(record_id, str) or not ID_PATTERNS[id_kind].fullmatch(record_id):
        return f"its {kind}'s id is not {ID_EXAMPLES[id_kind]}"
    return None


def _seen(value: Any) -> Seen:
    if not isinstance(value, Mapping):
        raise ValueError("what was seen is not an object")
    data_end = value.get("data_end")
    if data_end is not None:
        date.fromisoformat(str(data_end))
    figures = value.get("figures") or {}
    if not isinstance(figures, Mapping):
        raise ValueError("the figures are not an object")
    count = figures.get("count")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 0):
        raise ValueError("a count is no whole number")
    months = figures.get("by_month") or []
    if not isinstance(months, list) or len(months) > MAX_MONTHS:
        raise ValueError("the months are not a list")
    for month, n in months:
        date.fromisoformat(f"{month}-01")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError("a month's count is no whole number")
    if figures.get("last_on") is not None:
        date.fromisoformat(str(figures["last_on"]))
    return Seen.from_json(value)


def refused_in_words(error: Exception) -> str:
    """What the page says for any failure of an import (a refusal's own words, else a plain one)."""
    if isinstance(error, ImportRefused):
        return str(error)
    return "This file could not be read as a watch list. Nothing was imported."
