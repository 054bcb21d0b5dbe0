"""The app on a shared store (Redis) that does not answer: the pages keep reading (on this
process's memory) and the sidebar says what happened and that a marketplace login is asked
again (adapter/stores.py, services/stores/resilient.py)."""

from __future__ import annotations

import contextlib

import pytest
import redis
from streamlit.testing.v1 import AppTest

import adapter.marketplace
import adapter.stores
from components.marketplace_login import read_login_links
from devtools.services_process import run_redis
from tests.pages.map_helpers import APP, TIMEOUT_S, point_app_at
from tests.pages.marketplace_helpers import app_login  # noqa: F401 - fixture
from tests.services.test_oauth_consent import log_in

pytestmark = pytest.mark.shape_independent("a shared store that does not answer, whatever the data")


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


def test_a_redis_that_goes_away_mid_session_keeps_the_pages_and_asks_for_a_new_login(monkeypatch, sandbox, app_login):  # noqa: F811
    """Logged in to the marketplace through the shared store; Redis stops: the next run has no
    exception, the sidebar says so, and the Marketplace page asks for a login instead of failing."""
    with run_redis() as redis_url:
        point_app_at(monkeypatch, sandbox.url)
        monkeypatch.setenv("DEEDSCOPE_CACHE_URL", redis_url)
        monkeypatch.setenv("DEEDSCOPE_SESSION_KEY", "a test key")
        session_id = adapter.stores.stores().sessions.create(log_in(app_login).token)
        monkeypatch.setattr(adapter.marketplace, "session_cookie", lambda: session_id)  # the browser's HttpOnly cookie
        app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
        app.run()
        app.switch_page("pages/marketplace.py")
        app.run()
        assert not app.exception
        assert "Log out" in [button.label for button in app.button], "logged in through the session on Redis"
        assert not redis_warnings(app)

        with contextlib.suppress(redis.ConnectionError):
            redis.Redis.from_url(redis_url).shutdown(nosave=True)
        app.run()
        assert not app.exception
        assert any("log in again" in text for text in redis_warnings(app)), redis_warnings(app)
        assert "Log out" not in [button.label for button in app.button]
        assert [link["text"] for element in app.html for link in read_login_links(element.value)] == ["Log in"]

        app.switch_page("pages/map.py")
        app.run()
        assert not app.exception
        assert [title.value for title in app.title] == ["Where investors buy"]
        assert redis_warnings(app)


def redis_warnings(app: AppTest) -> list[str]:
    return [str(element.value) for element in app.sidebar.warning if "Redis" in str(element.value)]
