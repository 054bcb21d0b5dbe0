"""The Network page's link: `?investor=inv_...` one investor's network, else `?market=DFW` a market's."""

from __future__ import annotations

from dataclasses import dataclass

from links.query import Params, one, without_empty

NAMES = ("investor", "market")


@dataclass(frozen=True)
class NetworkLink:
    investor: str = ""
    market: str = ""


def parse(params: Params) -> NetworkLink:
    return NetworkLink(investor=one(params, "investor"), market=one(params, "market").upper())


def write(link: NetworkLink) -> dict[str, str | list[str]]:
    return without_empty({"investor": link.investor, "market": link.market})
