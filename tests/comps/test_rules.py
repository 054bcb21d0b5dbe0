"""Which sales are comparable, and how the search widens (comps/rules.py), as plain functions."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

from comps.rules import (
    ARM_LENGTH_FLOOR, MIN_COMPS, READS, RULES, Reach, Sale, Subject, evaluate, first_read, miles_between, run_search,
    sale_of, sift,
)

END = date(2026, 10, 31)
SUBJECT = Subject("prop_" + "a" * 32, latitude=32.8, longitude=-96.8, living_area_sqft=1600)


def sale(number: int, *, miles: float = 0.2, months_ago: int = 3, price: int | None = 300_000, sqft: int | None = 1600,
         home: str | None = None) -> Sale:
    year, month = divmod(END.year * 12 + END.month - 1 - months_ago, 12)
    return Sale(deal_id=f"deal_{number:032x}", property_id=home or f"prop_{number:032x}", sale_date=date(year, month + 1, 15),
                price=price, distance_miles=miles, living_area_sqft=sqft)


def test_the_window_is_the_months_to_the_data_end():
    assert Reach(0.5, 12).start(END) == date(2025, 11, 1)
    assert Reach(1, 24).start(date(2026, 2, 28)) == date(2024, 3, 1)
    assert Reach(1, 12).start(date(2024, 2, 29)) == date(2023, 3, 1)


def test_the_default_rule_drops_own_sales_transfers_far_old_and_other_sizes():
    sales = [sale(1), sale(2, home=SUBJECT.property_id), sale(3, price=None), sale(4, price=ARM_LENGTH_FLOOR - 1),
             sale(5, miles=0.7), sale(6, months_ago=13), sale(7, sqft=2000), sale(8, sqft=1300), sale(9, sqft=None)]
    found = sift(sales, SUBJECT, RULES[0], read=READS[0], window_end=END)
    assert [item.deal_id for item in found.comps] == [sale(1).deal_id, sale(8).deal_id, sale(9).deal_id]
    assert found.dropped == {"own": 1, "unpriced": 1, "nominal": 1, "outside": 2, "size": 1}


def test_a_home_sold_twice_counts_once_by_its_latest_sale():
    found = sift([sale(1, months_ago=8, home="prop_x"), sale(2, months_ago=2, home="prop_x")], SUBJECT, RULES[0],
                 read=READS[0], window_end=END)
    assert [item.deal_id for item in found.comps] == [sale(2).deal_id]
    assert found.dropped == {"repeat": 1}


def test_comps_come_nearest_first_and_a_missing_distance_is_computed_from_the_points():
    north = Sale("deal_n", "prop_n", date(2026, 9, 1), 310_000, latitude=32.805, longitude=-96.8, living_area_sqft=1550)
    found = sift([sale(1, miles=0.4), north], SUBJECT, RULES[0], read=READS[0], window_end=END)
    assert [item.deal_id for item in found.comps] == ["deal_n", sale(1).deal_id]
    assert 0.3 < miles_between(32.8, -96.8, 32.805, -96.8) < 0.4


def test_an_undated_or_unplaced_sale_counts_only_for_a_rule_as_wide_as_its_read():
    undated = Sale("deal_u", "prop_u", None, 300_000, distance_miles=0.2, living_area_sqft=1600)
    unplaced = Sale("deal_p", "prop_p", date(2026, 9, 1), 300_000, living_area_sqft=1600)
    assert sift([undated, unplaced], SUBJECT, RULES[0], read=READS[0], window_end=END).comps == (undated, unplaced)
    assert sift([undated, unplaced], SUBJECT, RULES[0], read=READS[2], window_end=END).comps == ()


def test_too_few_widens_step_by_step_and_says_which_rule_found_them():
    near = [sale(1), sale(2)]
    mile = [sale(3, miles=0.8)]
    older = [sale(4, miles=0.9, months_ago=20)]
    assert not evaluate(SUBJECT, near, read=READS[0], window_end=END).enough
    assert evaluate(SUBJECT, near, read=READS[0], window_end=END).next_read() == READS[1]
    one_mile = evaluate(SUBJECT, near + mile, read=READS[1], window_end=END)
    assert one_mile.enough and one_mile.found.rule == RULES[1] and one_mile.tried == (RULES[0],) and one_mile.widened
    assert one_mile.next_read() is None
    two_years = evaluate(SUBJECT, near + older, read=READS[2], window_end=END)
    assert two_years.found.rule == RULES[2] and two_years.tried == (RULES[0], RULES[1])


def test_the_last_step_drops_the_size_band():
    other_sizes = [sale(1, sqft=2400), sale(2, sqft=2500), sale(3, sqft=1000)]
    search = evaluate(SUBJECT, other_sizes, read=READS[2], window_end=END)
    assert search.found.rule == RULES[3] and search.found.rule.size_band is None and len(search.found.comps) == 3
    assert search.next_read() is None


def test_without_the_subjects_size_no_size_band_applies():
    sizeless = Subject(SUBJECT.property_id, 32.8, -96.8)
    search = evaluate(sizeless, [sale(1, sqft=4000), sale(2, sqft=900), sale(3)], read=READS[0], window_end=END)
    assert search.enough and search.found.rule == RULES[0]
    assert "sq ft" not in search.found.rule.words(END, None)


def test_the_rules_are_said_in_words():
    assert RULES[0].words(END, 1640) == "within 0.5 miles, sold in the 12 months to 2026-10-31, within ±20 % of 1,640 sq ft"
    assert RULES[3].words(END, 1640) == "within 1 mile, sold in the 24 months to 2026-10-31, of any size"


def test_the_first_read_skips_what_cannot_hold_enough():
    assert first_read({READS[0]: 12, READS[1]: 40, READS[2]: 90}) == READS[0]
    assert first_read({READS[0]: MIN_COMPS - 1, READS[1]: 5, READS[2]: 9}) == READS[1]
    assert first_read({READS[0]: 0, READS[1]: 1, READS[2]: 2}) == READS[2]
    assert first_read({READS[0]: None}) == READS[0], "a count not known: read it"


def test_a_sale_from_the_clients_deal():
    deal = SimpleNamespace(
        id="deal_1", sale_date=date(2026, 1, 2), price=250_000, kind="flip", distance_miles=0.3,
        buyer=SimpleNamespace(investor_id="inv_0123456789ab", name="ACME LLC", display_name="Acme LLC"),
        property=SimpleNamespace(property_id="prop_1", latitude=32.8, longitude=-96.8, living_area_sqft=1500.0,
                                 bedrooms=3, bathrooms=2.0, year_built=1990, city="Dallas", zip="75201"))
    found = sale_of(deal)
    assert (found.buyer_name, found.buyer_id, found.living_area_sqft, found.price_per_sqft) == (
        "Acme LLC", "inv_0123456789ab", 1500, 250_000 / 1500)
    bare = sale_of(SimpleNamespace(id="deal_2", property=None, buyer=None))
    assert bare.price is None and bare.living_area_sqft is None and bare.buyer_name is None


def test_the_whole_search_reads_only_as_wide_as_it_must():
    by_reach = {READS[0]: [sale(1), sale(2)], READS[1]: [sale(1), sale(2), sale(3, miles=0.8)],
                READS[2]: [sale(1), sale(2), sale(3, miles=0.8), sale(4, months_ago=20)]}
    asked = []

    def read(reach):
        asked.append(reach)
        return by_reach[reach]

    search = run_search(SUBJECT, END, {READS[0]: 5, READS[1]: 9, READS[2]: 12}, read)
    assert asked == [READS[0], READS[1]] and search.found.rule == RULES[1] and len(search.found.comps) == 3
    asked.clear()
    run_search(SUBJECT, END, {READS[0]: 1, READS[1]: 9, READS[2]: 12}, read)
    assert asked == [READS[1]], "a read that cannot hold enough is not paid for"


def test_a_read_as_the_clients_filters():
    assert READS[2].filters(SUBJECT, END) == {"lat": 32.8, "lng": -96.8, "radius_miles": 1.0, "from_": "2024-11-01",
                                               "to": "2026-10-31"}
