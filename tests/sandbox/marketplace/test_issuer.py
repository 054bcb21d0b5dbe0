"""The OAuth 2.1 issuer under /auth (marketplace-api.md, Authentication), driven as a browser would."""

from __future__ import annotations

import httpx2
from joserfc import jwt
from joserfc.jwk import KeySet

from tests.sandbox.marketplace.conftest import Market, problem
from tests.sandbox.marketplace.oauth_flow import (
    REDIRECT_URI, Pkce, authorize_params, consent, exchange, hidden_fields, http, log_in, login, register_client,
)


def _refresh(url: str, token: dict) -> httpx2.Response:
    return http.post(f"{url}/auth/oauth2/token", data={
        "grant_type": "refresh_token", "refresh_token": token["refresh_token"], "client_id": token["client_id"],
        "resource": f"{url}/marketplace/v1",
    })


def test_discovery_names_every_endpoint_and_s256_only(sandbox):
    """Authentication 2: endpoints come from the discovery document under the issuer."""
    document = http.get(f"{sandbox.url}/auth/.well-known/openid-configuration").json()
    issuer = f"{sandbox.url}/auth"
    assert document["issuer"] == issuer
    assert document["registration_endpoint"] == f"{issuer}/oauth2/register"
    assert document["revocation_endpoint"] == f"{issuer}/oauth2/revoke"
    assert document["authorization_endpoint"] == f"{issuer}/oauth2/authorize"
    assert document["token_endpoint"] == f"{issuer}/oauth2/token"
    assert document["code_challenge_methods_supported"] == ["S256"]
    assert len(set(document["scopes_supported"]) - {"offline_access"}) == 14
    keys = http.get(document["jwks_uri"]).json()["keys"]
    assert keys and all("d" not in key for key in keys)


def test_access_token_is_a_signed_jwt_with_the_documented_claims(sandbox):
    """Authentication 4 and decisions.md: JWT with iss, aud, exp (15 minutes), sub, client_id, scope."""
    token = login(sandbox.url, "buyer@sandbox.test")
    keys = KeySet.import_key_set(http.get(f"{sandbox.url}/auth/.well-known/jwks.json").json())
    claims = jwt.decode(token["access_token"], keys).claims
    assert claims["iss"] == f"{sandbox.url}/auth"
    assert claims["aud"] == f"{sandbox.url}/marketplace/v1"
    assert claims["exp"] - claims["iat"] == 15 * 60 == token["expires_in"]
    assert claims["client_id"] == token["client_id"]
    assert "offers:write" in claims["scope"].split()
    me = Market(sandbox.url, token).data("/me")
    assert me["client_id"] == token["client_id"]


def test_login_form_and_consent_page_carry_the_stable_selectors(sandbox):
    """The consent page lists scopes in words; the terms checkbox shows only until the side accepts."""
    client_id = register_client(sandbox.url)
    form = http.get(f"{sandbox.url}/auth/oauth2/authorize", params=authorize_params(client_id, Pkce.make()))
    for selector in ('name="email"', 'name="password"', ">Log in<"):
        assert selector in form.text
    fresh = log_in(sandbox.url, authorize_params(client_id, Pkce.make()), "newbuyer@sandbox.test")
    assert 'name="accept_terms"' in fresh.text and "Marketplace API Terms" in fresh.text
    assert ">Allow<" in fresh.text and ">Deny<" in fresh.text
    assert "Make, counter, accept, decline and withdraw offers" in fresh.text
    accepted = log_in(sandbox.url, authorize_params(client_id, Pkce.make()), "buyer@sandbox.test")
    assert 'name="accept_terms"' not in accepted.text


def test_wrong_password_shows_the_form_again(sandbox):
    client_id = register_client(sandbox.url)
    page = log_in(sandbox.url, authorize_params(client_id, Pkce.make()), "buyer@sandbox.test", password="nope")
    assert page.status_code == 401
    assert "wrong" in page.text and 'name="password"' in page.text


def test_plain_pkce_is_refused_with_an_error_redirect_carrying_state(sandbox):
    """Authentication 1: PKCE method S256; `plain` is refused."""
    client_id = register_client(sandbox.url)
    params = authorize_params(client_id, Pkce.make(), method="plain", state="keep-me")
    answer = http.get(f"{sandbox.url}/auth/oauth2/authorize", params=params)
    assert answer.status_code == 302
    location = answer.headers["location"]
    assert location.startswith(REDIRECT_URI + "?")
    assert "error=invalid_request" in location and "state=keep-me" in location


def test_redirect_uri_mismatch_shows_an_error_page_and_never_redirects(sandbox):
    client_id = register_client(sandbox.url)
    params = authorize_params(client_id, Pkce.make(), redirect_uri=REDIRECT_URI + "/other")
    answer = http.get(f"{sandbox.url}/auth/oauth2/authorize", params=params)
    assert answer.status_code == 400
    assert "location" not in answer.headers
    assert "did not register" in answer.text


def test_deny_redirects_with_access_denied_and_state(sandbox):
    client_id = register_client(sandbox.url)
    page = log_in(sandbox.url, authorize_params(client_id, Pkce.make(), state="s-42"), "buyer@sandbox.test")
    query = consent(sandbox.url, page, decision="deny")
    assert query["error"] == "access_denied" and query["state"] == "s-42"
    assert "code" not in query


def test_code_needs_the_right_verifier_and_works_once(sandbox):
    client_id = register_client(sandbox.url)
    pkce = Pkce.make()
    query = consent(sandbox.url, log_in(sandbox.url, authorize_params(client_id, pkce), "buyer@sandbox.test"))
    resource = f"{sandbox.url}/marketplace/v1"
    wrong = exchange(sandbox.url, client_id, query["code"], Pkce.make(), resource=resource)
    assert wrong.status_code == 400 and wrong.json()["error"] == "invalid_grant"
    # A failed exchange spent the code (RFC 6749 4.1.2: one use).
    again = exchange(sandbox.url, client_id, query["code"], pkce, resource=resource)
    assert again.json()["error"] == "invalid_grant"


def test_token_without_resource_has_no_marketplace_audience(sandbox):
    """Authentication 3c: without `resource` the gateway answers 401 unauthorized."""
    token = login(sandbox.url, "buyer@sandbox.test", with_resource=False)
    problem(Market(sandbox.url, token).get("/me"), 401, "unauthorized")


def test_refresh_without_resource_yields_no_marketplace_audience(sandbox):
    """The strict reading of Authentication 3c (docs/contract.md): each token request names its
    audience; a refresh that omits `resource` does not keep the family's."""
    token = login(sandbox.url, "buyer@sandbox.test")
    bare = http.post(f"{sandbox.url}/auth/oauth2/token", data={
        "grant_type": "refresh_token", "refresh_token": token["refresh_token"], "client_id": token["client_id"],
    })
    assert bare.status_code == 200
    problem(Market(sandbox.url, bare.json()).get("/me"), 401, "unauthorized")
    # A refresh naming it again restores the audience.
    named = _refresh(sandbox.url, {**bare.json(), "client_id": token["client_id"]})
    assert Market(sandbox.url, named.json()).get("/me").status_code == 200


def test_missing_or_garbled_bearer_answers_unauthorized(sandbox):
    api = f"{sandbox.url}/marketplace/v1/me"
    problem(http.get(api), 401, "unauthorized")
    problem(http.get(api, headers={"Authorization": "Bearer not-a-token"}), 401, "unauthorized")
    # A data-service key never opens a marketplace route (What the service does 4).
    problem(http.get(api, headers={"Authorization": "Bearer zpka_sandbox_demo"}), 401, "unauthorized")


def test_access_token_ends_after_fifteen_minutes(sandbox, buyer):
    """Limits: access token lifetime 15 minutes (the control clock passes them)."""
    assert buyer.get("/me").status_code == 200
    sandbox.advance_clock(15 * 60 + 1)
    problem(buyer.get("/me"), 401, "unauthorized")


def test_refresh_rotates_and_a_reused_refresh_token_revokes_the_family(sandbox):
    """Authentication 4: refresh tokens rotate; reuse of a rotated one ends the whole family."""
    first = login(sandbox.url, "buyer@sandbox.test")
    second = _refresh(sandbox.url, first)
    assert second.status_code == 200
    rotated = {**second.json(), "client_id": first["client_id"]}
    assert rotated["refresh_token"] != first["refresh_token"]
    assert Market(sandbox.url, rotated).get("/me").status_code == 200
    reused = _refresh(sandbox.url, first)
    assert reused.status_code == 400 and reused.json()["error"] == "invalid_grant"
    assert _refresh(sandbox.url, rotated).json()["error"] == "invalid_grant"
    problem(Market(sandbox.url, rotated).get("/me"), 401, "unauthorized")


def test_refresh_token_lives_thirty_days(sandbox):
    """Limits: refresh token lifetime 30 days."""
    token = login(sandbox.url, "buyer@sandbox.test")
    sandbox.advance_clock(29 * 86400)
    renewed = _refresh(sandbox.url, token)
    assert renewed.status_code == 200
    sandbox.advance_clock(31 * 86400)
    expired = _refresh(sandbox.url, {**renewed.json(), "client_id": token["client_id"]})
    assert expired.json()["error"] == "invalid_grant"


def test_revocation_ends_the_refresh_token_and_its_access_tokens(sandbox):
    """Authentication 5: revoking the refresh token ends it and every access token it minted."""
    token = login(sandbox.url, "buyer@sandbox.test")
    market = Market(sandbox.url, token)
    assert market.get("/me").status_code == 200
    revoked = http.post(f"{sandbox.url}/auth/oauth2/revoke",
                          data={"token": token["refresh_token"], "client_id": token["client_id"]})
    assert revoked.status_code == 200
    problem(market.get("/me"), 401, "unauthorized")
    assert _refresh(sandbox.url, token).json()["error"] == "invalid_grant"


def test_no_refresh_token_without_offline_access(sandbox):
    token = login(sandbox.url, "buyer@sandbox.test", scope="marketplace:profile offers:read")
    assert "refresh_token" not in token
    assert Market(sandbox.url, token).data("/me")["scopes"] == ["marketplace:profile", "offers:read"]


def test_personal_client_refuses_the_fourth_user(sandbox):
    """Authentication 3a: a registered client holds consent from at most three users; the fourth: client_limit."""
    client_id = register_client(sandbox.url)
    for email in ("buyer@sandbox.test", "newbuyer@sandbox.test", "owner@sandbox.test"):
        query = consent(sandbox.url, log_in(sandbox.url, authorize_params(client_id, Pkce.make()), email))
        assert "code" in query
    page = log_in(sandbox.url, authorize_params(client_id, Pkce.make(), state="s-4"), "member@sandbox.test")
    assert "client_limit" in page.text
    query = consent(sandbox.url, page)
    assert query["error"] == "client_limit" and query["state"] == "s-4"
    # A person who already consented may come back.
    again = consent(sandbox.url, log_in(sandbox.url, authorize_params(client_id, Pkce.make()), "buyer@sandbox.test"))
    assert "code" in again


def test_registration_refuses_a_confidential_client_and_bad_redirects(sandbox):
    endpoint = f"{sandbox.url}/auth/oauth2/register"
    secret_client = http.post(endpoint, json={"redirect_uris": [REDIRECT_URI], "token_endpoint_auth_method": "client_secret_basic"})
    assert secret_client.status_code == 400 and secret_client.json()["error"] == "invalid_client_metadata"
    no_redirect = http.post(endpoint, json={"client_name": "x"})
    assert no_redirect.json()["error"] == "invalid_redirect_uri"


def test_a_registered_app_connects_many_people_and_organizations(sandbox):
    """Authentication 3a: a registered app (not dynamically registered) has no personal-client limit."""
    app = http.get(f"{sandbox.url}/_sandbox/marketplace/fixtures").json()["data"]["registered_app"]
    redirect_uri = app["redirect_uris"][0]
    for email in ("buyer@sandbox.test", "newbuyer@sandbox.test", "owner@sandbox.test", "member@sandbox.test"):
        params = authorize_params(app["client_id"], Pkce.make(), redirect_uri=redirect_uri)
        page = log_in(sandbox.url, params, email)
        assert "client_limit" not in page.text
        answer = http.post(f"{sandbox.url}/auth/oauth2/authorize",
                           data={**hidden_fields(page.text), "decision": "allow"})
        assert answer.status_code == 302 and "code=" in answer.headers["location"]
