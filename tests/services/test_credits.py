"""Credit headers and the cost estimate (data-api.md, Limits 3)."""

from __future__ import annotations

import pytest

from services.data_api.credits import CreditMeter, Credits


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        pytest.param({"X-Credits-Charged": "3", "X-Credits-Remaining": "9997"}, Credits(3, 9997), id="both"),
        pytest.param({"X-Credits-Remaining": "10"}, Credits(None, 10), id="remaining-only"),
        pytest.param({}, Credits(None, None), id="none"),
        pytest.param({"X-Credits-Charged": "x"}, Credits(None, None), id="unreadable"),
    ],
)
def test_credits_from_headers(headers: dict, expected: Credits) -> None:
    assert Credits.from_headers(headers) == expected


def meter_holding(kind: str, ids: list[str]) -> CreditMeter:
    meter = CreditMeter()
    meter.hold(kind, ids)
    return meter


@pytest.mark.parametrize(
    ("meter", "kind", "ids", "count", "expected"),
    [
        pytest.param(CreditMeter(), "deal", ["d1", "d2"], None, 2, id="new-ids-count-one-each"),
        pytest.param(meter_holding("deal", ["d1"]), "deal", ["d1", "d2"], None, 1, id="held-ids-are-free"),
        pytest.param(meter_holding("deal", ["d1"]), "deal", ["d1", "d1"], None, 0, id="all-held"),
        pytest.param(CreditMeter(), "deal", ["d1", "d1", "d2"], None, 2, id="duplicates-once"),
        pytest.param(meter_holding("investor", ["x"]), "deal", ["x"], None, 1, id="kinds-apart"),
        pytest.param(CreditMeter(), "property", None, 40, 40, id="count-is-an-upper-bound"),
        pytest.param(CreditMeter(), "investor", [], None, 0, id="nothing"),
    ],
)
def test_estimate(meter: CreditMeter, kind: str, ids, count, expected: int) -> None:
    assert meter.estimate(kind, ids=ids, count=count) == expected


@pytest.mark.parametrize(
    ("kind", "ids", "count"),
    [
        pytest.param("parcel", ["a"], None, id="unknown-kind"),
        pytest.param("deal", None, None, id="neither"),
        pytest.param("deal", None, -1, id="negative-count"),
    ],
)
def test_estimate_refuses(kind: str, ids, count) -> None:
    with pytest.raises(ValueError):
        CreditMeter().estimate(kind, ids=ids, count=count)


def test_meter_totals_charges_and_keeps_last_remaining() -> None:
    meter = CreditMeter()
    meter.record(Credits(2, 98))
    meter.record(Credits(None, None))
    meter.record(Credits(0, 98))
    meter.record(Credits(1, 97))
    assert (meter.charged, meter.remaining, meter.responses_charged) == (3, 97, 2)


def test_one_persons_meter_over_two_tabs():
    """Each tab's meter adds what it spent to the person's record and shows the person's whole
    (issue 42: a login, a reload or a new tab cannot reset the meter or the budget)."""
    first, second = CreditMeter(), CreditMeter()
    first.record(Credits(3, 97))
    first.hold("deal", ["d1", "d2", "d3"])
    assert first.adds_to(None, since=0)
    record = first.added_to(None, since=0)
    assert record == {"charged": 3, "remaining": 97, "held": {"deal": ["d1", "d2", "d3"], "investor": [], "property": []}}
    second.take_up(record)
    assert (second.charged, second.remaining) == (3, 97)
    assert second.estimate("deal", ids=["d1", "d4"]) == 1, "a record the person holds costs nothing twice"
    assert not second.adds_to(record, since=3), "nothing new: nothing written"
    second.record(Credits(2, 95))
    record = second.added_to(record, since=3)
    assert record["charged"] == 5 and record["remaining"] == 95
    first.record(Credits(1, 94))  # the first tab spent meanwhile, from its own 3
    record = first.added_to(record, since=3)
    first.take_up(record)
    assert (record["charged"], first.charged, first.remaining) == (6, 6, 94), "both tabs' spending counts once"
