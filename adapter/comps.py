"""A property's comparable sales (issue 46): the free counts that plan the search, its charged reads,
and the search where it stands (comps/rules.py decides; this module reads).

- `counts`: `GET /v1/deals/summary` (free) of each read the search may make (`comps.rules.READS`),
  memoised under the dataset version (adapter/data.py): what the first read is, and what each may cost.
- `read_sales`: `GET /v1/deals` around the subject (its point, `radius_miles`, the sale dates,
  `sort=distance`), each deal new to the account 1 credit; kept in the session by dataset version
  (the client's cache also keeps the answer: reading again costs nothing and asks nothing).
- `read_cost`: what a read may cost: nothing when this account's answer is kept, else its
  summary's count, less the sales of the narrower read already made (each wider read holds them).
- `comp_sheet_pdf`: the comp sheet of what the page shows (free: its reads are made).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

import adapter.data
from adapter.kept import kept
from adapter.settings import settings
from comps.rules import READS, CompSearch, Reach, Sale, Subject, distance_of, sale_of
from comps.value import ValueRange, rule_sentence
from links.properties import property_href
from services.comp_sheet import CompSheet, SheetComp, comp_sheet
from services.data_api.models import Parcel, ParcelAddress
from services.errors import UnprocessableError

# The most sales one read walks, nearest first: a 1-mile, 24-month circle holds a few dozen in the
# sandbox and a few hundred in a dense city; the comps are the nearest, so the farthest go first.
MAX_SALES = 1000
PAGE_ROWS = 500
KEPT_READS = "adapter_comps_reads"
KEPT_READS_MAX = 24


@dataclass(frozen=True)
class ReadCount:
    """A read's free summary: its recorded sales, and those with a price."""

    n_deals: int
    n_priced: int


@dataclass(frozen=True)
class SalesRead:
    sales: tuple[Sale, ...]
    more: bool  # the circle holds more than MAX_SALES: the farthest were not read


def subject_of(parcel: Parcel | None, property_id: str) -> Subject:
    """The property valued, from its parcel row (None where the market publishes none)."""
    if not parcel:
        return Subject(property_id)
    address = parcel.address or ParcelAddress()
    line = " ".join(str(part) for part in (address.line, address.unit) if part)
    place = ", ".join(str(part) for part in (line, address.city, address.zip) if part)
    size = parcel.living_area_sqft
    return Subject(
        property_id=property_id, latitude=parcel.latitude, longitude=parcel.longitude,
        living_area_sqft=int(size) if isinstance(size, (int, float)) and size > 0 else None,
        bedrooms=parcel.bedrooms, bathrooms=parcel.bathrooms, year_built=parcel.year_built,
        address=place, market=parcel.market,
    )


def window_end(market: str | None) -> date | None:
    """The data's end in the parcel's market (its coverage), else the dataset's; None when unknown."""
    return adapter.data.market_data_end(market) or adapter.data.dataset().data_end


def counts(subject: Subject, end: date) -> dict[Reach, ReadCount]:
    """Each read's free summary (memoised across reruns, under the dataset version)."""
    found = {}
    for reach in READS:
        summary = adapter.data.deal_summary(reach.filters(subject, end), {})
        found[reach] = ReadCount(summary.n_deals, summary.n_priced)
    return found


def read_counts_ahead(parcel: Parcel | None, property_id: str) -> None:
    """The free counts the property's page reads first (a tour reads its parcel's page ahead)."""
    subject = subject_of(parcel, property_id)
    end = window_end(subject.market) if subject.located else None
    if end is not None:
        counts(subject, end)


def read_cost(subject: Subject, reach: Reach, end: date, count: ReadCount, *, read_before: int = 0) -> int:
    """At most what reading `reach` costs: 0 when the account's answer is kept; else its sales,
    less the `read_before` of a narrower read this session made (the account holds them)."""
    api = adapter.data.data_api()
    if api.deals.list_served(sort="distance", limit=PAGE_ROWS, **reach.filters(subject, end)):
        return 0
    return max(0, min(count.n_deals, MAX_SALES) - read_before)


def read_sales(subject: Subject, reach: Reach, end: date) -> SalesRead:
    """The recorded sales of `reach`, nearest first (charged), kept in the session for the dataset
    version in use (adapter/kept.py)."""
    held = kept(KEPT_READS, max_entries=KEPT_READS_MAX)
    key = (subject.property_id, reach, end)
    if key not in held:
        page = adapter.data.data_api().deals.list(sort="distance", limit=PAGE_ROWS, **reach.filters(subject, end))
        deals, more = page.walk_bounded(MAX_SALES)
        held[key] = SalesRead(tuple(sale_of(deal) for deal in deals), more)
    return held[key]


def kept_read(subject: Subject, reach: Reach, end: date) -> SalesRead | None:
    """The sales of `reach` this session read already (for the version in use), or None."""
    return kept(KEPT_READS, max_entries=KEPT_READS_MAX).get((subject.property_id, reach, end))


STREETS = "adapter_comps_streets"


def street_cost(property_ids: Sequence[str]) -> int:
    """At most what reading these parcels' street addresses costs: 1 each not yet served to this session."""
    api = adapter.data.data_api()
    return sum(api.properties.estimate_detail(property_id) for property_id in property_ids)


def known_streets(property_ids: Sequence[str]) -> dict[str, str]:
    """The street lines this session read already (for the version in use), by parcel."""
    held = kept(STREETS, max_entries=512)
    return {property_id: held[property_id] for property_id in property_ids if held.get(property_id)}


def read_streets(property_ids: Sequence[str]) -> dict[str, str]:
    """Each parcel's street line (`POST /v1/properties/search` by its id, 1 credit a parcel new to the
    account): a deal serves the city and ZIP, not the street. A market that publishes no parcels or
    addresses leaves its comps without one."""
    api, held = adapter.data.data_api(), kept(STREETS, max_entries=512)
    for property_id in property_ids:
        if property_id in held:
            continue
        try:
            rows = api.properties.search({"place": {"property_id": property_id}}).items
        except UnprocessableError as error:
            if error.code not in ("parcels_unavailable", "addresses_unavailable"):
                raise
            rows = []
        address = rows[0].address if rows else None
        held[property_id] = " ".join(part for part in (address.line, address.unit) if part) if address else ""
    return known_streets(property_ids)


def comp_sheet_pdf(search: CompSearch, used: Sequence[bool], found: ValueRange | None, sentence: str,
                   warnings: Sequence[str], streets: Mapping[str, str] | None = None) -> bytes:
    """The comp sheet of what the page shows (services/comp_sheet.py); the freshness probe is free."""
    subject, notes = search.subject, []
    freshness = adapter.data.freshness(notes, "this sheet")
    sheet = CompSheet(
        address=subject.address, property_id=subject.property_id, facts=facts_line(subject),
        latitude=float(subject.latitude), longitude=float(subject.longitude),
        radius_miles=search.found.rule.reach.radius_miles,
        comps=[sheet_comp(sale, subject, on, (streets or {}).get(sale.property_id or "")) for sale, on
               in zip(search.found.comps, used)],
        range_figures=(found.low, found.middle, found.high) if found else None, range_sentence=sentence,
        rule=rule_sentence(search), warnings=tuple(warnings), **freshness,
        link=settings().app_url + property_href(subject.property_id), notes=tuple(notes),
    )
    return comp_sheet(sheet)


def facts_line(subject: Subject) -> str:
    """The property's facts in a line, each said "not served" where the data holds none."""
    def fact(value: Any, noun: str, text: str = "{:,g}") -> str:
        return f"{noun} not served" if value is None else f"{text.format(value)} {noun}"

    return " · ".join((fact(subject.bedrooms, "beds"), fact(subject.bathrooms, "baths"),
                       fact(subject.living_area_sqft, "sq ft", "{:,}"),
                       "year built not served" if subject.year_built is None else f"built {subject.year_built}"))


def sheet_comp(sale: Sale, subject: Subject, kept: bool, street: str | None = None) -> SheetComp:
    return SheetComp(
        where=", ".join(part for part in (street, " ".join(p for p in (sale.city, sale.zip) if p)) if part),
        sale_date=sale.sale_date, price=sale.price,
        miles=distance_of(sale, subject), sqft=sale.living_area_sqft, bedrooms=sale.bedrooms, bathrooms=sale.bathrooms,
        year_built=sale.year_built, buyer=sale.buyer_name or "name not served", latitude=sale.latitude,
        longitude=sale.longitude,
        kept=kept)
