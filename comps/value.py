"""A property's value range from its comparable sales, said in one sentence (issue 46).

As ATTOM's value with a high and a low: the middle half (the 25th to the 75th percentile) of the
comparable sales' price per square foot times the subject's living area, or of their prices where
the subject's size is not served or too few comps carry theirs. It rests on the comps a person
kept (one may be unticked), counts them, names the rule that found them, and warns when it rests
on fewer than `CONFIDENT_COMPS` or on a widened rule.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from comps.rules import MIN_COMPS, CompRule, CompSearch, Sale, Subject

CONFIDENT_COMPS = 5  # fewer and the range is said to rest on too few
ROUND_TO = 1_000  # dollars: a range is an estimate, not a figure to the dollar
PER_SQFT = "per_sqft"
PRICE = "price"


@dataclass(frozen=True)
class ValueRange:
    low: int
    middle: int
    high: int
    basis: str  # PER_SQFT or PRICE
    count: int  # the comps it rests on
    per_sqft: tuple[float, float] | None = None  # the middle half of $/sq ft, on a PER_SQFT basis
    subject_sqft: int | None = None


def middle_half(values: Sequence[float]) -> tuple[float, float, float]:
    """The 25th, 50th and 75th percentiles (linear between the values, as numpy's default)."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0], ordered[0], ordered[0]
    low, middle, high = statistics.quantiles(ordered, n=4, method="inclusive")
    return low, middle, high


def value_range(comps: Sequence[Sale], subject: Subject) -> ValueRange | None:
    """The range of `comps` for `subject`; None without a priced comp."""
    priced = [sale for sale in comps if sale.price is not None]
    if not priced:
        return None
    sized = [sale.price_per_sqft for sale in priced if sale.price_per_sqft is not None]
    size = subject.living_area_sqft
    if size and len(sized) >= min(MIN_COMPS, len(priced)):
        low, middle, high = middle_half(sized)
        return ValueRange(_rounded(low * size), _rounded(middle * size), _rounded(high * size), PER_SQFT, len(sized),
                          per_sqft=(low, high), subject_sqft=size)
    low, middle, high = middle_half([sale.price for sale in priced])
    return ValueRange(_rounded(low), _rounded(middle), _rounded(high), PRICE, len(priced))


def _rounded(value: float) -> int:
    return int(round(value / ROUND_TO) * ROUND_TO)


def plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def range_sentence(found: ValueRange, rule: CompRule, window_end: date, subject: Subject) -> str:
    """The range, what it rests on and the rule, in one sentence."""
    rule_words = rule.words(window_end, subject.living_area_sqft)
    if found.basis == PER_SQFT and found.per_sqft is not None:
        low_rate, high_rate = found.per_sqft
        basis = (f"the middle half of the price per sq ft of {plural(found.count, 'comparable sale')} "
                 f"(${low_rate:,.0f} to ${high_rate:,.0f}) times its {found.subject_sqft:,} sq ft")
    else:
        why = ("its living area is not served" if not subject.living_area_sqft
               else "too few of them carry a living area")
        basis = f"the middle half of the prices of {plural(found.count, 'comparable sale')}, as {why}"
    return f"Worth about ${found.low:,} to ${found.high:,}: {basis}; sales {rule_words}."


def range_warnings(found: ValueRange, search: CompSearch) -> list[str]:
    """What a person should weigh: too few comps, a widened rule, comps of any size."""
    warnings = []
    if found.count < CONFIDENT_COMPS:
        warnings.append(f"The range rests on only {plural(found.count, 'sale')}: read it as a rough guide.")
    if search.widened:
        first = search.tried[0] if search.tried else None
        narrower = first.words(search.window_end, search.subject.living_area_sqft) if first else "the default rule"
        warnings.append(f"Fewer than {MIN_COMPS} comparable sales {narrower}: the search was widened.")
    if search.found.rule.size_band is None and search.subject.living_area_sqft:
        warnings.append("The comps are of any size: a price per square foot travels less well across sizes.")
    return warnings


def rule_sentence(search: CompSearch) -> str:
    """Which rule found the comps, and how many."""
    words = search.found.rule.words(search.window_end, search.subject.living_area_sqft)
    count = len(search.found.comps)
    if not count:
        return f"No comparable sale {words}."
    return f"{plural(count, 'comparable sale')} {words}" + (" (widened)." if search.widened else ".")
