"""Tokens after the login: refresh with `resource`, rotation, reuse detection, one refresh for
two reruns, revocation on log-out (marketplace-api.md, Authentication 4 and 5)."""

from __future__ import annotations

import threading

import httpx2
import pytest

from services.oauth import REFRESH_LEEWAY_S, LoginError
from tests.services.test_oauth_consent import log_in, make_login, marketplace_login  # noqa: F401 - fixture


def me_status(sandbox_url: str, access_token: str) -> int:
    response = httpx2.get(f"{sandbox_url}/marketplace/v1/me", headers={"Authorization": f"Bearer {access_token}"}, timeout=60)
    return response.status_code


def refresh_directly(login, refresh_token: str) -> httpx2.Response:
    """A refresh request as any client would send it, outside our holder."""
    return httpx2.post(
        login.metadata.token_endpoint,
        data={"grant_type": "refresh_token", "refresh_token": refresh_token, "client_id": login.client_id, "resource": login.resource},
        timeout=60,
    )


def test_refresh_rotates_the_refresh_token_and_keeps_the_marketplace_audience(sandbox, marketplace_login):
    holder = log_in(marketplace_login)
    first = holder.token
    holder.refresh()
    second = holder.token
    assert second["refresh_token"] != first["refresh_token"]
    assert second["access_token"] != first["access_token"]
    # The refreshed token still opens the marketplace: the refresh carried `resource`.
    assert me_status(sandbox.url, second["access_token"]) == 200


def test_the_refresh_request_carries_resource(sandbox, marketplace_login):
    """The sandbox takes the strict reading (a refresh without `resource` has no marketplace
    audience), so a holder that dropped it would be refused here."""
    sent: list[bytes] = []
    holder = log_in(marketplace_login)
    real = marketplace_login._add_resource

    def watched(url, headers, body):
        url, headers, body = real(url, headers, body)
        sent.append(body.encode() if isinstance(body, str) else body)
        return url, headers, body

    marketplace_login._add_resource = watched
    holder.refresh()
    assert sent and b"resource=" in sent[0]
    assert me_status(sandbox.url, holder.token["access_token"]) == 200


def test_replaying_a_rotated_refresh_token_ends_the_whole_family(sandbox, marketplace_login):
    holder = log_in(marketplace_login)
    rotated_away = holder.token["refresh_token"]
    holder.refresh()

    replay = refresh_directly(marketplace_login, rotated_away)
    assert replay.status_code == 400
    assert replay.json()["error"] == "invalid_grant"

    # Reuse detection revoked the family: the holder's current token is refused too.
    with pytest.raises(LoginError) as ended:
        holder.refresh()
    assert ended.value.code == "login_required"
    assert "log in" in ended.value.recovery.lower()
    assert holder.token["access_token"] == ""


def test_two_reruns_refreshing_together_send_one_refresh(sandbox, marketplace_login):
    holder = log_in(marketplace_login)
    rejected = holder.access_token()
    barrier = threading.Barrier(2)
    results: list[str] = []
    failures: list[BaseException] = []

    def rerun() -> None:
        barrier.wait()
        try:
            results.append(holder.refresh_after_rejection(rejected))
        except BaseException as error:  # noqa: BLE001 - reported below
            failures.append(error)

    threads = [threading.Thread(target=rerun) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert not failures, failures
    assert len(results) == 2 and results[0] == results[1] != rejected
    # Had both refreshed, the second would have replayed a spent token and burned the family.
    holder.refresh()
    assert me_status(sandbox.url, holder.access_token()) == 200


def test_access_token_is_refreshed_before_it_ends(sandbox, tmp_path):
    now = [1_000_000.0]
    with make_login(sandbox.url, tmp_path, clock=lambda: now[0]) as login:
        holder = log_in(login)
        first = holder.token
        assert holder.access_token() == first["access_token"]

        now[0] += int(first["expires_in"]) - REFRESH_LEEWAY_S + 1
        renewed = holder.access_token()
        assert renewed != first["access_token"]
        assert holder.token["refresh_token"] != first["refresh_token"]
        assert me_status(sandbox.url, renewed) == 200


def test_log_out_revokes_the_refresh_token_and_its_access_tokens(sandbox, marketplace_login):
    holder = log_in(marketplace_login)
    token = holder.token
    assert me_status(sandbox.url, token["access_token"]) == 200

    holder.log_out()

    refused = refresh_directly(marketplace_login, token["refresh_token"])
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant"
    assert me_status(sandbox.url, token["access_token"]) == 401


def test_a_token_holder_never_shows_its_tokens(marketplace_login):
    holder = log_in(marketplace_login)
    token = holder.token
    text = repr(holder) + str(holder)
    assert token["access_token"] not in text
    assert token["refresh_token"] not in text
