"""A view's market trends (mapspec/trends.py) as plain functions: the months read, the year's change said."""

from __future__ import annotations

from datetime import date

from mapspec.trends import (
    TREND_MONTHS, month_rows, trend_sentence, trend_spans, trends_of, window_end, year_spans,
)

END = date(2026, 10, 31)


def summary(n: int, median: int | None = 300_000, **by_kind: int) -> dict:
    return {"n_deals": n, "median_price": median, "by_kind": by_kind or {"flip": n}, "by_month": []}


def trends(recent: int, before: int, *, recent_price: int | None = 330_000, before_price: int | None = 300_000):
    spans = trend_spans(END)
    months = [summary(2, 290_000, flip=1, hold=1)] * TREND_MONTHS
    return trends_of(spans, months, [summary(before, before_price), summary(recent, recent_price)], END)


def test_the_window_is_whole_months_to_the_data_end_or_the_filters_end():
    assert window_end(END) == END
    assert window_end(date(2026, 10, 15)) == date(2026, 9, 30), "a month not yet whole is left out"
    assert window_end(END, sold_to=date(2026, 3, 3)) == date(2026, 2, 28)
    spans = trend_spans(END)
    assert len(spans) == TREND_MONTHS and spans[0] == (date(2024, 11, 1), date(2024, 11, 30)) and spans[-1][1] == END
    assert year_spans(END) == ((date(2024, 11, 1), date(2025, 10, 31)), (date(2025, 11, 1), END))


def test_the_sentence_says_the_change_on_a_year_ago_and_the_median_price():
    said = trend_sentence(trends(1120, 1000))
    assert said.startswith("Investor purchases in this view are up 12 % on a year ago: 1,120 in the 12 months to "
                           "Oct 2026, against 1,000 the 12 months before.")
    assert "Their median price is up 10 % ($330,000 against $300,000)." in said
    assert "down 25 %" in trend_sentence(trends(750, 1000))
    assert "are level with a year ago" in trend_sentence(trends(1002, 1000))
    assert "No investor purchase was recorded in this view in the 12 months before" in trend_sentence(trends(5, 0))
    assert "median price" not in trend_sentence(trends(10, 9, recent_price=None))


def test_each_month_splits_by_kind_in_reading_order_with_its_median():
    found = trends_of(trend_spans(END), [summary(3, 250_000, wholesale=1, flip=2, newkind=0)] * TREND_MONTHS,
                      [summary(1), summary(1)], END)
    first = found.months[0]
    assert first.month == "2024-11" and first.n_deals == 3 and first.median_price == 250_000
    assert [kind for kind, _n in first.by_kind] == ["flip", "wholesale", "newkind"]
    rows = month_rows(found)
    assert rows[0] == {"Month": "2024-11", "Kind": "Flip", "Purchases": 2, "Median price": 250_000}
    assert rows[2]["Kind"] == "Newkind"
