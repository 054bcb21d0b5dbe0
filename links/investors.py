"""The Investors page's link: `?investor=inv_...` a profile, `?q=...` a name search,
`?find=place&zip=...|city=...|market=...&sort=...&kind=...` a place's leaderboard."""

from __future__ import annotations

from dataclasses import dataclass

from links.query import Params, every, one, without_empty

# The names this codec owns; others (the tabs' `section`) belong to their widgets.
NAMES = ("investor", "q", "find", "zip", "city", "market", "sort", "kind")
# The page opens on the first place the link holds, in this order.
PLACE_NAMES = ("city", "market", "zip")


@dataclass(frozen=True)
class InvestorsLink:
    investor: str = ""
    query: str = ""
    by_place: bool = False
    # The leaderboard's place: one of PLACE_NAMES and its text ("75201,75202", "Dallas", "DFW").
    place_kind: str = ""
    place: str = ""
    sort: str = ""
    kinds: tuple[str, ...] = ()


def parse(params: Params) -> InvestorsLink:
    place_kind = next((name for name in PLACE_NAMES if one(params, name)), "")
    return InvestorsLink(
        investor=one(params, "investor"),
        query=one(params, "q"),
        by_place=one(params, "find") == "place",
        place_kind=place_kind,
        place=one(params, place_kind) if place_kind else "",
        sort=one(params, "sort"),
        kinds=every(params, "kind"),
    )


def write(link: InvestorsLink) -> dict[str, str | list[str]]:
    params: dict[str, str | list[str]] = {
        "investor": link.investor,
        "q": link.query,
        "find": "place" if link.by_place else "",
        "sort": link.sort,
        "kind": list(link.kinds),
    }
    if link.place_kind in PLACE_NAMES:
        params[link.place_kind] = link.place
    return without_empty(params)


def zip_codes(text: str) -> list[str]:
    """The ZIPs of a typed list, split on commas or semicolons."""
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]
