"""A watch, what it follows and what the person saw of it last, as plain JSON between runs.

A watch follows one thing (`kind`): a view of the Map (its place and filters, `target` = the Map
link's parameters), an investor, a parcel, a lender or a wholesaler (`target` = {"id": ...}). Its
`seen` holds the free figures of the publish the person last looked at (`Figures`), which the next
publish's figures are compared with (watches/changes.py). Nothing secret is in a watch: ids, a
name, counts and dates (what is stored and exported is exactly `to_json`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

VIEW, INVESTOR, PARCEL, LENDER, WHOLESALER = "view", "investor", "parcel", "lender", "wholesaler"
KINDS = (VIEW, INVESTOR, PARCEL, LENDER, WHOLESALER)
# issue 47, 6: a list a person can read through; past it, the next watch is refused in words.
MAX_WATCHES = 50
# A watch's name is what a person reads in a row: cut past this many characters.
MAX_NAME_CHARS = 120
# What each kind counts, one and many (the Watching page's words).
COUNTED = {
    VIEW: ("new deal", "new deals"),
    INVESTOR: ("new purchase", "new purchases"),
    PARCEL: ("new deed", "new deeds"),
    LENDER: ("new loan", "new loans"),
    WHOLESALER: ("new listing", "new listings"),
}
KIND_WORDS = {VIEW: "Place", INVESTOR: "Investor", PARCEL: "Property", LENDER: "Lender", WHOLESALER: "Wholesaler"}


@dataclass(frozen=True)
class Figures:
    """A watch's free figures at one publish: how many it counts (deals of the view, the investor's
    purchases, the parcel's deeds, the lender's loans, the wholesaler's listings), per month where
    the free read says so, and the date of the latest."""

    count: int | None = None
    by_month: tuple[tuple[str, int], ...] = ()  # ("2026-11", 4), months in order
    last_on: str | None = None  # ISO date of the latest, where the read names it

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "by_month": [list(month) for month in self.by_month], "last_on": self.last_on}

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Figures:
        count = value.get("count")
        months = tuple((str(month), int(n)) for month, n in value.get("by_month") or ())
        return cls(int(count) if count is not None else None, months, value.get("last_on"))


@dataclass(frozen=True)
class Seen:
    """What the person saw of a watch last: the dataset version and data end, and the figures then."""

    version: str | None
    data_end: str | None  # ISO date
    figures: Figures = field(default_factory=Figures)

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "data_end": self.data_end, "figures": self.figures.to_json()}

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Seen:
        version = value.get("version")
        return cls(None if version is None else str(version), value.get("data_end"),
                   Figures.from_json(value.get("figures") or {}))


@dataclass(frozen=True)
class Watch:
    kind: str
    target: tuple[tuple[str, str], ...]  # sorted (name, value) pairs: hashable, one spelling per target
    name: str
    added_at: str  # ISO timestamp
    seen: Seen | None = None
    # Where the host said the record now lives under another id (an old id followed): said once.
    note: str | None = None

    @property
    def key(self) -> str:
        """What identifies the watch in a list: its kind and target, whatever its name."""
        return self.kind + "|" + "&".join(f"{name}={value}" for name, value in self.target)

    @property
    def token(self) -> str:
        """A short name of the watch that stays its own as others come and go (a widget's key)."""
        return hashlib.sha256(self.key.encode()).hexdigest()[:10]

    @property
    def target_map(self) -> dict[str, str]:
        return dict(self.target)

    @property
    def record_id(self) -> str | None:
        """The followed record's id (an investor, parcel, lender or wholesaler); None for a view."""
        return self.target_map.get("id")

    def seen_at(self, seen: Seen) -> Watch:
        return replace(self, seen=seen, note=None)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "target": dict(self.target), "name": self.name, "added_at": self.added_at,
                "seen": None if self.seen is None else self.seen.to_json(), "note": self.note}


def new_watch(kind: str, target: Mapping[str, str], name: str, added_at: str, seen: Seen | None = None) -> Watch:
    return Watch(kind, canonical(target), cut_name(name), added_at, seen)


def canonical(target: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The target's pairs, empty values left out, sorted by name."""
    return tuple(sorted((str(name), str(value)) for name, value in target.items() if value not in (None, "")))


def cut_name(name: str) -> str:
    name = " ".join(str(name).split())
    return name if len(name) <= MAX_NAME_CHARS else name[: MAX_NAME_CHARS - 1] + "…"


def from_json(value: Mapping[str, Any]) -> Watch:
    """A stored watch (raises KeyError, TypeError or ValueError on one this code did not write)."""
    kind = value["kind"]
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}")
    target = value["target"]
    if not isinstance(target, Mapping):
        raise TypeError("target is not an object")
    seen = value.get("seen")
    note = value.get("note")
    return Watch(kind, canonical(target), cut_name(str(value["name"])), str(value["added_at"]),
                 None if seen is None else Seen.from_json(seen), None if note is None else str(note))


def stored(value: Any) -> list[Watch]:
    """The watches a stored part holds; an entry this code cannot read is left out (never a crash)."""
    watches: list[Watch] = []
    for item in value if isinstance(value, list) else []:
        try:
            watches.append(from_json(item))
        except (KeyError, TypeError, ValueError):
            continue
    return watches


def month_of(day: str | date | None) -> str | None:
    """"2026-11" of a date or an ISO date's text; None for nothing or what is no date."""
    if day is None:
        return None
    text = day.isoformat() if isinstance(day, date) else str(day)
    try:
        return date.fromisoformat(text[:10]).isoformat()[:7]
    except ValueError:
        return None
