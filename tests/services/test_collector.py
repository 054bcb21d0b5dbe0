"""The cyclic collector is paused only while an answer is parsed, and always given back."""

from __future__ import annotations

import gc
import threading

import pytest

from services.collector import collector_paused
from services.envelope import envelope_parser
from services.data_api.models import Deal


@pytest.fixture
def collector_on():
    was_enabled = gc.isenabled()
    gc.enable()
    yield
    if not was_enabled:
        gc.disable()


def test_pause_nests_and_gives_the_collector_back(collector_on):
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled(), "the outer pause is still running"
    assert gc.isenabled()


def test_pause_keeps_a_collector_that_was_off_off(collector_on):
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_pause_of_two_threads_ends_with_the_last(collector_on):
    first_inside, second_done = threading.Event(), threading.Event()
    seen: list[bool] = []

    def first() -> None:
        with collector_paused():
            first_inside.set()
            second_done.wait(5)
            seen.append(gc.isenabled())

    thread = threading.Thread(target=first)
    thread.start()
    assert first_inside.wait(5)
    with collector_paused():
        pass
    second_done.set()
    thread.join(5)
    assert seen == [False], "the second pause ending must not switch the collector on under the first"
    assert gc.isenabled()


def test_parse_error_gives_the_collector_back(collector_on):
    parse = envelope_parser(list[Deal])
    with pytest.raises(ValueError):
        parse(b'{"data": [{"id": 5}], "meta": {}}')
    assert gc.isenabled()
    page = parse(b'{"data": [{"id": "deal_1", "price": 100, "new_field": 1}], "meta": {}}')
    assert page.data[0].id == "deal_1" and page.data[0].new_field == 1
    assert gc.isenabled()
