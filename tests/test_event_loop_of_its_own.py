"""A test outside the browser modules runs its own asyncio loop even while the worker's Chromium keeps
Playwright's loop marked as running on the thread (tests/conftest.py: an_event_loop_of_its_own)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import anyio
import pytest


@pytest.fixture(scope="module")
def a_loop_left_running() -> Iterator[asyncio.AbstractEventLoop]:
    """As Playwright's sync API leaves the thread between browser tests: its loop marked as running."""
    loop = asyncio.new_event_loop()
    asyncio._set_running_loop(loop)
    yield loop
    asyncio._set_running_loop(None)
    loop.close()


async def answer() -> int:
    await asyncio.sleep(0)
    return 42


def test_asyncio_run_works_beside_a_loop_left_running(a_loop_left_running):
    assert asyncio.run(answer()) == 42


def test_anyio_run_works_beside_a_loop_left_running(a_loop_left_running):
    assert anyio.run(answer) == 42
