"""The Lenders page's link: `?lender=len_...` a lender, `?market=DFW` the rankings' market, `?q=` a search."""

from __future__ import annotations

from dataclasses import dataclass

from links.query import Params, one, without_empty

NAMES = ("lender", "market", "q")


@dataclass(frozen=True)
class LendersLink:
    lender: str = ""
    market: str = ""
    q: str = ""


def parse(params: Params) -> LendersLink:
    return LendersLink(lender=one(params, "lender"), market=one(params, "market").upper(), q=one(params, "q"))


def write(link: LendersLink) -> dict[str, str | list[str]]:
    return without_empty({"lender": link.lender, "market": link.market, "q": link.q})
