"""The Network page's link: `?investor=inv_...` one investor's network, else `?market=DFW` a market's;
`?view=west,south,east,north` adds the leaders of that area (the Map page's view)."""

from __future__ import annotations

from dataclasses import dataclass

from links.query import Params, one, without_empty

NAMES = ("investor", "market", "view")


@dataclass(frozen=True)
class NetworkLink:
    investor: str = ""
    market: str = ""
    view: str = ""


def parse(params: Params) -> NetworkLink:
    return NetworkLink(investor=one(params, "investor"), market=one(params, "market").upper(), view=one(params, "view"))


def view_box(link: NetworkLink) -> list[float] | None:
    """The view as [west, south, east, north], or None when absent or not four ordered numbers."""
    try:
        west, south, east, north = (float(part) for part in link.view.split(","))
    except ValueError:
        return None
    return [west, south, east, north] if west < east and south < north else None


def write(link: NetworkLink) -> dict[str, str | list[str]]:
    return without_empty({"investor": link.investor, "market": link.market, "view": link.view})
