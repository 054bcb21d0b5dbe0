"""Whether the map draws tiles (services/basemap.py), probed against real loopback servers."""

from __future__ import annotations

import socket
import time

import pytest

from services.basemap import tiles_reachable, tiles_wanted
from tests.processes import free_port
from tests.tile_style import style_server


def test_a_style_that_answers_means_tiles():
    with style_server() as url:
        assert tiles_reachable(f"{url}/style.json") is True


def test_a_style_that_is_missing_means_no_tiles():
    with style_server() as url:
        assert tiles_reachable(f"{url}/missing.json") is False


def test_a_host_that_refuses_means_no_tiles():
    assert tiles_reachable(f"http://127.0.0.1:{free_port()}/style.json") is False


def test_a_host_that_never_answers_means_no_tiles_within_the_timeout():
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()  # accepts the connection, never answers
        started = time.monotonic()
        assert tiles_reachable(f"http://127.0.0.1:{silent.getsockname()[1]}/style.json", timeout_s=0.3) is False
        assert time.monotonic() - started < 3


@pytest.mark.parametrize("setting", ["none", "off", "False", " 0 "])
def test_none_never_asks(setting):
    def never() -> bool:
        raise AssertionError("the tiles are not asked about when the setting says none")

    assert tiles_wanted(setting, never) is False


def test_carto_always_draws_tiles_without_asking():
    def never() -> bool:
        raise AssertionError("the tiles are not asked about when the setting says carto")

    assert tiles_wanted("carto", never) is True


@pytest.mark.parametrize("setting", [None, "auto", "AUTO", "something else"])
@pytest.mark.parametrize("answer", [True, False])
def test_auto_follows_the_tiles_answer(setting, answer):
    asked = []
    assert tiles_wanted(setting, lambda: asked.append(1) or answer) is answer
    assert asked == [1]
