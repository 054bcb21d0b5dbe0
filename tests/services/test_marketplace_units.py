"""The pure parts of the marketplace client and its rendering helpers, table-driven."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from components.marketplace_preview import seconds_left
from components.marketplace_problem import cap_reset_text
from services.errors import (
    ApiConnectionError, ApiStatusError, CapReachedError, InvalidInputError, error_class, error_from_response,
)
from services.stores.login_store import PENDING_LOGIN_TTL_S, LoginStore
from services.marketplace_api import IdempotencyKeys, offer_terms, require_id
from services.marketplace_api.models import MarketplaceOffer, UsageCap

NOON = datetime(2026, 11, 22, 12, 0, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("kind", "value", "ok"),
    [
        pytest.param("offer", "off_0123456789ab", True, id="offer id"),
        pytest.param("offer", " off_0123456789ab ", True, id="offer id with spaces around"),
        pytest.param("offer", "off_0123456789AB", True, id="upper-case hex (the documents say hex, not which case)"),
        pytest.param("offer", "off_0123456789", False, id="ten hex"),
        pytest.param("offer", "mkd_0123456789ab", False, id="deal id for an offer"),
        pytest.param("deal", "mkd_0123456789ab", True, id="deal id"),
        pytest.param("deal", "", False, id="empty"),
    ],
)
def test_ids_are_checked_before_a_request(kind, value, ok):
    if ok:
        assert require_id(kind, value) == value.strip()
    else:
        with pytest.raises(InvalidInputError) as refused:
            require_id(kind, value)
        assert refused.value.param == f"{kind}_id" and "12 hex" in refused.value.detail


@pytest.mark.parametrize(
    ("amount", "emd", "financing", "param"),
    [
        pytest.param(0, 0, "cash", "offer_amount", id="zero amount"),
        pytest.param(-5, 0, "cash", "offer_amount", id="negative amount"),
        pytest.param(100, -1, "cash", "emd_amount", id="negative emd"),
        pytest.param(100, 101, "cash", "emd_amount", id="emd above amount"),
        pytest.param(100, 10, "", "financing", id="no financing"),
    ],
)
def test_offer_terms_refuse_what_the_server_would(amount, emd, financing, param):
    with pytest.raises(InvalidInputError) as refused:
        offer_terms(amount, emd, financing, None)
    assert refused.value.param == param


def test_offer_terms_leave_out_an_empty_note():
    assert offer_terms(1000, 50, "cash", "") == {"offer_amount": 1000, "emd_amount": 50, "financing": "cash"}
    assert offer_terms(1000, 50, "cash", "hi")["note"] == "hi"


@pytest.mark.parametrize(
    ("expires_at", "left"),
    [
        pytest.param("2026-11-22T12:05:00Z", 300, id="five minutes"),
        pytest.param("2026-11-22T12:00:30Z", 30, id="thirty seconds"),
        pytest.param("2026-11-22T11:59:00Z", 0, id="past"),
        pytest.param(None, None, id="absent"),
        pytest.param("soon", None, id="unreadable"),
    ],
)
def test_time_left_of_a_preview(expires_at, left):
    assert seconds_left(expires_at, NOON) == left


@pytest.mark.parametrize(
    ("problem", "retry_after", "caps", "text"),
    [
        pytest.param({"resets_at": "2026-11-22T13:00:00Z", "action": "offers.counter"}, 3600, [], "The cap resets at 2026-11-22 13:00 UTC.", id="problem names it"),
        pytest.param({"action": "offers.create"}, 600, [UsageCap(action="offers.create", resets_at="2026-11-23T00:00:00Z")], "The cap resets at 2026-11-23 00:00 UTC.", id="caps row of the action"),
        pytest.param({}, 5400, [], "The cap resets in 1 h 30 min.", id="Retry-After only"),
        pytest.param({}, 4, [], "The cap resets in 4 s.", id="seconds said in seconds"),
        pytest.param({}, 125, [], "The cap resets in 2 min 5 s.", id="minutes and seconds"),
        pytest.param({}, 600, [], "The cap resets in 10 min.", id="whole minutes"),
        pytest.param({}, None, [], None, id="nothing known"),
    ],
)
def test_when_a_cap_resets(problem, retry_after, caps, text):
    body = {"code": "cap_reached", "title": "cap", "status": 429, "retry_after": retry_after, **problem}
    error = error_from_response(429, "application/problem+json", json.dumps(body).encode(), {})
    assert isinstance(error, CapReachedError) and error.retry_after == retry_after
    assert cap_reset_text(error, caps) == text


def test_a_pending_login_is_taken_once_and_not_after_ten_minutes():
    now = [0.0]
    store = LoginStore(clock=lambda: now[0])
    store.put(state="s1", code_verifier="v" * 64, redirect_uri="http://app/marketplace", return_to="marketplace")
    taken = store.take("s1")
    assert taken is not None and taken.code_verifier == "v" * 64
    assert store.take("s1") is None

    store.put(state="s2", code_verifier="w" * 64, redirect_uri="http://app/marketplace", return_to="marketplace")
    now[0] += PENDING_LOGIN_TTL_S + 1
    assert store.take("s2") is None
    assert store.take("never-made") is None


def _status_error(status: int, code: str, *, retry_after: float | None = None) -> ApiStatusError:
    return error_class(status, code)(status, {"code": code, "detail": code}, retry_after=retry_after)


def _send_failing(keys: IdempotencyKeys, action: str, body: dict, failure: Exception, sent: list[str]) -> None:
    """One write whose send fails with `failure`, its key noted in `sent`."""

    def failing(key: str):
        sent.append(key)
        raise failure

    with pytest.raises(type(failure)):
        keys.run(action, body, failing)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("failure", "kept"),
    [
        pytest.param(ApiConnectionError("connection reset"), True, id="no answer"),
        pytest.param(_status_error(503, "origin_error"), True, id="5xx"),
        pytest.param(_status_error(409, "idempotency_in_progress", retry_after=1), True, id="still in progress"),
        pytest.param(_status_error(429, "cap_reached", retry_after=87), False, id="429 renews the key"),
        pytest.param(_status_error(422, "preview_expired"), False, id="definite refusal"),
        pytest.param(_status_error(409, "offer_exists"), False, id="conflict"),
    ],
)
def test_a_key_outlives_a_failure_only_when_the_outcome_is_unknown(failure, kept):
    store: dict = {}
    clock = Clock()
    keys = IdempotencyKeys(store, clock=clock)
    body = {"offer": "off_0123456789ab", "decline_reason": None}
    sent: list[str] = []
    _send_failing(keys, "withdraw", body, failure, sent)
    assert keys.pending("withdraw", body) is kept
    clock.now += 3600
    retried = keys.run("withdraw", body, lambda key: sent.append(key) or "done")
    assert retried == "done"
    assert (sent[0] == sent[1]) is kept
    assert store == {}, "a success forgets the key, so the next click is a new action"


@pytest.mark.parametrize(
    ("failure", "held_s"),
    [
        pytest.param(_status_error(429, "cap_reached", retry_after=87), 87, id="cap_reached Retry-After 87"),
        pytest.param(_status_error(429, "rate_limited"), 1, id="429 naming no wait"),
        pytest.param(_status_error(409, "idempotency_in_progress", retry_after=1), 1, id="in progress"),
    ],
)
def test_a_write_is_never_resent_inside_the_retry_after(failure, held_s):
    clock = Clock()
    keys = IdempotencyKeys({}, clock=clock)
    body = {"offer": "off_0123456789ab", "offer_amount": 1000}
    sent: list[str] = []
    _send_failing(keys, "counter", body, failure, sent)
    clock.now += held_s - 0.5
    with pytest.raises(type(failure)) as held:
        keys.run("counter", body, lambda key: sent.append(key))
    assert len(sent) == 1, "nothing is sent inside the Retry-After"
    assert held.value.code == failure.code and 0 < held.value.retry_after <= held_s
    clock.now += 1
    keys.run("counter", body, lambda key: sent.append(key))
    assert len(sent) == 2


def test_a_429_keeps_a_key_whose_earlier_send_had_no_answer():
    """The first send may have acted: a later 429 says nothing about it, so the key stays."""
    clock = Clock()
    keys = IdempotencyKeys({}, clock=clock)
    body = {"offer": "mkd_0123456789ab", "offer_amount": 1000}
    sent: list[str] = []
    for failure in (ApiConnectionError("reset"), _status_error(429, "rate_limited", retry_after=2)):
        _send_failing(keys, "make_offer", body, failure, sent)
        clock.now += 5
    keys.run("make_offer", body, lambda key: sent.append(key))
    assert len(set(sent)) == 1


def test_another_body_gets_another_key():
    keys = IdempotencyKeys({})
    first = keys.key_for("counter", {"offer": "off_0123456789ab", "offer_amount": 1000})
    assert keys.key_for("counter", {"offer": "off_0123456789ab", "offer_amount": 1000}) == first
    assert keys.key_for("counter", {"offer": "off_0123456789ab", "offer_amount": 1100}) != first
    assert 1 <= len(first) <= 255


def _round(number: int, status: str, by: str, parent: str | None = None) -> MarketplaceOffer:
    return MarketplaceOffer(id=f"off_00000000000{number}", round=number, status=status, submitted_by=by, parent_offer_id=parent)


@pytest.mark.parametrize(
    ("chain", "open_id"),
    [
        pytest.param([_round(1, "countered", "buyer"), _round(2, "new", "seller", "off_000000000001")], "off_000000000002", id="documented words"),
        # A host labelling the open round otherwise: still the latest round, not closed.
        pytest.param([_round(1, "countered", "buyer"), _round(2, "open", "seller", "off_000000000001")], "off_000000000002", id="unknown word for the open round"),
        pytest.param([_round(2, "awaiting_buyer", "seller", "off_000000000001"), _round(1, "superseded", "buyer")], "off_000000000002", id="out of order, other words"),
        pytest.param([_round(1, "countered", "buyer"), _round(2, "new", "seller")], "off_000000000002", id="no parent ids: highest round"),
        pytest.param([_round(1, "countered", "buyer"), _round(2, "withdrawn", "seller", "off_000000000001")], None, id="closed chain"),
        pytest.param([_round(1, "accepted", "buyer")], None, id="accepted"),
        pytest.param([], None, id="empty"),
    ],
)
def test_the_open_round_is_derived_from_the_chain(chain, open_id):
    from services.marketplace_api.states import open_round

    found = open_round(chain)
    assert (found.id if found else None) == open_id


@pytest.mark.parametrize(
    ("status", "takes"),
    [
        pytest.param("active", True, id="active"),
        pytest.param(None, True, id="no status"),
        pytest.param("listed", True, id="unknown word: offered, the server decides"),
        pytest.param("pending", False, id="pending (documented)"),
    ],
)
def test_deals_that_take_offers(status, takes):
    from services.marketplace_api.models import MarketplaceDeal
    from services.marketplace_api.states import takes_offers

    assert takes_offers(MarketplaceDeal(id="mkd_0123456789ab", status=status)) is takes
