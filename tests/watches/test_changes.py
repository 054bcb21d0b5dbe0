"""What changed for a watch between two publishes, from the free figures (watches/changes.py)."""

from __future__ import annotations

import pytest

from watches.changes import CHANGED, NEW, UNCHANGED, Change, compare, what_changed
from watches.model import INVESTOR, PARCEL, VIEW, Figures, Seen, new_watch


@pytest.mark.parametrize(("then", "now", "expected"), [
    pytest.param(Figures(10, (("2026-09", 6), ("2026-10", 4))), Figures(14, (("2026-09", 6), ("2026-10", 4), ("2026-11", 4))),
                 Change(4, (("2026-11", 4),), None), id="a-new-month"),
    pytest.param(Figures(10, (("2026-10", 4),)), Figures(13, (("2026-10", 5), ("2026-11", 2))),
                 Change(3, (("2026-11", 2), ("2026-10", 1)), None), id="a-deed-recorded-late-counts-in-its-month"),
    pytest.param(Figures(10, (("2026-10", 4),)), Figures(10, (("2026-10", 4),)), None, id="the-same-months"),
    pytest.param(Figures(10, (("2026-10", 4),)), Figures(9, (("2026-10", 3),)), None, id="fewer-is-no-news"),
    pytest.param(Figures(1748, last_on="2026-10-29"), Figures(1750, last_on="2026-11-16"),
                 Change(2, (), "2026-11-16"), id="a-count-and-its-latest-date"),
    pytest.param(Figures(1748, last_on="2026-10-29"), Figures(1748, last_on="2026-11-02"),
                 Change(1, (), "2026-11-02"), id="a-later-date-with-the-same-count-is-one-new"),
    pytest.param(Figures(1748, last_on=None), Figures(1749, last_on=None), Change(1, (), None), id="no-dates-served"),
    pytest.param(Figures(None), Figures(1749), None, id="no-count-then-nothing-to-compare"),
])
def test_what_changed(then, now, expected):
    assert what_changed(then, now) == expected


@pytest.mark.parametrize(("kind", "change", "words"), [
    pytest.param(VIEW, Change(4, (("2026-11", 4),), None), "4 new deals in Nov 2026", id="one-month"),
    pytest.param(VIEW, Change(3, (("2026-11", 2), ("2026-10", 1)), None), "3 new deals: 2 in Nov 2026, 1 in Oct 2026",
                 id="two-months"),
    pytest.param(PARCEL, Change(1, (("2026-11", 1),), None), "1 new deed in Nov 2026", id="one-deed"),
    pytest.param(INVESTOR, Change(2, (), "2026-11-16"), "2 new purchases, the latest on 16 Nov 2026", id="a-latest-date"),
    pytest.param(INVESTOR, Change(1, (), None), "1 new purchase", id="a-bare-count"),
    pytest.param(VIEW, Change(10, tuple((f"2026-{m:02d}", 2) for m in range(5, 0, -1)), None),
                 "10 new deals: 2 in May 2026, 2 in Apr 2026, 2 in Mar 2026, and 2 more months", id="many-months"),
])
def test_a_change_in_words(kind, change, words):
    assert change.words(kind) == words


def test_first_month_is_where_the_maps_link_starts():
    assert Change(3, (("2026-11", 2), ("2026-10", 1)), None).first_month == "2026-10"
    assert Change(1, (), "2026-11-16").first_month == "2026-11"
    assert Change(1, (), None).first_month is None


def watch_seen(seen):
    return new_watch(VIEW, {"market": "DFW"}, "Dallas-Fort Worth", "2026-11-01T00:00:00", seen)


def test_compare_says_new_unchanged_or_changed():
    figures = Figures(10, (("2026-10", 10),))
    now = Seen("2", "2026-11-30", Figures(12, (("2026-10", 10), ("2026-11", 2))))
    assert compare(watch_seen(None), now).status == NEW
    same_version = compare(watch_seen(Seen("2", "2026-11-30", figures)), now)
    assert same_version.status == UNCHANGED and "30 Nov 2026" in same_version.note
    changed = compare(watch_seen(Seen("1", "2026-10-31", figures)), now)
    assert changed.status == CHANGED and changed.change.count == 2 and changed.now == now
    republished = compare(watch_seen(Seen("1", "2026-10-31", now.figures)), now)
    assert republished.status == UNCHANGED, "a publish that added nothing here"
