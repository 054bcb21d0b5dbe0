"""The Wholesale page's link: `?market=DFW&status=ACTIVE` the listings' place and status,
`?listing=wl_...` one listing, `?wholesaler=wsr_...` one wholesaler, `?q=` a wholesaler search."""

from __future__ import annotations

from dataclasses import dataclass

from links.query import Params, every, one, without_empty

NAMES = ("market", "status", "listing", "wholesaler", "q")


@dataclass(frozen=True)
class WholesaleLink:
    market: str = ""
    statuses: tuple[str, ...] = ()
    listing: str = ""
    wholesaler: str = ""
    q: str = ""


def parse(params: Params) -> WholesaleLink:
    return WholesaleLink(market=one(params, "market").upper(),
                         statuses=tuple(s.upper() for s in every(params, "status")),
                         listing=one(params, "listing"), wholesaler=one(params, "wholesaler"), q=one(params, "q"))


def write(link: WholesaleLink) -> dict[str, str | list[str]]:
    return without_empty({"market": link.market, "status": list(link.statuses), "listing": link.listing,
                          "wholesaler": link.wholesaler, "q": link.q})
