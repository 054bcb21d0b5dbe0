"""The map's colour classes (mapspec/classes.py): breaks by method, labels, the message's colours."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from mapspec.classes import (
    DEALS,
    EQUAL,
    INVESTORS,
    LOG,
    MANUAL,
    MISSING_COLOR,
    PALETTE,
    PRICE,
    QUANTILE,
    Classes,
    ColourChoice,
    class_breaks,
    parse_breaks,
)


@pytest.mark.parametrize(
    ("values", "method", "whole", "bounds"),
    [
        pytest.param(range(1, 101), QUANTILE, True, (1, 21, 41, 61, 81), id="quantile-even-counts"),
        # issue 26: mostly ones merged every quantile into one pale class; the distinct figures spread them.
        pytest.param([1] * 90 + [2, 3, 5, 8, 13, 21, 34, 55, 89, 144], QUANTILE, True, (1, 3, 8, 21, 55), id="quantile-mostly-ones"),
        pytest.param([1] * 90 + [2] * 5 + [3, 4, 8], QUANTILE, True, (1, 2, 3, 4, 5), id="quantile-narrow-filter"),
        pytest.param([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], QUANTILE, True, (1, 3, 5, 7, 9), id="quantile-small"),
        pytest.param([1, 101], EQUAL, True, (1, 21, 41, 61, 81), id="equal-steps"),
        pytest.param([1, 3], EQUAL, True, (1, 2, 3), id="equal-narrow-range-merges"),
        pytest.param([1, 10_000], LOG, True, (1, 7, 40, 252, 1585), id="log-counts"),
        pytest.param([0, 1, 1000], LOG, True, (0, 4, 16, 64, 252), id="log-zero-in-the-first-class"),
        pytest.param([100_000, 200_000, 300_000, 400_000, 500_000], EQUAL, False,
                     (100_000, 180_000, 260_000, 340_000, 420_000), id="equal-prices-at-thousands"),
        pytest.param([150_400, None, float("nan"), 250_600], QUANTILE, False,
                     (150_000, 171_000, 191_000, 211_000, 231_000), id="prices-skip-unpriced"),
        pytest.param([], QUANTILE, True, (0,), id="nothing"),
        pytest.param([None, None], LOG, False, (0,), id="no-prices"),
        pytest.param([7, 7, 7], EQUAL, True, (7,), id="one-value"),
    ],
)
def test_class_breaks(values, method, whole, bounds):
    assert class_breaks(values, method, whole=whole) == tuple(float(bound) for bound in bounds)


@pytest.mark.parametrize("method", [QUANTILE, EQUAL, LOG])
def test_breaks_ascend_start_at_the_least_and_stay_within_the_values(method):
    values = [1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]
    bounds = class_breaks(values, method)
    assert bounds[0] == 1 and list(bounds) == sorted(set(bounds)) and bounds[-1] <= max(values)
    assert len(bounds) <= len(PALETTE)


def test_an_unknown_method_is_refused():
    with pytest.raises(ValueError, match="unknown class method"):
        class_breaks([1, 2], "jenks")


@pytest.mark.parametrize(
    ("metric", "bounds", "labels"),
    [
        pytest.param(DEALS, (1, 2, 3, 5, 10), ["1", "2", "3–4", "5–9", "10+"], id="deals"),
        pytest.param(INVESTORS, (1, 4), ["1–3", "4+"], id="investors-two-classes"),
        pytest.param(PRICE, (150_000, 250_000, 1_200_000), ["$150k–$250k", "$250k–$1.2M", "$1.2M+"], id="prices"),
    ],
)
def test_legend_labels(metric, bounds, labels):
    classes = Classes(metric, QUANTILE, tuple(float(bound) for bound in bounds))
    assert [label for _, label in classes.classes()] == labels


def test_few_classes_spread_over_the_palette():
    assert Classes(DEALS, EQUAL, (1.0, 4.0)).palette() == [PALETTE[0], PALETTE[-1]]
    assert Classes(DEALS, EQUAL, (1.0, 2.0, 3.0)).palette() == [PALETTE[0], PALETTE[2], PALETTE[4]]
    assert Classes(DEALS, EQUAL, (0.0,)).palette() == [PALETTE[2]], "one class: a middle colour (issue 26)"


@pytest.mark.parametrize(
    ("metric", "count_at", "at"),
    [
        pytest.param(DEALS, 2, 2, id="deals-centre-form"),
        pytest.param(INVESTORS, 2, 3, id="investors-centre-form"),
        pytest.param(PRICE, 2, 4, id="price-centre-form"),
        pytest.param(PRICE, 1, 3, id="price-ring-form"),
    ],
)
def test_the_message_names_the_rows_value(metric, count_at, at):
    colors = Classes(metric, QUANTILE, (1.0, 5.0)).colors(count_at)
    assert colors["at"] == at
    assert colors["thresholds"] == [1, 5] and colors["missing"] == list(MISSING_COLOR)
    assert len(colors["palette"]) == len(colors["thresholds"])


def test_classes_of_a_frame_of_cells():
    cells = pd.DataFrame(
        {"cell": ["a", "b", "c"], "n_deals": [1, 5, 9], "n_investors": [1, 2, 3], "median_price": [100_000.0, math.nan, 300_000.0]}
    )
    assert Classes.of_cells(cells, PRICE, EQUAL).bounds == (100_000.0, 140_000.0, 180_000.0, 220_000.0, 260_000.0)
    assert Classes.of_cells(cells, DEALS, EQUAL).bounds[0] == 1.0
    assert Classes.of_cells(cells.iloc[0:0], DEALS, QUANTILE).bounds == (0.0,)


@pytest.mark.parametrize(
    ("text", "bounds", "problem"),
    [
        pytest.param("1, 3, 10", (1.0, 3.0, 10.0), None, id="counts"),
        pytest.param("150000;250_000", (150_000.0, 250_000.0), None, id="semicolons-and-underscores"),
        pytest.param("0", (0.0,), None, id="one-class"),
        pytest.param("", (), "Type the breaks", id="nothing"),
        pytest.param("1, ten", (), "are numbers", id="a-word"),
        pytest.param("3, 1", (), "go up", id="descending"),
        pytest.param("1, 1", (), "go up", id="repeated"),
        pytest.param("1, inf", (), "go up", id="infinite"),
        pytest.param("1,2,3,4,5,6", (), "At most 5", id="more-than-the-colours"),
    ],
)
def test_manual_breaks(text, bounds, problem):
    parsed, said = parse_breaks(text)
    assert parsed == bounds
    assert (said is None) if problem is None else (problem in said)


def test_manual_breaks_are_not_computed():
    with pytest.raises(ValueError, match="typed"):
        class_breaks([1, 2], MANUAL)


@pytest.mark.parametrize(
    ("choice", "manual_bounds", "computed", "link"),
    [
        pytest.param(ColourChoice(), None, QUANTILE, {"metric": None, "classes": None, "breaks": None}, id="the-defaults"),
        pytest.param(ColourChoice(PRICE, LOG, "1,2"), None, LOG, {"metric": PRICE, "classes": LOG, "breaks": None}, id="computed"),
        pytest.param(ColourChoice(DEALS, MANUAL, "1, 3, 10"), (1.0, 3.0, 10.0), QUANTILE,
                     {"metric": None, "classes": MANUAL, "breaks": "1, 3, 10"}, id="manual"),
        pytest.param(ColourChoice(DEALS, MANUAL, "3, 1"), None, QUANTILE,
                     {"metric": None, "classes": MANUAL, "breaks": "3, 1"}, id="manual-not-reading"),
    ],
)
def test_colour_choice(choice, manual_bounds, computed, link):
    classes, _ = choice.manual()
    assert (classes.bounds if classes else None) == manual_bounds
    assert choice.computed_method == computed and choice.link_fields() == link


def test_a_single_class_is_not_the_palest_colour():
    """issue 26: one class drew every cell in the palest yellow, as if nothing were there."""
    only = Classes(DEALS, QUANTILE, (1.0,))
    assert only.palette() == [PALETTE[len(PALETTE) // 2]] and only.palette()[0] != PALETTE[0]


def test_pasted_breaks_are_quoted_in_a_few_characters():
    """issue 26: a 5,000-character paste is said in one short line, not echoed whole."""
    bounds, problem = parse_breaks("x" * 5000)
    assert bounds == () and problem is not None and len(problem) < 100
