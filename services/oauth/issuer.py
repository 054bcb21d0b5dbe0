"""The issuer's side of the login: its discovery document, the app's client id (settings, or
one dynamic registration per installation kept in a file), and `LoginError`."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2

from services import contract

# What each side's pages do (marketplace-api.md, The 14 scopes, by side): the buyer reads deals,
# acts on offers and proof of funds, keeps buy boxes, asks about deals, reads sellers' reviews
# and its feed; the seller drafts and publishes, answers offers, inquiries and address requests,
# works its leads and strikes, reads buyers' contacts (owner or admin), answers reviews, keeps
# webhooks and reads its feed. `offline_access` asks for a refresh token.
PROFILE_SCOPE = "marketplace:profile"
OFFLINE_ACCESS = "offline_access"
SIDE_SCOPES = {
    "buy": ("deals:read", "offers:read", "offers:write", "inquiries:read", "inquiries:write", "reviews:read",
            "buy_boxes:manage", "events:read"),
    "sell": ("deals:read", "deals:write", "offers:read", "offers:write", "inquiries:read", "inquiries:write",
             "leads:read", "leads:write", "contacts:read", "reviews:read", "webhooks:manage", "events:read"),
}


def scopes_for_sides(sides) -> tuple[str, ...]:
    """The profile, the scopes of each side named (`GET /me` `sides`), and `offline_access`."""
    wanted = [PROFILE_SCOPE]
    for side in ("buy", "sell"):
        if side in sides:
            wanted += [scope for scope in SIDE_SCOPES[side] if scope not in wanted]
    return (*wanted, OFFLINE_ACCESS)


def missing_scopes(sides, granted) -> tuple[str, ...]:
    """What the account's sides need that the token was not granted (`offline_access` aside)."""
    return tuple(scope for scope in scopes_for_sides(sides) if scope != OFFLINE_ACCESS and scope not in granted)


# A login that does not know the account yet asks for the buyer's side (the Marketplace page's).
MARKETPLACE_SCOPES = scopes_for_sides(("buy",))
# What a registration may ask for: every scope either side uses.
REGISTERED_SCOPES = scopes_for_sides(("buy", "sell"))

DISCOVERY_PATH = contract.OAUTH_DISCOVERY_PATH
REGISTRATION_PATH = contract.OAUTH_REGISTRATION_PATH
REVOCATION_PATH = contract.OAUTH_REVOCATION_PATH
CLIENT_NAME = "deedscope"
ROOT = Path(__file__).resolve().parent.parent.parent
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
        self._confirmed: set[str] = set()  # registrations read back this process (RFC 7592)

    def client_id(self, metadata: IssuerMetadata, redirect_uri: str, http_client: httpx2.Client) -> str:
        key = f"{metadata.issuer} {redirect_uri}"
        with self._exclusive():
            registrations = self._read()
            if key in registrations:
                return registrations[key]["client_id"]
            registered = self._register(metadata, redirect_uri, http_client)
            registrations[key] = {"registered_at": int(time.time()), **registered}
            self._write(registrations)
            self._confirmed.add(registered["client_id"])
            return registered["client_id"]

    def still_registered(self, metadata: IssuerMetadata, redirect_uri: str, http_client: httpx2.Client) -> bool:
        """Whether the issuer still holds our registration, asked once per process and registration.

        Read at its RFC 7592 client configuration URI with its registration access token,
        never by a server-side request to the authorization endpoint (an issuer may refuse
        those, and each refusal would cost a new registration). A registration without such a
        URI, or an answer other than 401/404, counts as known: the id is kept.
        """
        with self._lock:
            record = self._read().get(f"{metadata.issuer} {redirect_uri}") or {}
        client_id, uri = record.get("client_id"), record.get("registration_client_uri")
        if not client_id or not uri or client_id in self._confirmed:
            return True
        headers = {"Authorization": f"Bearer {record.get('registration_access_token') or ''}"}
        try:
            response = http_client.get(uri, headers=headers, timeout=HTTP_TIMEOUT_S)
        except httpx2.HTTPError:
            return True
        if response.status_code in (401, 404):
            return False
        self._confirmed.add(client_id)
        return True

    def forget(self, metadata: IssuerMetadata, redirect_uri: str) -> None:
        """Drop a registration the issuer no longer knows, so the next login registers again."""
        with self._exclusive():
            registrations = self._read()
            if registrations.pop(f"{metadata.issuer} {redirect_uri}", None) is not None:
                self._write(registrations)

    def _register(self, metadata: IssuerMetadata, redirect_uri: str, http_client: httpx2.Client) -> dict[str, str]:
        # A public client (no secret): PKCE protects the code exchange.
        body = {
            "client_name": CLIENT_NAME,
            "redirect_uris": [redirect_uri],
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
            "token_endpoint_auth_method": "none",
            "scope": " ".join(REGISTERED_SCOPES),
        }
        response = http_client.post(metadata.registration_endpoint, json=body, timeout=HTTP_TIMEOUT_S)
        if response.status_code >= 400:
            raise LoginError(
                "registration_failed",
                f"The issuer refused to register this app (HTTP {response.status_code}).",
                "Set DEEDSCOPE_OAUTH_CLIENT_ID to a registered app's client id, or try again later.",
            )
        answer = response.json()
        # RFC 7592: where the registration can be read back, and with what (not a user's token).
        kept = ("client_id", "registration_client_uri", "registration_access_token")
        return {name: answer[name] for name in kept if answer.get(name)}

    @contextlib.contextmanager
    def _exclusive(self) -> Iterator[None]:
        """This process's threads and every other process that shares the file (replicas on one
        machine, parallel test workers) read, register and write one at a time: two writers
        each adding its own registration once lost one of them."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._lock, open(self.path.with_suffix(".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def _read(self) -> dict[str, Any]:
        try:
            return json.loads(self.path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            return {}

    def _write(self, registrations: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(f".{os.getpid()}.tmp")
        # Only its owner reads it: it holds the registrations' RFC 7592 access tokens.
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(json.dumps(registrations, indent=2, sort_keys=True))
        os.replace(partial, self.path)
