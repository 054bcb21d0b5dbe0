"""Guided tours (issue 29): `tours/*.toml`, files people edit without code.

A tour has a `name`, an optional `market` and its `[[step]]`s, each a page, the link it opens
(the page's query, with `{names}` found when the tour starts), a title and two or three
talking points. Loading checks each step and says in a person's words what is wrong.
"""

from __future__ import annotations

import re
import string
import tomllib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl

TOURS_DIR = Path(__file__).resolve().parent.parent / "tours"
PAGES = ("map", "investors", "properties", "agents", "lenders", "wholesale", "network", "coverage", "marketplace")
# What a link may name in braces; the adapter finds each when the tour starts (adapter/tour.py).
PLACEHOLDERS = ("market", "busiest_view", "busiest_cell", "property", "buyer")
MAX_POINTS = 5


class TourError(ValueError):
    """A tour file that cannot be shown, said as a person would fix it."""


@dataclass(frozen=True)
class Step:
    page: str
    link: str
    title: str
    points: tuple[str, ...]

    def names(self) -> set[str]:
        return {name for _text, name, _spec, _conversion in string.Formatter().parse(self.link) if name}

    def query(self, values: dict[str, str]) -> dict[str, str | list[str]]:
        """The step's link with the tour's values put in, as the page's URL query."""
        query: dict[str, str | list[str]] = {}
        for name, value in parse_qsl(self.link.format(**values), keep_blank_values=False):
            existing = query.get(name)
            query[name] = value if existing is None else [*([existing] if isinstance(existing, str) else existing), value]
        return query


@dataclass(frozen=True)
class Tour:
    name: str
    market: str
    steps: tuple[Step, ...]

    def names(self) -> set[str]:
        return set().union(*(step.names() for step in self.steps)) if self.steps else set()


def available(directory: Path = TOURS_DIR) -> list[str]:
    """The tours' file names without `.toml`, the default first."""
    names = sorted(path.stem for path in directory.glob("*.toml"))
    return sorted(names, key=lambda name: name != "default")


def load(name: str, directory: Path = TOURS_DIR) -> Tour:
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", name):
        raise TourError(f"{name!r} is not a tour's name: letters, digits, - and _ only.")
    path = directory / f"{name}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TourError(f"There is no tour named {name!r} in the tours folder.") from None
    except tomllib.TOMLDecodeError as error:
        raise TourError(f"The tour {name!r} cannot be read: {error}.") from None
    return parse(data, name)


def parse(data: dict, name: str = "tour") -> Tour:
    raw_steps = data.get("step")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise TourError(f"The tour {name!r} has no steps: add at least one [[step]].")
    steps = tuple(_step(raw, number) for number, raw in enumerate(raw_steps, start=1))
    return Tour(name=str(data.get("name") or name), market=str(data.get("market") or ""), steps=steps)


def _step(raw: object, number: int) -> Step:
    if not isinstance(raw, dict):
        raise TourError(f"Step {number} is not a table of page, link, title and points.")
    page, link, title = (str(raw.get(field) or "").strip() for field in ("page", "link", "title"))
    points = raw.get("points") or []
    if page not in PAGES:
        raise TourError(f"Step {number}: the page should be one of {', '.join(PAGES)}, not {page!r}.")
    if not title:
        raise TourError(f"Step {number} has no title.")
    if not isinstance(points, list) or not all(isinstance(point, str) for point in points) or len(points) > MAX_POINTS:
        raise TourError(f"Step {number}: the talking points should be a list of at most {MAX_POINTS} texts.")
    try:
        unknown = Step(page, link, title, ()).names() - set(PLACEHOLDERS)
    except ValueError:
        raise TourError(f"Step {number}: the link has an unmatched brace.") from None
    if unknown:
        raise TourError(f"Step {number}: the link names {', '.join(sorted(unknown))}; it may name {', '.join(PLACEHOLDERS)}.")
    return Step(page=page, link=link.lstrip("?"), title=title, points=tuple(points))
