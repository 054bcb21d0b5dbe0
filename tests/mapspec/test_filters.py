"""The deal filters: their kinds are the contract's, their label says what is set, a range
the wrong way round is dropped and said."""

from __future__ import annotations

from datetime import date

import pytest

from mapspec.filters import KIND_LABELS, KINDS, DealFilters, filters_in, filters_label
from services.contract import DEAL_KINDS


def test_the_kinds_offered_are_the_contracts_in_reading_order():
    assert set(KINDS) == DEAL_KINDS and set(KIND_LABELS) == DEAL_KINDS
    assert KINDS == ("flip", "wholesale", "long_hold", "hold", "build", "acquisition")


@pytest.mark.parametrize(
    ("filters", "label"),
    [
        pytest.param(DealFilters(), "Filters: any date, kind, price", id="none"),
        pytest.param(DealFilters(kinds=("flip", "long_hold")), "Filters: Flip, Long hold", id="two-kinds"),
        pytest.param(DealFilters(kinds=("flip", "hold", "build")), "Filters: 3 kinds", id="many-kinds"),
        pytest.param(DealFilters(sold_from=date(2025, 1, 1)), "Filters: from 2025-01-01", id="from"),
        pytest.param(
            DealFilters(sold_from=date(2025, 1, 1), sold_to=date(2025, 6, 30), min_price=200_000),
            "Filters: 2025-01-01 to 2025-06-30 · $200,000 or more",
            id="dates-and-a-floor",
        ),
        pytest.param(DealFilters(max_price=500_000), "Filters: up to $500,000", id="ceiling"),
        pytest.param(DealFilters(min_price=0, max_price=500_000), "Filters: $0 to $500,000", id="range"),
    ],
)
def test_the_filters_button_says_what_is_set(filters, label):
    assert filters_label(filters) == label


@pytest.mark.parametrize(
    ("filters", "kept", "problems"),
    [
        pytest.param(DealFilters(kinds=("flip",)), DealFilters(kinds=("flip",)), [], id="sound"),
        pytest.param(
            DealFilters(sold_from=date(2025, 6, 1), sold_to=date(2025, 1, 1), min_price=5),
            DealFilters(min_price=5),
            ["The start date is after the end date: swap them or clear one."],
            id="dates-swapped",
        ),
        pytest.param(
            DealFilters(sold_from=date(2025, 1, 1), min_price=500, max_price=100),
            DealFilters(sold_from=date(2025, 1, 1)),
            ["The minimum price is above the maximum: correct one of them."],
            id="prices-swapped",
        ),
    ],
)
def test_a_range_the_wrong_way_round_is_dropped_and_said(filters, kept, problems):
    assert filters.checked() == (kept, problems)


def test_the_filters_are_read_from_the_widgets_keys():
    state = {"f_from": date(2025, 1, 1), "f_kinds": ["hold"], "f_min": 100.0}
    assert filters_in(state, "f") == DealFilters(sold_from=date(2025, 1, 1), kinds=("hold",), min_price=100)
