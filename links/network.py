"""The Network page's link: `?investor=inv_...` one investor's network, else `?market=DFW` a market's;
`?view=west,south,east,north` adds the leaders of that area (the Map page's view)."""

from __future__ import annotations

from dataclasses import dataclass

from links.query import Params, text_link, written

NAMES = ("investor", "market", "view")


@dataclass(frozen=True)
class NetworkLink:
    investor: str = ""
    market: str = ""
    view: str = ""


def parse(params: Params) -> NetworkLink:
    return text_link(NetworkLink, params, upper=("market",))


def view_box(link: NetworkLink) -> list[float] | None:
    """The view as [west, south, east, north], or None when absent or not four ordered numbers."""
    try:
        west, south, east, north = (float(part) for part in link.view.split(","))
    except ValueError:
        return None
    return [west, south, east, north] if west < east and south < north else None


write = written
