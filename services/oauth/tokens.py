"""`TokenHolder`: one person's tokens for one Streamlit session, in memory only."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import httpx2
from authlib.integrations.httpx_client import OAuthError

from services import contract
from services.oauth.issuer import LoginError

if TYPE_CHECKING:
    from services.oauth.login import MarketplaceLogin

# Refresh this long before the access token's 15 minutes end (Limits), so a request
# never leaves with a token about to lapse.
REFRESH_LEEWAY_S = 60


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
        # What the app noted beside the tokens (`deedscope_` keys: the login's redirect URI) stays.
        kept = {key: value for key, value in self._token.items() if key.startswith("deedscope_")}
        self._token = self._with_expiry({**kept, **dict(token)})

    def _with_expiry(self, token: dict) -> dict:
        # Expiry by our own clock from `expires_in`, so tests can move time.
        if "expires_in" in token:
            token["expires_at"] = self._clock() + float(token["expires_in"])
        token.setdefault("expires_at", self._clock() + contract.ACCESS_TOKEN_LIFETIME_S)
        return token
