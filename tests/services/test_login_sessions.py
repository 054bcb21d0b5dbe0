"""Login sessions on the server (services/stores/login_sessions.py) against the real sandbox issuer:
tokens sealed at rest, found by an opaque id, shared by two "replicas" over one store (memory
here, Redis in tests/services/test_login_sessions_redis.py), one refresh for both, log-out
ending the session everywhere and revoking at the issuer."""

from __future__ import annotations

import threading

import pytest

from services.stores.memory import MemoryStore
from services.stores.login_sessions import SessionStore, SessionTokens, StoreClientRegistry
from services.oauth import LoginError
from services.oauth.login import REDIRECT_URI_KEY
from tests.services.test_oauth_consent import log_in, make_login, marketplace_login  # noqa: F401 - fixture
from tests.services.test_oauth_tokens import me_status, refresh_directly

SECRET = "a session key from settings"


def sealed_values(store: MemoryStore) -> list[bytes]:
    return [store.get(key) for key in list(store._entries.keys())]


def test_tokens_are_sealed_at_rest_and_found_only_by_the_id():
    store = MemoryStore()
    sessions = SessionStore(store, SECRET)
    token = {"access_token": "at-secret", "refresh_token": "rt-secret", "expires_at": 1e12}
    session_id = sessions.create(token)
    assert len(session_id) >= 40
    assert sessions.load(session_id) == token
    for value in sealed_values(store):
        assert b"rt-secret" not in value and b"at-secret" not in value
    assert all(session_id not in key for key in store._entries.keys()), "the store's key is a hash, not the id"
    assert sessions.load("not-" + session_id) is None
    # Another key (DEEDSCOPE_SESSION_KEY changed) reads nothing: the person logs in again.
    assert SessionStore(store, "another key").load(session_id) is None
    sessions.end(session_id)
    assert sessions.load(session_id) is None
    assert "rt-secret" not in repr(sessions)


def test_two_replicas_share_a_login_and_refresh_it_once(sandbox, marketplace_login):
    store = MemoryStore()
    sessions = SessionStore(store, SECRET)
    session_id = sessions.create(log_in(marketplace_login).token)
    on_a = SessionTokens(marketplace_login, sessions, session_id, sessions.load(session_id))
    on_b = SessionTokens(marketplace_login, SessionStore(store, SECRET), session_id, sessions.load(session_id))
    first_refresh_token = sessions.load(session_id)["refresh_token"]

    # Both find the access token near its end at once: one refresh, both use its result.
    for holder in (on_a, on_b):
        holder._token["expires_at"] = 0
    sessions.save(session_id, {**sessions.load(session_id), "expires_at": 0})
    results: list[str] = []
    threads = [threading.Thread(target=lambda h=h: results.append(h.access_token())) for h in (on_a, on_b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(results)) == 1
    stored = sessions.load(session_id)
    assert stored["refresh_token"] != first_refresh_token
    assert stored[REDIRECT_URI_KEY] == marketplace_login.redirect_uri, "the login's redirect URI outlives a refresh"
    assert me_status(sandbox.url, results[0]) == 200


def test_log_out_on_one_replica_ends_the_session_on_the_other_and_revokes(sandbox, marketplace_login):
    store = MemoryStore()
    sessions = SessionStore(store, SECRET)
    session_id = sessions.create(log_in(marketplace_login).token)
    refresh_token = sessions.load(session_id)["refresh_token"]
    on_a = SessionTokens(marketplace_login, sessions, session_id, sessions.load(session_id))
    on_b = SessionTokens(marketplace_login, sessions, session_id, sessions.load(session_id))
    on_a.log_out()
    with pytest.raises(LoginError) as ended:
        on_b.access_token()
    assert ended.value.code == "login_required"
    assert refresh_directly(marketplace_login, refresh_token).json()["error"] == "invalid_grant"


def test_a_spent_refresh_token_ends_the_session(sandbox, marketplace_login):
    sessions = SessionStore(MemoryStore(), SECRET)
    session_id = sessions.create(log_in(marketplace_login).token)
    marketplace_login.revoke(sessions.load(session_id)["refresh_token"])
    holder = SessionTokens(marketplace_login, sessions, session_id, sessions.load(session_id))
    with pytest.raises(LoginError):
        holder.refresh()
    assert sessions.load(session_id) is None


def test_replicas_share_the_dynamic_registration(sandbox, tmp_path):
    store = MemoryStore()
    with make_login(sandbox.url, tmp_path) as first, make_login(sandbox.url, tmp_path / "other") as second:
        first.client_registry = StoreClientRegistry(store)
        second.client_registry = StoreClientRegistry(store)
        assert first.client_id == second.client_id
