"""The Agents page's link: `?agent=agt_...&market=DFW` an agent, `?person=person:...` one
person's listing history, `?listing=<32 hex>` a marketplace listing (beside either)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from links.query import Params, text_link, written
from services.contract import ID_PATTERNS

NAMES = ("agent", "market", "person", "listing")


@dataclass(frozen=True)
class AgentsLink:
    agent: str = ""
    market: str = ""
    person: str = ""
    listing: str = ""


def parse(params: Params) -> AgentsLink:
    return text_link(AgentsLink, params)


write = written


def opened_by_id(link: AgentsLink, typed: str) -> AgentsLink:
    """The link after a person typed an id in "Open by id": a person id opens that person
    alone, a listing id opens beside the current selection, anything else is taken as an
    agent id alone (a malformed one is kept so the page can say what was wrong with it)."""
    typed = typed.strip()
    if ID_PATTERNS["person"].fullmatch(typed):
        return AgentsLink(person=typed)
    if ID_PATTERNS["listing"].fullmatch(typed):
        return replace(link, listing=typed)
    return AgentsLink(agent=typed)
