"""adapter/collector.py: after the first run, the collection Streamlit runs after each run
walks only what runs create, not the app's long-lived objects (issue 18: a rerun that
followed another at once waited 300 to 400 ms for it)."""

from __future__ import annotations

import gc

import pytest

from adapter import collector


@pytest.fixture
def served(monkeypatch):
    """A served app's process (the runtime exists); the test's process unfrozen afterwards."""
    monkeypatch.setattr(collector, "browser_session", lambda: True)
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_the_first_call_freezes_what_is_loaded_and_the_collector_walks_only_new_objects(served):
    import pandas  # noqa: F401 - long-lived objects, as the app's modules are

    # What earlier tests left as garbage is collected before the freeze: count what lives on.
    gc.collect()
    walked_before = len(gc.get_objects())
    assert collector.freeze_what_lives_long() is True
    assert gc.get_freeze_count() >= walked_before * 0.9
    created = {"made by a run": []}
    walked = gc.get_objects()
    assert len(walked) < walked_before / 10, "the collector still walks the loaded objects"
    assert any(item is created for item in walked), "what a run creates is still collected"


def test_it_freezes_once_per_process(served):
    assert collector.freeze_what_lives_long() is True
    assert collector.freeze_what_lives_long() is False


def test_an_apptest_run_leaves_the_process_as_it_is(monkeypatch):
    monkeypatch.setattr(collector, "browser_session", lambda: False)
    gc.unfreeze()
    assert collector.freeze_what_lives_long() is False
    assert gc.get_freeze_count() == 0
