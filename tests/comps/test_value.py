"""The value range and its sentence (comps/value.py), as plain functions, and its bounds for any comps."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from comps.rules import READS, RULES, Sale, Subject, evaluate
from comps.value import CONFIDENT_COMPS, PER_SQFT, PRICE, middle_half, range_sentence, range_warnings, rule_sentence, value_range

END = date(2026, 10, 31)
SUBJECT = Subject("prop_" + "a" * 32, latitude=32.8, longitude=-96.8, living_area_sqft=2000)


def comp(number: int, price: int, sqft: int | None = 2000, miles: float = 0.2) -> Sale:
    return Sale(f"deal_{number}", f"prop_{number}", date(2026, 6, 1), price, distance_miles=miles, living_area_sqft=sqft)


def test_the_middle_half_is_the_25th_to_75th_percentile():
    assert middle_half([100, 200, 300, 400, 500]) == (200, 300, 400)
    assert middle_half([7]) == (7, 7, 7)


def test_the_range_is_the_middle_half_of_price_per_sqft_times_the_subjects_size():
    comps = [comp(i, price, 2000) for i, price in enumerate((300_000, 320_000, 340_000, 360_000, 380_000))]
    found = value_range(comps, SUBJECT)
    assert (found.low, found.middle, found.high, found.basis, found.count) == (320_000, 340_000, 360_000, PER_SQFT, 5)
    assert found.per_sqft == (160, 180)


def test_without_the_subjects_size_the_range_is_of_prices():
    comps = [comp(1, 200_000), comp(2, 300_000, None), comp(3, 400_000)]
    found = value_range(comps, Subject("prop_x"))
    assert (found.low, found.high, found.basis, found.count) == (250_000, 350_000, PRICE, 3)
    sentence = range_sentence(found, RULES[0], END, Subject("prop_x"))
    assert "its living area is not served" in sentence and "$250,000 to $350,000" in sentence


def test_unticking_a_comp_moves_the_range():
    comps = [comp(i, price) for i, price in enumerate((300_000, 320_000, 340_000, 360_000, 600_000))]
    assert value_range(comps, SUBJECT).high != value_range(comps[:-1], SUBJECT).high


def test_no_priced_comp_no_range():
    assert value_range([], SUBJECT) is None


def test_the_sentence_says_the_range_the_count_and_the_rule():
    comps = [comp(i, 300_000 + 10_000 * i) for i in range(6)]
    search = evaluate(SUBJECT, comps, read=READS[0], window_end=END)
    found = value_range(search.found.comps, SUBJECT)
    sentence = range_sentence(found, search.found.rule, END, SUBJECT)
    assert sentence.startswith(f"Worth about ${found.low:,} to ${found.high:,}")
    assert "6 comparable sales" in sentence and "within 0.5 miles" in sentence and "2,000 sq ft" in sentence
    assert range_warnings(found, search) == []
    assert rule_sentence(search).startswith("6 comparable sales within 0.5 miles")


def test_few_comps_or_a_widened_rule_are_warned():
    comps = [comp(1, 300_000, miles=0.8), comp(2, 310_000), comp(3, 320_000, miles=0.9)]
    search = evaluate(SUBJECT, comps, read=READS[1], window_end=END)
    found = value_range(search.found.comps, SUBJECT)
    warnings = range_warnings(found, search)
    assert found.count < CONFIDENT_COMPS and len(warnings) == 2
    assert "only 3 sales" in warnings[0] and "widened" in warnings[1] and "within 0.5 miles" in warnings[1]


prices = st.integers(min_value=10_000, max_value=5_000_000)
sizes = st.one_of(st.none(), st.integers(min_value=300, max_value=9_000))


@given(st.lists(st.tuples(prices, sizes), min_size=1, max_size=30), st.one_of(st.none(), st.integers(300, 9_000)))
def test_the_range_is_ordered_and_within_what_the_comps_say(rows, subject_sqft):
    comps = [comp(i, price, sqft) for i, (price, sqft) in enumerate(rows)]
    found = value_range(comps, Subject("prop_x", living_area_sqft=subject_sqft))
    assert found.low <= found.middle <= found.high
    if found.basis == PER_SQFT:
        rates = [c.price / c.living_area_sqft for c in comps if c.living_area_sqft]
        assert min(rates) * subject_sqft - 500 <= found.low and found.high <= max(rates) * subject_sqft + 500
    else:
        assert min(p for p, _ in rows) - 500 <= found.low and found.high <= max(p for p, _ in rows) + 500
