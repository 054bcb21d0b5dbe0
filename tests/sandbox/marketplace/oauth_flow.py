"""Drive the sandbox issuer with plain httpx2, as a person's browser would: GET the login
form, POST it, POST the consent form, read the `Location` of the redirect.

Not a test module: the marketplace tests log in through `login()`.
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
from dataclasses import dataclass
from html import unescape
from urllib.parse import parse_qs, urlsplit

import httpx2

REDIRECT_URI = "http://127.0.0.1:8501/marketplace"
ALL_SCOPES = (
    "marketplace:profile deals:read deals:write offers:read offers:write inquiries:read inquiries:write "
    "leads:read leads:write contacts:read reviews:read buy_boxes:manage webhooks:manage events:read offline_access"
)
_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')
# One client for every test request: building a client (its TLS context) costs ~0.15 s.
# conftest closes it at the end of the session.
http = httpx2.Client(timeout=60)


@dataclass
class Pkce:
    verifier: str
    challenge: str

    @classmethod
    def make(cls) -> "Pkce":
        verifier = secrets.token_urlsafe(48)
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        return cls(verifier, challenge)


def register_client(base_url: str, redirect_uri: str = REDIRECT_URI) -> str:
    response = http.post(f"{base_url}/auth/oauth2/register", json={
        "redirect_uris": [redirect_uri], "client_name": "deedscope tests", "token_endpoint_auth_method": "none",
    })
    assert response.status_code == 201, response.text
    return response.json()["client_id"]


def authorize_params(client_id: str, pkce: Pkce, *, scope: str = ALL_SCOPES, state: str = "state-123",
                     redirect_uri: str = REDIRECT_URI, method: str = "S256") -> dict[str, str]:
    return {"response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri, "scope": scope,
            "state": state, "code_challenge": pkce.challenge, "code_challenge_method": method}


def hidden_fields(html: str) -> dict[str, str]:
    return {name: unescape(value) for name, value in _HIDDEN.findall(html)}


def log_in(base_url: str, params: dict[str, str], email: str, password: str = "sandbox") -> httpx2.Response:
    """GET the form, POST the credentials; answers the consent page (or the login page again)."""
    endpoint = f"{base_url}/auth/oauth2/authorize"
    form = http.get(endpoint, params=params)
    assert form.status_code == 200, form.text
    return http.post(endpoint, data={**hidden_fields(form.text), "email": email, "password": password, "action": "login"})


def consent(base_url: str, consent_page: httpx2.Response, *, decision: str = "allow",
            accept_terms: bool = False) -> dict[str, str]:
    """POST the consent form; the query of the redirect back to the app."""
    assert consent_page.status_code == 200, consent_page.text
    data = {**hidden_fields(consent_page.text), "decision": decision}
    if accept_terms:
        data["accept_terms"] = "yes"
    answer = http.post(f"{base_url}/auth/oauth2/authorize", data=data)
    assert answer.status_code == 302, answer.text
    location = answer.headers["location"]
    assert location.startswith(REDIRECT_URI + "?") or "?" in location
    return {name: values[0] for name, values in parse_qs(urlsplit(location).query).items()}


def exchange(base_url: str, client_id: str, code: str, pkce: Pkce, *, resource: str | None) -> httpx2.Response:
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT_URI, "client_id": client_id,
            "code_verifier": pkce.verifier}
    if resource is not None:
        form["resource"] = resource
    return http.post(f"{base_url}/auth/oauth2/token", data=form)


def login(base_url: str, email: str, *, scope: str = ALL_SCOPES, accept_terms: bool = False,
          with_resource: bool = True) -> dict:
    """The token response for `email` on a freshly registered client, plus its `client_id`."""
    client_id = register_client(base_url)
    pkce = Pkce.make()
    page = log_in(base_url, authorize_params(client_id, pkce, scope=scope), email)
    query = consent(base_url, page, accept_terms=accept_terms)
    assert "code" in query, query
    resource = f"{base_url}/marketplace/v1" if with_resource else None
    response = exchange(base_url, client_id, query["code"], pkce, resource=resource)
    assert response.status_code == 200, response.text
    return {**response.json(), "client_id": client_id}
