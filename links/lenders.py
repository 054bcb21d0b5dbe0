"""The Lenders page's link: `?lender=len_...` a lender, `?market=DFW` the rankings' market, `?q=` a search."""

from __future__ import annotations

from dataclasses import dataclass

from links.query import Params, text_link, written

NAMES = ("lender", "market", "q")


@dataclass(frozen=True)
class LendersLink:
    lender: str = ""
    market: str = ""
    q: str = ""


def parse(params: Params) -> LendersLink:
    return text_link(LendersLink, params, upper=("market",))


write = written
