"""The app on a shared store (Redis) that does not answer: the pages keep reading (on this
process's memory) and the sidebar says what happened and that a marketplace login is asked
again (adapter/stores.py, services/resilient_store.py)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.pages.map_helpers import APP, TIMEOUT_S, point_app_at


def test_a_redis_that_does_not_answer_is_said_in_the_sidebar_and_the_map_still_reads(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    # Nothing listens on port 1: every Redis call fails at once.
    monkeypatch.setenv("DEEDSCOPE_CACHE_URL", "redis://:hunter2@127.0.0.1:1/0")
    monkeypatch.setenv("DEEDSCOPE_SESSION_KEY", "a test key")
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.run()
    assert not app.exception
    assert [title.value for title in app.title] == ["Where investors buy"]
    warnings = [str(element.value) for element in app.sidebar.warning]
    assert any("Redis" in text and "log in again" in text for text in warnings), warnings
    shown = "\n".join(warnings + [str(element.value) for element in app.sidebar.markdown])
    assert "hunter2" not in shown, "the store's password never shows"
    assert "Dataset version:** 1" in shown or "Dataset version" in shown


def test_without_a_shared_store_nothing_is_said(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    monkeypatch.delenv("DEEDSCOPE_CACHE_URL", raising=False)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.run()
    assert not app.exception
    assert not [element for element in app.sidebar.warning if "Redis" in str(element.value)]
