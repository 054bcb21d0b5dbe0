"""Marketplace login sessions kept on the server, found again by an opaque id.

After the OAuth callback the browser holds one thing: a random session id in an
`HttpOnly`, `SameSite=Lax` cookie (the app's callback route sets it). The tokens stay
here, in the store every replica shares (`CacheStore`: memory, or Redis with
`DEEDSCOPE_CACHE_URL`), encrypted with Fernet (AES-CBC + HMAC, `cryptography`) under a
key derived from `DEEDSCOPE_SESSION_KEY`. The store's key is a hash of the session id, so
reading the store gives no cookie to replay. A reload, a new tab or another replica finds
the login by the cookie; log-out deletes the entry, which ends it in every tab at once.

`SessionTokens` is a `TokenHolder` whose tokens are the session's entry: each use reads the
entry (another replica may have refreshed), and a refresh happens under the store's lock
(a Redis lock across replicas), so a rotated refresh token is never sent twice.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from services.stores.memory import CacheStore
from services.oauth.issuer import ClientRegistry, LoginError
from services.oauth.login import REDIRECT_URI_KEY
from services.oauth.tokens import REFRESH_LEEWAY_S, TokenHolder

if TYPE_CHECKING:
    from services.oauth.login import MarketplaceLogin

COOKIE_NAME = "deedscope_session"
KEY_PREFIX = "login-session:"
# A session lasts as long as its refresh token can (marketplace-api.md, Limits: 30 days);
# each refresh writes the entry again and renews it.
SESSION_TTL_S = 30 * 86400
REFRESH_LOCK_TIMEOUT_S = 30.0
SESSION_ID_BYTES = 32


def derive_key(secret: str | bytes, purpose: str) -> bytes:
    """32 bytes for one purpose from the settings' secret (HKDF-SHA256), so one setting feeds
    the sessions' encryption and the store's signatures without reusing a key."""
    raw = secret.encode() if isinstance(secret, str) else secret
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"deedscope " + purpose.encode()).derive(raw)


class SessionStore:
    """Login sessions by opaque id: tokens encrypted in a `CacheStore`."""

    def __init__(self, store: CacheStore, secret: str | bytes, *, ttl: float = SESSION_TTL_S) -> None:
        self.store = store
        self._fernet = Fernet(base64.urlsafe_b64encode(derive_key(secret, "login sessions")))
        self.ttl = ttl

    def __repr__(self) -> str:
        return "SessionStore()"

    def create(self, token: dict) -> str:
        """A new session holding `token`; returns its id (for the cookie only)."""
        session_id = secrets.token_urlsafe(SESSION_ID_BYTES)
        self.save(session_id, token)
        return session_id

    def load(self, session_id: str) -> dict | None:
        if not session_id:
            return None
        sealed = self.store.get(self._key(session_id))
        if not isinstance(sealed, bytes):
            return None
        try:
            return json.loads(self._fernet.decrypt(sealed))
        except InvalidToken:
            # Sealed under another key (DEEDSCOPE_SESSION_KEY changed): the person logs in again.
            return None

    def save(self, session_id: str, token: dict) -> None:
        self.store.set(self._key(session_id), self._fernet.encrypt(json.dumps(token).encode()), ttl=self.ttl)

    def end(self, session_id: str) -> None:
        self.store.delete(self._key(session_id))

    def lock(self, session_id: str) -> Any:
        """The session's refresh lock (every replica's, on a shared store)."""
        lock = getattr(self.store, "lock")
        return lock(self._key(session_id), REFRESH_LOCK_TIMEOUT_S)

    @staticmethod
    def _key(session_id: str) -> str:
        return KEY_PREFIX + hashlib.sha256(session_id.encode()).hexdigest()


class SessionTokens(TokenHolder):
    """The tokens of one login session, read from and written to its `SessionStore`."""

    def __init__(
        self,
        login: MarketplaceLogin,
        sessions: SessionStore,
        session_id: str,
        token: dict,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(login, token, clock=clock)
        self._sessions = sessions
        self._session_id = session_id

    def __repr__(self) -> str:
        return f"SessionTokens(expires_at={self._token.get('expires_at')})"

    def access_token(self) -> str:
        self._reload()
        if self._fresh():
            return self._token["access_token"]
        with self._sessions.lock(self._session_id):
            # Another replica or rerun may have refreshed while this one waited.
            self._reload()
            if not self._fresh():
                self._refresh_shared()
            return self._token["access_token"]

    def refresh_after_rejection(self, rejected_access_token: str) -> str:
        with self._sessions.lock(self._session_id):
            self._reload()
            if self._token["access_token"] == rejected_access_token:
                self._refresh_shared()
            return self._token["access_token"]

    def refresh(self) -> None:
        with self._sessions.lock(self._session_id):
            self._reload()
            self._refresh_shared()

    def log_out(self) -> None:
        """End the session everywhere, then revoke its refresh token (Authentication 5)."""
        token = self._sessions.load(self._session_id) or self._token
        self._sessions.end(self._session_id)
        self._token = {"access_token": "", "expires_at": 0}
        refresh_token = token.get("refresh_token")
        if refresh_token:
            self._login.revoke(refresh_token, redirect_uri=token.get(REDIRECT_URI_KEY))

    def _fresh(self) -> bool:
        return self._clock() < self._token["expires_at"] - REFRESH_LEEWAY_S

    def _reload(self) -> None:
        token = self._sessions.load(self._session_id)
        if token is None:
            self._token = {"access_token": "", "expires_at": 0}
            raise LoginError("login_required", "Your marketplace session has ended.")
        self._token = token

    def _refresh_shared(self) -> None:
        try:
            self._refresh_locked()
        except LoginError as error:
            if error.code == "login_required":
                # The refresh token is spent or revoked: no replica can use this session again.
                self._sessions.end(self._session_id)
            raise
        self._sessions.save(self._session_id, self._token)


def new_session_secret() -> str:
    """A random secret for one process when none is configured (sessions then stay on this replica)."""
    return secrets.token_urlsafe(32)


class StoreClientRegistry(ClientRegistry):
    """Dynamic registrations kept in a `CacheStore` (shared by the replicas) instead of a file:
    a code issued to one replica's client id must be exchanged by another under the same id."""

    KEY = "oauth-client-registry"

    def __init__(self, store: CacheStore) -> None:
        super().__init__()
        self._store = store

    def _read(self) -> dict[str, Any]:
        return dict(self._store.get(self.KEY) or {})

    def _write(self, registrations: dict[str, Any]) -> None:
        # A client id is not a secret; kept as long as the store keeps anything.
        self._store.set(self.KEY, dict(registrations))
