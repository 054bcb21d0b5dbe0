"""The login flow end to end against the sandbox issuer, driven over HTTP as a browser would.

`consent_through_issuer` is also what the other marketplace tests use to obtain real
tokens: GET the authorization page, POST its login and consent forms, and stop at the
`Location` that sends the browser back to the app with `code` and `state`.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx2
import pytest

from services.stores.login_store import LoginStore
from services.oauth import ClientRegistry, LoginError, MarketplaceLogin, TokenHolder
from services.oauth.issuer import IssuerMetadata
from services.settings import Settings

BUYER = "buyer@sandbox.test"
PASSWORD = "sandbox"
# Never contacted: the flow stops at the redirect and reads `code` and `state` from it.
TEST_APP_URL = "http://127.0.0.1:9"


class _Forms(HTMLParser):
    """Every <form> of a page with its inputs and submit buttons."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attributes = dict(attrs)
        if tag == "form":
            self.forms.append({"action": attributes.get("action") or "", "method": (attributes.get("method") or "get").lower(), "inputs": [], "buttons": []})
        elif not self.forms:
            return
        elif tag == "input":
            kind = (attributes.get("type") or "text").lower()
            if kind == "submit":
                self.forms[-1]["buttons"].append(attributes)
            else:
                self.forms[-1]["inputs"].append(attributes)
        elif tag == "button":
            self.forms[-1]["buttons"].append({**attributes, "_text": ""})
            self._button = self.forms[-1]["buttons"][-1]
        elif tag == "select":
            self.forms[-1]["inputs"].append(attributes)

    def handle_data(self, data: str) -> None:
        button = getattr(self, "_button", None)
        if button is not None:
            button["_text"] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "button":
            self._button = None


def _label(button: dict) -> str:
    return (button.get("_text") or button.get("value") or "").strip()


def consent_through_issuer(
    authorization_url: str,
    *,
    email: str = BUYER,
    password: str = PASSWORD,
    accept_terms: bool = True,
    decision: str = "Allow",
) -> str:
    """Log in and answer the consent page; returns the redirect URL back to the app."""
    with httpx2.Client(follow_redirects=False, timeout=30) as browser:
        response = browser.get(authorization_url)
        for _ in range(6):
            if response.status_code in (302, 303, 307):
                location = urljoin(str(response.url), response.headers["location"])
                if location.startswith(TEST_APP_URL) or "code=" in location or "error=" in location:
                    return location
                response = browser.get(location)
                continue
            assert response.status_code == 200, f"issuer page answered {response.status_code}: {response.text[:300]}"
            parser = _Forms()
            parser.feed(response.text)
            assert parser.forms, f"no form on the issuer page: {response.text[:300]}"
            form = parser.forms[-1]
            fields: dict[str, str] = {}
            for item in form["inputs"]:
                name = item.get("name")
                if not name:
                    continue
                kind = (item.get("type") or "text").lower()
                if name == "email":
                    fields[name] = email
                elif name == "password":
                    fields[name] = password
                elif kind == "checkbox":
                    if name == "accept_terms" and accept_terms or name != "accept_terms" and "checked" in item:
                        fields[name] = item.get("value") or "on"
                else:
                    fields[name] = item.get("value") or ""
            wanted = "Log in" if "password" in fields else decision
            buttons = [b for b in form["buttons"] if _label(b).lower() == wanted.lower()]
            assert buttons, f"no {wanted!r} button among {[_label(b) for b in form['buttons']]}"
            if buttons[0].get("name"):
                fields[buttons[0]["name"]] = buttons[0].get("value") or ""
            action = urljoin(str(response.url), form["action"] or str(response.url))
            response = browser.post(action, data=fields)
        raise AssertionError("the issuer never redirected back to the app")


def sandbox_settings(sandbox_url: str, app_url: str = TEST_APP_URL) -> Settings:
    """The settings the login and the marketplace client read (decisions.md defaults for the sandbox)."""
    return Settings(
        auth_url=f"{sandbox_url}/auth",
        marketplace_url=f"{sandbox_url}/marketplace/v1",
        app_url=app_url,
        oauth_client_id=None,
    )


def make_login(sandbox_url: str, registry_dir: Path, **options) -> MarketplaceLogin:
    return MarketplaceLogin(
        sandbox_settings(sandbox_url),
        client_registry=ClientRegistry(registry_dir / "oauth_client.json"),
        **options,
    )


@pytest.fixture
def marketplace_login(sandbox, tmp_path) -> Iterator[MarketplaceLogin]:
    """A login against the reset sandbox, its client registered in a file of the test's own."""
    with make_login(sandbox.url, tmp_path) as login:
        yield login


def log_in(login: MarketplaceLogin, *, email: str = BUYER, accept_terms: bool = True) -> TokenHolder:
    """Real tokens for `email`, through the issuer's own pages."""
    redirect = consent_through_issuer(login.begin(), email=email, accept_terms=accept_terms)
    query = parse_qs(urlsplit(redirect).query)
    holder, _ = login.complete(code=query["code"][0], state=query["state"][0])
    return holder


def test_authorization_url_asks_for_s256_scopes_offline_access_and_resource(sandbox, marketplace_login):
    login = marketplace_login
    query = parse_qs(urlsplit(login.begin(return_to="marketplace")).query)
    assert query["code_challenge_method"] == ["S256"]
    assert len(query["code_challenge"][0]) == 43  # base64url of a SHA-256 digest
    assert "code_verifier" not in query
    assert "offline_access" in query["scope"][0].split()
    assert "offers:write" in query["scope"][0].split()
    assert query["resource"] == [f"{sandbox.url}/marketplace/v1"]
    assert query["redirect_uri"] == [f"{TEST_APP_URL}/marketplace"]
    assert query["client_id"][0]


def test_buyer_logs_in_and_the_token_opens_the_marketplace(sandbox, marketplace_login):
    login = marketplace_login
    authorization_url = login.begin(return_to="marketplace")
    redirect = consent_through_issuer(authorization_url)
    query = parse_qs(urlsplit(redirect).query)
    assert redirect.startswith(f"{TEST_APP_URL}/marketplace?")

    holder, pending = login.complete(code=query["code"][0], state=query["state"][0])
    assert pending.return_to == "marketplace"
    assert holder.token["refresh_token"], "offline_access must grant a refresh token"
    assert "offers:write" in holder.scopes

    response = httpx2.get(f"{sandbox.url}/marketplace/v1/me", headers={"Authorization": f"Bearer {holder.access_token()}"}, timeout=60)
    assert response.status_code == 200, response.text
    assert response.json()["data"]["user"]["email"] == BUYER
    assert "buy" in response.json()["data"]["sides"]


def test_client_is_registered_once_per_installation(sandbox, tmp_path):
    with make_login(sandbox.url, tmp_path) as first, make_login(sandbox.url, tmp_path) as second:
        assert first.client_id == second.client_id
    stored = (tmp_path / "oauth_client.json").read_text()
    assert first.client_id in stored
    # No person's token goes to the file; the registration's own RFC 7592 access token (the
    # app's, like a client secret) may, in a file only its owner reads.
    assert "access_token\"" not in stored.replace("registration_access_token\"", "") and "refresh_token" not in stored
    assert (tmp_path / "oauth_client.json").stat().st_mode & 0o077 == 0


def test_redirect_is_single_use(marketplace_login):
    login = marketplace_login
    query = parse_qs(urlsplit(consent_through_issuer(login.begin())).query)
    login.complete(code=query["code"][0], state=query["state"][0])
    with pytest.raises(LoginError) as replay:
        login.complete(code=query["code"][0], state=query["state"][0])
    assert replay.value.code == "login_expired"
    assert "again" in replay.value.recovery


def test_pending_login_expires_after_ten_minutes(sandbox, tmp_path):
    now = [1_000_000.0]
    with make_login(sandbox.url, tmp_path, login_store=LoginStore(clock=lambda: now[0])) as login:
        query = parse_qs(urlsplit(consent_through_issuer(login.begin())).query)
        now[0] += 10 * 60 + 1
        with pytest.raises(LoginError) as late:
            login.complete(code=query["code"][0], state=query["state"][0])
    assert late.value.code == "login_expired"


def test_denied_consent_comes_back_without_a_code(marketplace_login):
    login = marketplace_login
    redirect = consent_through_issuer(login.begin(), decision="Deny")
    query = parse_qs(urlsplit(redirect).query)
    assert "code" not in query
    assert query["error"] == ["access_denied"]
    assert query["state"][0]


def test_a_code_from_another_issuer_is_never_exchanged(marketplace_login):
    query = parse_qs(urlsplit(consent_through_issuer(marketplace_login.begin())).query)
    assert query["iss"] == [marketplace_login.metadata.issuer]
    with pytest.raises(LoginError) as mixed_up:
        marketplace_login.complete(code=query["code"][0], state=query["state"][0], issuer="http://127.0.0.1:9/elsewhere")
    assert mixed_up.value.code == "issuer_mismatch"


def test_a_registration_the_issuer_forgot_is_made_again(sandbox, tmp_path):
    registry = tmp_path / "oauth_client.json"
    with make_login(sandbox.url, tmp_path) as login:
        known = login.client_id
        # As if the issuer restarted and lost its clients: our file still names the old one.
        registry.write_text(registry.read_text().replace(known, "mcl_forgotten000000000000"))
        assert login.client_id == "mcl_forgotten000000000000"

        authorization_url = login.begin()
        client_id = parse_qs(urlsplit(authorization_url).query)["client_id"][0]
        assert client_id not in ("mcl_forgotten000000000000", known)
        assert client_id in registry.read_text()
        query = parse_qs(urlsplit(consent_through_issuer(authorization_url)).query)
        holder, _ = login.complete(code=query["code"][0], state=query["state"][0])
        assert holder.access_token()


def test_login_links_never_probe_the_authorize_url_and_register_once(sandbox, tmp_path):
    """Issue 15: an issuer refusing server-side GETs of its authorize URL must not cost a
    registration per link; the app registers once and keeps the client id."""
    sent: list[httpx2.Request] = []

    def refuse_authorize(request: httpx2.Request) -> None:
        sent.append(request)

    with httpx2.Client(timeout=30, event_hooks={"request": [refuse_authorize]}) as client:
        with make_login(sandbox.url, tmp_path, http_client=client) as login:
            links = [login.begin() for _ in range(3)]
            with make_login(sandbox.url, tmp_path, http_client=client) as restarted:  # the app restarted
                links.append(restarted.begin())
    authorize = login.metadata.authorization_endpoint
    assert not [request for request in sent if str(request.url).startswith(authorize)], "no server-side GET of the authorize URL"
    assert [request.method for request in sent if request.url.path.endswith("/oauth2/register")] == ["POST"]
    assert len({parse_qs(urlsplit(link).query)["client_id"][0] for link in links}) == 1
    # A restarted app reads its registration back once (RFC 7592), not per link.
    assert len([request for request in sent if "/oauth2/register/" in request.url.path]) <= 1


def test_registrations_made_at_once_by_several_processes_are_all_kept(sandbox, tmp_path):
    """Replicas on one machine (and parallel test workers) share the registration file: each
    `ClientRegistry` here stands for a process of its own. Writing at once, two of them each
    wrote the file as it read it, and one registration was lost."""
    path = tmp_path / "oauth_client.json"
    with httpx2.Client(timeout=30) as http_client:
        metadata = IssuerMetadata.discover(f"{sandbox.url}/auth", http_client)
        redirects = [f"http://127.0.0.1:{port}/marketplace" for port in range(18601, 18609)]
        start = threading.Barrier(len(redirects))

        def register(redirect_uri: str) -> str:
            start.wait()
            return ClientRegistry(path).client_id(metadata, redirect_uri, http_client)

        with ThreadPoolExecutor(max_workers=len(redirects)) as pool:
            client_ids = list(pool.map(register, redirects))
    kept = json.loads(path.read_text())
    assert sorted(entry["client_id"] for entry in kept.values()) == sorted(client_ids)
    assert len(set(client_ids)) == len(redirects)
