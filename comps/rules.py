"""Which recorded sales are comparable to a property, and how the search widens (issue 46).

The rule investors know from PropStream: sales within half a mile, in the last 12 months, within
±20 % of the subject's living area. With fewer than `MIN_COMPS` found, the search widens in
stated steps (`RULES`: 1 mile, then 24 months, then any size), and says which rule found them.

A read (`Reach`: a circle and a window of months) is what the Data API is asked (`GET /v1/deals`
with the point, `radius_miles` and the sale dates); a rule is a reach and a size band applied
here, since the API filters no size. A wider read holds every narrower one's sales, so each rule
is applied to the widest read made so far. Dropped, and counted by why (`DROPPED_WHY`): the
subject's own sales, deeds with no price or a price under `ARM_LENGTH_FLOOR` (a transfer, not an
arm's-length sale), an older sale of a home that sold again in the window (its latest sale
counts), sales outside the rule's circle, window or size band. Sizes, beds, baths and the year
built may be null on a live host (decisions.md serves them on the deal's property, data-api.md
shows no deal fields): the size band applies only where both sizes are served.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

MIN_COMPS = 3  # fewer than this widens the search
ARM_LENGTH_FLOOR = 10_000  # dollars: a deed priced under it is a transfer (a gift, a quitclaim), not a sale
SIZE_BAND = 0.20  # ± the subject's living area
EARTH_RADIUS_MILES = 3958.7613
# A sale the service placed inside a circle may lie a hair outside ours (rounded coordinates).
DISTANCE_SLACK_MILES = 0.005

DROPPED_WHY = {
    "own": "the property's own sales",
    "unpriced": "deeds with no price",
    "nominal": f"deeds under ${ARM_LENGTH_FLOOR:,} (transfers, not sales)",
    "repeat": "earlier sales of a home that sold again",
    "size": "homes outside the size band",
    "outside": "sales outside the rule's circle or months",
}


@dataclass(frozen=True)
class Reach:
    """One read of the recorded sales: within `radius_miles` of the subject, in the `months` to the data's end."""

    radius_miles: float
    months: int

    def holds(self, other: Reach) -> bool:
        return self.radius_miles >= other.radius_miles and self.months >= other.months

    def start(self, window_end: date) -> date:
        """The first sale date in the window: the first of the month after the same month `months`
        earlier when the window ends a month (the data's end usually does), else the day after
        the same date `months` earlier."""
        index = window_end.year * 12 + window_end.month - 1 - self.months
        year, month = divmod(index, 12)
        if window_end.day == _days_in_month(window_end.year, window_end.month):
            year, month = divmod(index + 1, 12)
            return date(year, month + 1, 1)
        return date(year, month + 1, min(window_end.day, _days_in_month(year, month + 1))) + timedelta(days=1)

    def filters(self, subject: Subject, window_end: date) -> dict[str, Any]:
        """The read as the client's filters of `GET /v1/deals`: the subject's point, the radius, the sale dates."""
        return {"lat": round(float(subject.latitude), 6), "lng": round(float(subject.longitude), 6),
                "radius_miles": self.radius_miles, "from_": self.start(window_end).isoformat(), "to": window_end.isoformat()}

    def words(self) -> str:
        radius = f"{self.radius_miles:g} mile" + ("" if self.radius_miles == 1 else "s")
        return f"within {radius}, sold in the {self.months} months"


READS = (Reach(0.5, 12), Reach(1.0, 12), Reach(1.0, 24))


@dataclass(frozen=True)
class CompRule:
    """A reach and, where the subject's size is served, a size band (None: any size)."""

    reach: Reach
    size_band: float | None = SIZE_BAND

    def words(self, window_end: date, subject_sqft: int | None) -> str:
        said = f"{self.reach.words()} to {window_end.isoformat()}"
        if subject_sqft is None:
            return said
        if self.size_band is None:
            return f"{said}, of any size"
        return f"{said}, within ±{self.size_band:.0%} of {subject_sqft:,} sq ft".replace("%", " %")


# The default rule, then the stated steps: 1 mile, then 24 months, then any size.
RULES = (CompRule(READS[0]), CompRule(READS[1]), CompRule(READS[2]), CompRule(READS[2], None))


@dataclass(frozen=True)
class Subject:
    """The property valued: its point and its facts as served (any may be None)."""

    property_id: str
    latitude: float | None = None
    longitude: float | None = None
    living_area_sqft: int | None = None
    bedrooms: float | None = None
    bathrooms: float | None = None
    year_built: int | None = None
    address: str = ""
    market: str | None = None  # its market's code: its data's end bounds the months

    @property
    def located(self) -> bool:
        return _finite(self.latitude) and _finite(self.longitude)


@dataclass(frozen=True)
class Sale:
    """One recorded sale near the subject, as the deal serves it."""

    deal_id: str
    property_id: str | None = None
    sale_date: date | None = None
    price: int | None = None
    kind: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    distance_miles: float | None = None
    living_area_sqft: int | None = None
    bedrooms: float | None = None
    bathrooms: float | None = None
    year_built: int | None = None
    city: str | None = None
    zip: str | None = None
    buyer_name: str | None = None
    buyer_id: str | None = None

    @property
    def price_per_sqft(self) -> float | None:
        if self.price is None or not self.living_area_sqft:
            return None
        return self.price / self.living_area_sqft


def sale_of(deal: Any) -> Sale:
    """A sale from a deal as the client types it (`id`, `sale_date`, `price`, `kind`, `buyer`,
    `property`, `distance_miles`); a missing part is None."""
    home = getattr(deal, "property", None)
    buyer = getattr(deal, "buyer", None)

    def fact(name: str) -> Any:
        return getattr(home, name, None) if home is not None else None

    size = fact("living_area_sqft")
    return Sale(
        deal_id=deal.id, property_id=fact("property_id"), sale_date=getattr(deal, "sale_date", None),
        price=getattr(deal, "price", None), kind=getattr(deal, "kind", None), latitude=fact("latitude"),
        longitude=fact("longitude"), distance_miles=getattr(deal, "distance_miles", None),
        living_area_sqft=int(size) if _finite(size) and size > 0 else None, bedrooms=fact("bedrooms"),
        bathrooms=fact("bathrooms"), year_built=fact("year_built"), city=fact("city"), zip=fact("zip"),
        buyer_name=(getattr(buyer, "display_name", None) or getattr(buyer, "name", None)) if buyer else None,
        buyer_id=getattr(buyer, "investor_id", None) if buyer else None,
    )


@dataclass(frozen=True)
class Sifted:
    """The comparable sales under one rule, nearest first, and what was dropped, by why."""

    rule: CompRule
    comps: tuple[Sale, ...]
    dropped: Mapping[str, int] = field(default_factory=dict)


def miles_between(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """Great-circle miles (the haversine)."""
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((phi2 - phi1) / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(math.radians(lng2 - lng1) / 2) ** 2
    return 2 * EARTH_RADIUS_MILES * math.asin(min(1.0, math.sqrt(a)))


def distance_of(sale: Sale, subject: Subject) -> float | None:
    """The miles the service says, else from the two points; None when neither is known."""
    if _finite(sale.distance_miles):
        return float(sale.distance_miles)
    if subject.located and _finite(sale.latitude) and _finite(sale.longitude):
        return miles_between(subject.latitude, subject.longitude, sale.latitude, sale.longitude)
    return None


def sift(sales: Iterable[Sale], subject: Subject, rule: CompRule, *, read: Reach, window_end: date) -> Sifted:
    """The sales of `read` comparable under `rule` (which `read` holds). A sale without a date or
    a distance lies in the read's window and circle (the service placed it there) but may lie
    outside a narrower rule's, so it counts only for a rule as wide as the read."""
    why: Counter[str] = Counter()
    kept: dict[str, Sale] = {}
    start = rule.reach.start(window_end)
    for sale in sales:
        reason = _dropped_why(sale, subject, rule, read=read, start=start)
        if reason:
            why[reason] += 1
            continue
        home = sale.property_id or sale.deal_id
        if home in kept:
            why["repeat"] += 1
            if _later(sale, kept[home]):
                kept[home] = sale
            continue
        kept[home] = sale
    comps = sorted(kept.values(), key=lambda sale: (_or_inf(distance_of(sale, subject)), sale.deal_id))
    return Sifted(rule, tuple(comps), dict(why))


def _dropped_why(sale: Sale, subject: Subject, rule: CompRule, *, read: Reach, start: date) -> str | None:
    if sale.property_id and sale.property_id.lower() == subject.property_id.lower():
        return "own"
    if sale.price is None:
        return "unpriced"
    if sale.price < ARM_LENGTH_FLOOR:
        return "nominal"
    distance = distance_of(sale, subject)
    if distance is None and rule.reach.radius_miles < read.radius_miles:
        return "outside"
    if distance is not None and distance > rule.reach.radius_miles + DISTANCE_SLACK_MILES:
        return "outside"
    if sale.sale_date is None and rule.reach.months < read.months:
        return "outside"
    if sale.sale_date is not None and sale.sale_date < start:
        return "outside"
    if rule.size_band is not None and subject.living_area_sqft and sale.living_area_sqft:
        if abs(sale.living_area_sqft - subject.living_area_sqft) > rule.size_band * subject.living_area_sqft:
            return "size"
    return None


@dataclass(frozen=True)
class CompSearch:
    """Where a search stands after its reads: the rule that found the comps (or the widest tried),
    the rules tried before it, the widest read made, and whether enough were found."""

    subject: Subject
    found: Sifted
    tried: tuple[CompRule, ...]  # the rules before `found.rule`, each with too few
    read: Reach
    window_end: date

    @property
    def enough(self) -> bool:
        return len(self.found.comps) >= MIN_COMPS

    @property
    def widened(self) -> bool:
        return self.found.rule != RULES[0]

    def next_read(self) -> Reach | None:
        """The next wider read when too few were found and one is left; else None."""
        if self.enough:
            return None
        return next((reach for reach in READS if reach.holds(self.read) and reach != self.read), None)


def rules_for(subject: Subject) -> tuple[CompRule, ...]:
    """The steps of the search: without the subject's size no size band applies, so the last
    step (any size) is the one before it."""
    if subject.living_area_sqft:
        return RULES
    return tuple(rule for rule in RULES if rule.size_band is not None)


def evaluate(subject: Subject, sales: Sequence[Sale], *, read: Reach, window_end: date) -> CompSearch:
    """The first rule, in order, that `read` holds and that finds `MIN_COMPS`; else the last it holds."""
    held = [rule for rule in rules_for(subject) if read.holds(rule.reach)]
    tried: list[CompRule] = []
    found = sift(sales, subject, held[0], read=read, window_end=window_end)
    for rule in held[1:]:
        if len(found.comps) >= MIN_COMPS:
            break
        tried.append(found.rule)
        found = sift(sales, subject, rule, read=read, window_end=window_end)
    return CompSearch(subject, found, tuple(tried), read, window_end)


def first_read(priced_counts: Mapping[Reach, int | None]) -> Reach:
    """The narrowest read whose priced sales (free summaries) could hold `MIN_COMPS` besides the
    subject's own: a narrower one cannot, and reading it would only cost credits. The widest read
    when none could (or a count is unknown there)."""
    for reach in READS:
        count = priced_counts.get(reach)
        if count is None or count >= MIN_COMPS:
            return reach
    return READS[-1]


def run_search(subject: Subject, window_end: date, priced_counts: Mapping[Reach, int | None],
               read: Callable[[Reach], Sequence[Sale]]) -> CompSearch:
    """The whole search at once: the first read the counts allow, then a wider read while too few
    are found (the page makes the same steps, each read's cost stated before it: pages/property_sections/comps.py)."""
    reach = first_read(priced_counts)
    while True:
        search = evaluate(subject, read(reach), read=reach, window_end=window_end)
        wider = search.next_read()
        if wider is None:
            return search
        reach = wider


def _later(sale: Sale, other: Sale) -> bool:
    return (sale.sale_date or date.min, sale.deal_id) > (other.sale_date or date.min, other.deal_id)


def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _or_inf(value: float | None) -> float:
    return math.inf if value is None else value


def _days_in_month(year: int, month: int) -> int:
    following = date(year + month // 12, month % 12 + 1, 1)
    return (following - timedelta(days=1)).day
