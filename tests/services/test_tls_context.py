"""Every client the app builds takes the process's one TLS context (services/transport.py): each
would otherwise load the system's certificates again, about 20 ms of a core per session's data
client, per login and per token exchange (`python -m bench http_clients`)."""

from __future__ import annotations

from types import SimpleNamespace

import httpx2

from services.oauth.login import MarketplaceLogin
from services.transport import new_http_client, shared_tls_context


def tls_context_of(client: httpx2.Client):
    return client._transport._pool._ssl_context  # httpcore2's pool holds the context it was given


def test_the_apps_clients_share_one_tls_context_that_verifies():
    one, two = new_http_client(), new_http_client()
    assert tls_context_of(one) is tls_context_of(two) is shared_tls_context()
    assert shared_tls_context().check_hostname, "the shared context still checks the host's certificate"


def test_a_logins_clients_take_it_too():
    settings = SimpleNamespace(auth_url="https://auth.example", marketplace_url="https://market.example",
                               app_url="https://app.example", oauth_client_id="deedscope")
    login = MarketplaceLogin(settings)
    assert tls_context_of(login._http) is shared_tls_context()
    login._metadata = SimpleNamespace(token_endpoint="https://auth.example/token")
    assert tls_context_of(login.oauth_client()) is shared_tls_context()
