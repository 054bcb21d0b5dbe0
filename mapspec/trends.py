"""A view's market trends (issue 46): investor purchases by month for the last 24 months, split by
kind, the median price by month, and the change on a year before in one sentence.

From free reads only: the summary (`GET /v1/deals/summary`, decisions.md: `n_deals`, `median_price`,
`by_kind`, `by_month` of counts) serves no median or kind per month, so the page reads one summary
per month (`trend_spans`, each month's dates as the filter) and one per year of the two compared
(their exact counts and medians: a year's median is no mix of its months'). The months are whole:
a data end inside a month ends the window at the month before, so each month of a year compares
with the same whole month a year earlier.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from mapspec.filters import KIND_LABELS, KINDS
from mapspec.timeline import month_end, months_back

TREND_MONTHS = 24
YEAR = 12

Span = tuple[date, date]


@dataclass(frozen=True)
class TrendMonth:
    month: str  # "YYYY-MM"
    n_deals: int
    by_kind: tuple[tuple[str, int], ...]  # the contract's kinds, in reading order, then any other
    median_price: int | None


@dataclass(frozen=True)
class YearFigures:
    """One year of the comparison: its purchases and their median price, as its own summary says."""

    span: Span
    n_deals: int
    median_price: int | None


@dataclass(frozen=True)
class Trends:
    months: tuple[TrendMonth, ...]
    recent: YearFigures  # the last 12 months
    before: YearFigures  # the 12 months before them

    def change(self) -> float | None:
        """The last 12 months' purchases against the 12 before (0.12 is up 12 %); None without any before."""
        if not self.before.n_deals:
            return None
        return self.recent.n_deals / self.before.n_deals - 1

    def price_change(self) -> float | None:
        if not self.recent.median_price or not self.before.median_price:
            return None
        return self.recent.median_price / self.before.median_price - 1


def window_end(data_end: date, sold_to: date | None = None) -> date:
    """The last day of the last whole month up to the data's end (or the filter's end, if earlier)."""
    end = min(data_end, sold_to) if sold_to else data_end
    return end if end == month_end(end) else months_back(end, 0) - timedelta(days=1)


def trend_spans(end: date, months: int = TREND_MONTHS) -> tuple[Span, ...]:
    """Each month's first and last day, oldest first, the last month the one `end` closes."""
    return tuple((months_back(end, back), month_end(months_back(end, back))) for back in range(months - 1, -1, -1))


def year_spans(end: date) -> tuple[Span, Span]:
    """The 12 months to `end` and the 12 before them."""
    recent = (months_back(end, YEAR - 1), end)
    before = (months_back(end, 2 * YEAR - 1), month_end(months_back(end, YEAR)))
    return before, recent


def trend_month(span: Span, summary: Mapping[str, Any]) -> TrendMonth:
    """A month from its summary (plain data of the client's `DealSummary`)."""
    counts = {str(kind): int(n or 0) for kind, n in (summary.get("by_kind") or {}).items()}
    ordered = [kind for kind in KINDS if kind in counts] + sorted(kind for kind in counts if kind not in KINDS)
    median = summary.get("median_price")
    return TrendMonth(span[0].strftime("%Y-%m"), int(summary.get("n_deals") or 0),
                      tuple((kind, counts[kind]) for kind in ordered), None if median is None else int(round(median)))


def year_figures(span: Span, summary: Mapping[str, Any]) -> YearFigures:
    median = summary.get("median_price")
    return YearFigures(span, int(summary.get("n_deals") or 0), None if median is None else int(round(median)))


def trends_of(spans: Sequence[Span], months: Sequence[Mapping[str, Any]], years: Sequence[Mapping[str, Any]],
              end: date) -> Trends:
    """The months and the two years (`year_spans` order: before, recent) from their summaries."""
    before_span, recent_span = year_spans(end)
    return Trends(tuple(trend_month(span, summary) for span, summary in zip(spans, months, strict=True)),
                  recent=year_figures(recent_span, years[1]), before=year_figures(before_span, years[0]))


def gather(summary_of: Callable[[Span], Mapping[str, Any]], end: date, *, readers: int = 4) -> Trends:
    """The trends to `end` from `summary_of(span)` (the place's summary with those sale dates), the
    months' and the years' read `readers` at a time (each a request: a few in flight, not 26)."""
    spans = trend_spans(end)
    with ThreadPoolExecutor(max_workers=readers, thread_name_prefix="deedscope-trends") as pool:
        summaries = list(pool.map(summary_of, [*spans, *year_spans(end)]))
    return trends_of(spans, summaries[: len(spans)], summaries[len(spans):], end)


def _percent(change: float) -> str:
    rounded = round(abs(change) * 100)
    return f"{rounded} %" if rounded else "less than 1 %"


def trend_sentence(trends: Trends, where: str = "in this view") -> str:
    """"Investor purchases in this view are up 12 % on a year ago: …", with the median price's change."""
    recent, before = trends.recent, trends.before
    last = recent.span[1].strftime("%b %Y")
    counts = f"{recent.n_deals:,} in the 12 months to {last}, against {before.n_deals:,} the 12 months before"
    change = trends.change()
    if change is None:
        said = (f"No investor purchase was recorded {where} in the 12 months before the last 12; "
                f"{recent.n_deals:,} in the 12 months to {last}.")
    elif round(change * 100) == 0:
        said = f"Investor purchases {where} are level with a year ago: {counts}."
    else:
        said = f"Investor purchases {where} are {'up' if change > 0 else 'down'} {_percent(change)} on a year ago: {counts}."
    price = trends.price_change()
    if price is not None:
        direction = "level" if round(price * 100) == 0 else f"{'up' if price > 0 else 'down'} {_percent(price)}"
        said += f" Their median price is {direction} (${recent.median_price:,} against ${before.median_price:,})."
    return said


def kind_label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


def month_rows(trends: Trends) -> list[dict[str, Any]]:
    """One row per month and kind (the chart's bars, the CSV), with the month's median price."""
    rows = []
    for month in trends.months:
        for kind, count in month.by_kind or (("", 0),):
            rows.append({"Month": month.month, "Kind": kind_label(kind) if kind else "", "Purchases": count,
                         "Median price": month.median_price})
    return rows
