"""The marketplace login and this session's marketplace client.

One `MarketplaceLogin` per process (it holds the pending logins of every session, keyed by
`state`); tokens only in this session's state.
"""

from __future__ import annotations

import time

import streamlit as st

from adapter.settings import settings
from services.oauth import LoginError  # noqa: F401 - pages catch it from here: a login that ended

MKT_SESSION_TOKENS = "mkt_tokens"  # a TokenHolder, or a token dict to seed one (tests)
# A page must answer within seconds: a server-directed wait up to this long is slept in
# full; a longer one is shown at once ("try again in N s"), never cut short and resent
# early (STYLE.md: cap the wait, raise with .retry_after).
APP_MAX_RETRY_WAIT_S = 3.0


@st.cache_resource(show_spinner=False)
def _marketplace_login(auth_url: str, marketplace_url: str, app_url: str, client_id: str | None):
    from types import SimpleNamespace

    from services.oauth import MarketplaceLogin
    from services.transport import new_http_client

    login_settings = SimpleNamespace(
        auth_url=auth_url, marketplace_url=marketplace_url, app_url=app_url, oauth_client_id=client_id
    )
    return MarketplaceLogin(login_settings, http_client=new_http_client())


def marketplace_login():
    """The process's login (discovery, client id, pending logins)."""
    current = settings()
    return _marketplace_login(current.auth_url, current.marketplace_url, current.app_url, current.oauth_client_id)


def marketplace_tokens():
    """This session's `TokenHolder`, or None when nobody is logged in."""
    from services.oauth import TokenHolder

    held = st.session_state.get(MKT_SESSION_TOKENS)
    if isinstance(held, dict) and held.get("access_token"):
        held = TokenHolder(marketplace_login(), held)
        st.session_state[MKT_SESSION_TOKENS] = held
    return held if isinstance(held, TokenHolder) else None


def marketplace():
    """This session's `MarketplaceApi`, or None when nobody is logged in."""
    from services.marketplace_api import MarketplaceApi
    from services.transport import shared_http_client

    tokens = marketplace_tokens()
    if tokens is None:
        return None
    return MarketplaceApi(
        settings(), tokens, http_client=shared_http_client(), sleep=_sleep, max_retry_wait=APP_MAX_RETRY_WAIT_S
    )


def _sleep(seconds: float) -> None:
    time.sleep(seconds)  # looked up at call time, so tests can replace time.sleep


def marketplace_begin_login(return_to: str = "marketplace") -> str:
    """The issuer URL that starts a login from this session."""
    return marketplace_login().begin(return_to=return_to)


def marketplace_complete_login(code: str, state: str, issuer: str | None = None) -> str:
    """Exchange the code of the redirect back; keeps the tokens in this session; returns the page to show."""
    holder, pending = marketplace_login().complete(code=code, state=state, issuer=issuer)
    st.session_state[MKT_SESSION_TOKENS] = holder
    return pending.return_to


def marketplace_log_out() -> None:
    """Forget this session's tokens and revoke the refresh token at the issuer."""
    tokens = marketplace_tokens()
    st.session_state.pop(MKT_SESSION_TOKENS, None)
    if tokens is not None:
        tokens.log_out()


def marketplace_forget_login() -> None:
    """Drop tokens the issuer no longer honours (a failed refresh), without a revocation call."""
    st.session_state.pop(MKT_SESSION_TOKENS, None)
