"""Pending marketplace logins, kept server-side and keyed by the OAuth `state`.

The browser's redirect back from the issuer starts a new Streamlit session with an
empty `st.session_state`, so the PKCE verifier and the page to return to cannot live
there. They live here instead: single use (taking a login removes it) and valid for
ten minutes. The store underneath is the cache's `CacheStore` interface (`pop` is the
single-use read), so a shared backend such as Redis can hold pending logins for
several app replicas.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from services.stores.memory import CacheStore, MemoryStore

# How long a person may take on the issuer's login and consent pages.
PENDING_LOGIN_TTL_S = 10 * 60
KEY_PREFIX = "oauth-pending:"
PENDING_STORE_MAX_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class PendingLogin:
    state: str
    code_verifier: str
    redirect_uri: str
    return_to: str
    created_at: float
    # SHA-256 of the random value in the browser's short-lived binding cookie (set by the app's
    # login route): the callback finishes the login only in the browser that began it.
    binding_hash: str = ""


class LoginStore:
    """Pending logins by `state`: `put` when the person leaves, `take` once when they return."""

    def __init__(self, store: CacheStore | None = None, *, clock: Callable[[], float] = time.time) -> None:
        # A small store of its own: pending logins must not be evicted by cached data.
        self._store = store if store is not None else MemoryStore(PENDING_STORE_MAX_BYTES)
        self._clock = clock

    def put(
        self, *, state: str, code_verifier: str, redirect_uri: str, return_to: str, binding_hash: str = ""
    ) -> PendingLogin:
        pending = PendingLogin(state, code_verifier, redirect_uri, return_to, self._clock(), binding_hash)
        # Stored as a plain dict so a shared backend can serialise it.
        self._store.set(KEY_PREFIX + state, asdict(pending), ttl=PENDING_LOGIN_TTL_S)
        return pending

    def take(self, state: str) -> PendingLogin | None:
        """The pending login for `state`, removed so a replayed redirect finds nothing."""
        raw = self._store.pop(KEY_PREFIX + state)
        if not raw:
            return None
        pending = PendingLogin(**raw)
        if self._clock() - pending.created_at > PENDING_LOGIN_TTL_S:
            return None
        return pending
