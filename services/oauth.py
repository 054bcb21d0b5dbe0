"""The marketplace login: OAuth 2.1 authorization code with PKCE S256 (marketplace-api.md, Authentication).

authlib's `OAuth2Client` does the protocol: the authorization URL with its S256
challenge, the code exchange, the refresh and the revocation. This module holds only
what authlib cannot know:

- where the app's client id comes from (settings, or one dynamic registration per
  installation kept in `.data/oauth_client.json`; a client id is not a secret);
- where a login waits while the person is on the issuer's pages (`LoginStore`, keyed
  by `state`, because the redirect back starts a new Streamlit session);
- where tokens live: a `TokenHolder` per Streamlit session, in memory only. Tokens
  never reach a file, a URL or a log.

Every token request names the marketplace as its `resource`: without it the token has
no marketplace audience and the gateway answers `401 unauthorized` (Authentication 3c).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlencode

import httpx2
from authlib.common.security import generate_token
from authlib.integrations.httpx_client import OAuth2Client, OAuthError

from services import contract
from services.login_store import LoginStore, PendingLogin

# What the Marketplace page does: read the profile, deals and offers, act on offers and
# proof of funds, read the event feed; `offline_access` asks for a refresh token.
MARKETPLACE_SCOPES = (
    "marketplace:profile",
    "deals:read",
    "offers:read",
    "offers:write",
    "events:read",
    "offline_access",
)
# Refresh this long before the access token's 15 minutes end (Limits), so a request
# never leaves with a token about to lapse.
REFRESH_LEEWAY_S = 60
DISCOVERY_PATH = contract.OAUTH_DISCOVERY_PATH
REGISTRATION_PATH = contract.OAUTH_REGISTRATION_PATH
REVOCATION_PATH = contract.OAUTH_REVOCATION_PATH
CLIENT_NAME = "deedscope"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CLIENT_REGISTRY = ROOT / ".data" / "oauth_client.json"
HTTP_TIMEOUT_S = 30


class LoginError(Exception):
    """The person must log in (again); shaped like an API problem so pages render it alike."""

    status = 401

    def __init__(self, code: str, detail: str, recovery: str = "Log in again to continue.") -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.recovery = recovery
        self.request_id = None
        self.retry_after = None


@dataclass(frozen=True)
class IssuerMetadata:
    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    revocation_endpoint: str
    registration_endpoint: str

    @classmethod
    def discover(cls, auth_url: str, http_client: httpx2.Client) -> IssuerMetadata:
        """Read the issuer's discovery document (Authentication 2)."""
        auth_url = auth_url.rstrip("/")
        response = http_client.get(auth_url + DISCOVERY_PATH, timeout=HTTP_TIMEOUT_S)
        response.raise_for_status()
        document = response.json()
        return cls(
            issuer=document.get("issuer", auth_url),
            authorization_endpoint=document["authorization_endpoint"],
            token_endpoint=document["token_endpoint"],
            # Documented paths when the discovery document leaves them out.
            revocation_endpoint=document.get("revocation_endpoint", auth_url + REVOCATION_PATH),
            registration_endpoint=document.get("registration_endpoint", auth_url + REGISTRATION_PATH),
        )


class ClientRegistry:
    """Client ids from dynamic registration, one per issuer and redirect URI, kept in a file.

    Registered once per installation, not per session: a personally registered client
    holds consent from at most three users (Authentication 3a), so registering per
    session would soon answer `client_limit`.
    """

    def __init__(self, path: Path = DEFAULT_CLIENT_REGISTRY) -> None:
        self.path = path
        self._lock = threading.Lock()

    def client_id(self, metadata: IssuerMetadata, redirect_uri: str, http_client: httpx2.Client) -> str:
        key = f"{metadata.issuer} {redirect_uri}"
        with self._lock:
            registrations = self._read()
            if key in registrations:
                return registrations[key]["client_id"]
            client_id = self._register(metadata, redirect_uri, http_client)
            registrations[key] = {"client_id": client_id, "registered_at": int(time.time())}
            self._write(registrations)
            return client_id

    def forget(self, metadata: IssuerMetadata, redirect_uri: str) -> None:
        """Drop a registration the issuer no longer knows, so the next login registers again."""
        with self._lock:
            registrations = self._read()
            if registrations.pop(f"{metadata.issuer} {redirect_uri}", None) is not None:
                self._write(registrations)

    def _register(self, metadata: IssuerMetadata, redirect_uri: str, http_client: httpx2.Client) -> str:
        # A public client (no secret): PKCE protects the code exchange.
        body = {
            "client_name": CLIENT_NAME,
            "redirect_uris": [redirect_uri],
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
            "token_endpoint_auth_method": "none",
            "scope": " ".join(MARKETPLACE_SCOPES),
        }
        response = http_client.post(metadata.registration_endpoint, json=body, timeout=HTTP_TIMEOUT_S)
        if response.status_code >= 400:
            raise LoginError(
                "registration_failed",
                f"The issuer refused to register this app (HTTP {response.status_code}).",
                "Set DEEDSCOPE_OAUTH_CLIENT_ID to a registered app's client id, or try again later.",
            )
        return response.json()["client_id"]

    def _read(self) -> dict[str, Any]:
        try:
            return json.loads(self.path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            return {}

    def _write(self, registrations: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(".tmp")
        partial.write_text(json.dumps(registrations, indent=2, sort_keys=True))
        os.replace(partial, self.path)


class LoginSettings(Protocol):
    """What the login reads: `services.settings.Settings` has it (any object with these names will do)."""

    auth_url: str | None
    marketplace_url: str | None
    app_url: str
    oauth_client_id: str | None


class MarketplaceLogin:
    """The app's side of the login, shared by every session of one app process."""

    def __init__(
        self,
        settings: LoginSettings,
        *,
        login_store: LoginStore | None = None,
        client_registry: ClientRegistry | None = None,
        http_client: httpx2.Client | None = None,
        clock: Callable[[], float] = time.time,
        scopes: tuple[str, ...] = MARKETPLACE_SCOPES,
    ) -> None:
        self.scopes = tuple(scopes)
        self.auth_url = settings.auth_url.rstrip("/")
        self.resource = settings.marketplace_url.rstrip("/")
        self.redirect_uri = settings.app_url.rstrip("/") + "/marketplace"
        self._configured_client_id = getattr(settings, "oauth_client_id", None)
        self.login_store = login_store or LoginStore(clock=clock)
        self.client_registry = client_registry or ClientRegistry()
        self._http = http_client or httpx2.Client(timeout=HTTP_TIMEOUT_S)
        self._clock = clock
        self._metadata: IssuerMetadata | None = None
        self._lock = threading.Lock()

    @property
    def metadata(self) -> IssuerMetadata:
        with self._lock:
            if self._metadata is None:
                self._metadata = IssuerMetadata.discover(self.auth_url, self._http)
            return self._metadata

    @property
    def client_id(self) -> str:
        if self._configured_client_id:
            return self._configured_client_id
        return self.client_registry.client_id(self.metadata, self.redirect_uri, self._http)

    def oauth_client(self, token: dict | None = None, *, with_scope: bool = True, **options: Any) -> OAuth2Client:
        """An authlib client for one exchange; every token request carries `resource`."""
        client = OAuth2Client(
            client_id=self.client_id,
            scope=" ".join(self.scopes) if with_scope else None,
            redirect_uri=self.redirect_uri,
            code_challenge_method="S256",
            token=token,
            token_endpoint=self.metadata.token_endpoint,
            timeout=HTTP_TIMEOUT_S,
            **options,
        )
        client.register_compliance_hook("refresh_token_request", self._add_resource)
        return client

    def _add_resource(self, url: str, headers: dict, body: str) -> tuple[str, dict, str]:
        # authlib sends no `resource` on refresh; a refreshed token must keep the
        # marketplace audience (Authentication 3c).
        return url, headers, body + "&" + urlencode({"resource": self.resource})

    def begin(self, return_to: str = "marketplace") -> str:
        """The issuer URL that starts a login; the verifier waits in the store under `state`."""
        code_verifier = generate_token(64)
        state = generate_token(32)
        url = self._authorization_url(state, code_verifier)
        if not self._configured_client_id and not self._issuer_knows_client(url):
            # The issuer forgot our registration (a restarted sandbox, a pruned personal
            # client): its page would only say "unknown application", so register again.
            self.client_registry.forget(self.metadata, self.redirect_uri)
            url = self._authorization_url(state, code_verifier)
        self.login_store.put(state=state, code_verifier=code_verifier, redirect_uri=self.redirect_uri, return_to=return_to)
        return url

    def _authorization_url(self, state: str, code_verifier: str) -> str:
        with self.oauth_client() as client:
            url, _ = client.create_authorization_url(
                self.metadata.authorization_endpoint,
                state=state,
                code_verifier=code_verifier,
                resource=self.resource,
            )
        return url

    def _issuer_knows_client(self, authorization_url: str) -> bool:
        """The issuer shows its login page (not an error page) for our client id and redirect URI."""
        try:
            response = self._http.get(authorization_url, follow_redirects=False, timeout=HTTP_TIMEOUT_S)
        except httpx2.HTTPError:
            return True  # unknown: let the browser try, the issuer's page will say what is wrong
        return response.status_code < 400

    def complete(self, *, code: str, state: str, issuer: str | None = None) -> tuple[TokenHolder, PendingLogin]:
        """Exchange the code the issuer sent back; the pending login is used up either way.

        `issuer` is the redirect's `iss` (RFC 9207) when the issuer sends one: a code from
        another issuer is never sent to ours.
        """
        pending = self.login_store.take(state)
        if pending is None:
            raise LoginError(
                "login_expired",
                "This login link was already used or is older than ten minutes.",
                "Log in again from the Marketplace page.",
            )
        if issuer is not None and issuer.rstrip("/") != self.metadata.issuer.rstrip("/"):
            raise LoginError("issuer_mismatch", "The login came back from an issuer this app did not send you to.")
        with self.oauth_client() as client:
            try:
                token = client.fetch_token(
                    self.metadata.token_endpoint,
                    grant_type="authorization_code",
                    code=code,
                    code_verifier=pending.code_verifier,
                    redirect_uri=pending.redirect_uri,
                    resource=self.resource,
                )
            except OAuthError as error:
                if error.error == "invalid_client" and not self._configured_client_id:
                    self.client_registry.forget(self.metadata, self.redirect_uri)
                raise LoginError(error.error or "login_failed", "The issuer refused the login.") from None
        return TokenHolder(self, dict(token), clock=self._clock), pending

    def revoke(self, refresh_token: str) -> None:
        """End the refresh token and every access token it minted (Authentication 5)."""
        with self.oauth_client() as client:
            response = client.revoke_token(
                self.metadata.revocation_endpoint, token=refresh_token, token_type_hint="refresh_token"
            )
        if response.status_code >= 400:
            raise LoginError("revocation_failed", f"The issuer did not confirm the log-out (HTTP {response.status_code}).", "Try logging out again.")

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> MarketplaceLogin:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class TokenHolder:
    """One person's tokens for one Streamlit session, in memory only.

    Refresh tokens rotate: each refresh answers a new one and the old one stops, and
    presenting a used one ends the whole family. So the new token replaces the old
    the moment it arrives, and one lock per holder makes two reruns that need a
    refresh at the same time send a single refresh request.
    """

    def __init__(self, login: MarketplaceLogin, token: dict, *, clock: Callable[[], float] = time.time) -> None:
        self._login = login
        self._clock = clock
        self._lock = threading.Lock()
        self._token = self._with_expiry(token)

    def __repr__(self) -> str:
        # Never the tokens themselves: a repr can end up in a log or a traceback.
        return f"TokenHolder(expires_at={self._token.get('expires_at')})"

    @property
    def token(self) -> dict:
        return dict(self._token)

    @property
    def scopes(self) -> list[str]:
        return (self._token.get("scope") or "").split()

    def access_token(self) -> str:
        """A valid access token, refreshed first when it is about to end."""
        with self._lock:
            if self._clock() >= self._token["expires_at"] - REFRESH_LEEWAY_S:
                self._refresh_locked()
            return self._token["access_token"]

    def refresh_after_rejection(self, rejected_access_token: str) -> str:
        """The API answered 401 to `rejected_access_token`: refresh once, unless another rerun already did."""
        with self._lock:
            if self._token["access_token"] == rejected_access_token:
                self._refresh_locked()
            return self._token["access_token"]

    def refresh(self) -> None:
        with self._lock:
            self._refresh_locked()

    def log_out(self) -> None:
        with self._lock:
            refresh_token = self._token.get("refresh_token")
            self._token = {"access_token": "", "expires_at": 0}
        if refresh_token:
            self._login.revoke(refresh_token)

    def _refresh_locked(self) -> None:
        refresh_token = self._token.get("refresh_token")
        if not refresh_token:
            raise LoginError("login_required", "Your marketplace session has ended.")
        # No `scope` on refresh: the grant keeps what the person consented to.
        client = self._login.oauth_client(token=self._token, with_scope=False, update_token=self._store_refreshed)
        try:
            with client:
                client.refresh_token(self._login.metadata.token_endpoint, refresh_token=refresh_token)
        except OAuthError:
            # The refresh token expired, was revoked or was replayed: only a new login helps.
            self._token = {"access_token": "", "expires_at": 0}
            raise LoginError("login_required", "Your marketplace session has ended.") from None
        except httpx2.HTTPError:
            # The issuer is unreachable or failing; the tokens may still be good later.
            raise LoginError(
                "issuer_unavailable",
                "The marketplace login service could not be reached to renew your session.",
                "Try again in a moment; if it keeps failing, log in again.",
            ) from None

    def _store_refreshed(self, token: dict, refresh_token: str | None = None, access_token: str | None = None) -> None:
        # authlib's update_token callback: the rotated refresh token replaces the old one at once.
        self._token = self._with_expiry(dict(token))

    def _with_expiry(self, token: dict) -> dict:
        # Expiry by our own clock from `expires_in`, so tests can move time.
        if "expires_in" in token:
            token["expires_at"] = self._clock() + float(token["expires_in"])
        token.setdefault("expires_at", self._clock() + contract.ACCESS_TOKEN_LIFETIME_S)
        return token
