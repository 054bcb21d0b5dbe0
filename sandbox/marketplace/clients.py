"""OAuth clients: dynamic registration (RFC 7591) and the consent limit of a personal client.

marketplace-api.md, Authentication 3a: a dynamically registered client holds consent from
at most one organization and three users; the fourth consent answers `client_limit`.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from dataclasses import dataclass, field
from urllib.parse import urlsplit

MAX_CONSENTING_USERS = 3
MAX_CONSENTING_ORGANIZATIONS = 1
# A registered application (not dynamically registered) connects many organizations
# (Authentication 3a). The sandbox knows one, for DEEDSCOPE_OAUTH_CLIENT_ID on the default app URL.
REGISTERED_APP_ID = "mcl_" + hashlib.sha256(b"deedscope sandbox registered app").hexdigest()[:24]
REGISTERED_APP_REDIRECTS = ["http://localhost:8501/marketplace", "http://127.0.0.1:8501/marketplace"]


class RegistrationError(ValueError):
    """RFC 7591 3.2.2 error: `error` code and a description."""

    def __init__(self, error: str, description: str) -> None:
        super().__init__(description)
        self.error = error
        self.description = description


@dataclass
class Client:
    client_id: str
    client_name: str
    redirect_uris: list[str]
    issued_at: int
    users: set[str] = field(default_factory=set)
    organizations: set[str] = field(default_factory=set)
    personal: bool = True
    # RFC 7592: the bearer token that reads this registration at its client URI.
    registration_access_token: str = field(default_factory=lambda: secrets.token_urlsafe(24))

    def refuses(self, user_id: str, organization_id: str | None) -> bool:
        """True when consenting this person would break the personal-client limit."""
        if not self.personal:
            return False
        new_user = user_id not in self.users and len(self.users) >= MAX_CONSENTING_USERS
        new_org = (
            organization_id is not None
            and organization_id not in self.organizations
            and len(self.organizations) >= MAX_CONSENTING_ORGANIZATIONS
        )
        return new_user or new_org

    def remember_consent(self, user_id: str, organization_id: str | None) -> None:
        self.users.add(user_id)
        if organization_id is not None:
            self.organizations.add(organization_id)


def _valid_redirect_uri(uri: object) -> bool:
    if not isinstance(uri, str):
        return False
    parts = urlsplit(uri)
    # RFC 6749 3.1.2: absolute, no fragment. Loopback http is fine for a local app (RFC 8252 7.3).
    return parts.scheme in ("http", "https") and bool(parts.netloc) and not parts.fragment


def _registered_app() -> Client:
    return Client(REGISTERED_APP_ID, "deedscope (registered app)", list(REGISTERED_APP_REDIRECTS), 0, personal=False)


@dataclass
class ClientRegistry:
    clients: dict[str, Client] = field(default_factory=lambda: {REGISTERED_APP_ID: _registered_app()})
    lock: threading.Lock = field(default_factory=threading.Lock)

    def serve_apps(self, app_urls: tuple[str, ...]) -> None:
        """The registered app also redirects to these apps' /marketplace (`--app-url`): the
        registered redirect URIs follow the app the sandbox serves."""
        app = self.clients[REGISTERED_APP_ID]
        for url in app_urls:
            if f"{url}/marketplace" not in app.redirect_uris:
                app.redirect_uris.append(f"{url}/marketplace")

    def register(self, metadata: object, now: int) -> Client:
        if not isinstance(metadata, dict):
            raise RegistrationError("invalid_client_metadata", "The body must be a JSON object.")
        redirect_uris = metadata.get("redirect_uris")
        if not isinstance(redirect_uris, list) or not redirect_uris or not all(map(_valid_redirect_uri, redirect_uris)):
            raise RegistrationError(
                "invalid_redirect_uri", "redirect_uris must be a non-empty list of absolute http(s) URLs without fragments."
            )
        method = metadata.get("token_endpoint_auth_method", "none")
        if method != "none":
            raise RegistrationError(
                "invalid_client_metadata", "Only public clients register here: token_endpoint_auth_method must be 'none'."
            )
        grant_types = metadata.get("grant_types", ["authorization_code", "refresh_token"])
        if not isinstance(grant_types, list) or not set(grant_types) <= {"authorization_code", "refresh_token"}:
            raise RegistrationError("invalid_client_metadata", "grant_types may hold authorization_code and refresh_token.")
        name = metadata.get("client_name") or "Unnamed application"
        if not isinstance(name, str) or len(name) > 200:
            raise RegistrationError("invalid_client_metadata", "client_name must be a string of at most 200 characters.")
        client = Client("mcl_" + secrets.token_hex(12), name, list(redirect_uris), now)
        with self.lock:
            self.clients[client.client_id] = client
        return client

    def get(self, client_id: str | None) -> Client | None:
        return self.clients.get(client_id or "")
