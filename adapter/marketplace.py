"""The marketplace login and this session's marketplace client.

One `MarketplaceLogin` per process and settings; its pending logins (PKCE verifier by
`state`) and the login sessions live in `adapter.stores` (memory, or Redis shared by the
replicas). After the callback (web/login_routes.py) the browser holds only the login
session's id, in an HttpOnly cookie; each rerun finds the tokens on the server by it, so a
reload, a new tab or another replica is still logged in. A session that logged in by the
page itself (AppTest, which has no callback route) keeps its tokens in `st.session_state`.
"""

from __future__ import annotations

import ipaddress
import secrets
import threading
import time
from types import SimpleNamespace
from urllib.parse import urlencode, urlsplit

import streamlit as st

import links.marketplace
from adapter.settings import settings
from adapter.stores import stores
from links.marketplace import (
    LOGGED_IN_PARAM,
    LOGIN_ERROR_PARAM,
    LOGIN_ROUTE,
    MarketplaceLink,
)
from links.marketplace import PAGE as CALLBACK_PAGE
from services.marketplace_api import MarketplaceApi
from services.oauth import (
    LoginError,  # noqa: F401 - pages catch it from here: a login that ended
    MarketplaceLogin,
    TokenHolder,
    scopes_for_sides,
)
from services.settings import load_settings
from services.stores.login_sessions import (
    COOKIE_NAME,
    SessionTokens,
    StoreClientRegistry,
)
from services.stores.login_store import LoginStore
from services.transport import new_http_client, shared_http_client

# Stands for the code and state of a login the callback route finished (never sent anywhere).
ROUTE_FINISHED = "finished-by-the-callback-route"
# The login start's short-lived cookie (web/login_routes.py sets it): binds a login to its browser.
BINDING_COOKIE = "deedscope_login"
SELLER_PAGE = "seller"  # the Seller's desk's url path (app.py), a login may return there
MKT_SESSION_TOKENS = "mkt_tokens"  # a TokenHolder, or a token dict to seed one (tests)
# A page must answer within seconds: a server-directed wait up to this long is slept in
# full; a longer one is shown at once ("try again in N s"), never cut short and resent
# early (STYLE.md: cap the wait, raise with .retry_after).
APP_MAX_RETRY_WAIT_S = 3.0


# Built outside Streamlit's caches: the callback route runs outside any script run.
_logins: dict[tuple, object] = {}
_logins_lock = threading.Lock()


def marketplace_login():
    """The process's login (discovery, client id, pending logins in the shared login state)."""
    current = settings()
    shared = stores()
    key = (current.auth_url, current.marketplace_url, current.app_url, current.oauth_client_id, id(shared))
    with _logins_lock:
        if key not in _logins:
            _logins[key] = _new_login(current, shared)
        return _logins[key]


def _new_login(current, shared):
    login_settings = SimpleNamespace(
        auth_url=current.auth_url,
        marketplace_url=current.marketplace_url,
        app_url=current.app_url,
        oauth_client_id=current.oauth_client_id,
    )
    # Replicas on a shared store share the dynamic registration too (a file is this host's only).
    registry = StoreClientRegistry(shared.login_state) if shared.shared else None
    return MarketplaceLogin(
        login_settings, login_store=LoginStore(shared.login_state), client_registry=registry, http_client=new_http_client()
    )


def session_cookie() -> str | None:
    """The login session id the browser sent (HttpOnly cookie), if any."""
    return browser_cookie(COOKIE_NAME)


def browser_cookie(name: str) -> str | None:
    """A cookie the browser sent with this session's page (`st.context.cookies`), if any."""
    try:
        value = st.context.cookies.get(name)
    except Exception:  # noqa: BLE001 - no browser request behind this run (AppTest, a bare script)
        return None
    return value if isinstance(value, str) and value else None


def marketplace_tokens():
    """This session's tokens (a `TokenHolder`), or None when nobody is logged in."""
    held = st.session_state.get(MKT_SESSION_TOKENS)
    if isinstance(held, dict) and held.get("access_token"):
        held = TokenHolder(marketplace_login(), held)
        st.session_state[MKT_SESSION_TOKENS] = held
    if isinstance(held, TokenHolder):
        return held
    session_id = session_cookie()
    if session_id:
        sessions = stores().sessions
        token = sessions.load(session_id)
        if token is not None:
            return SessionTokens(marketplace_login(), sessions, session_id, token)
    return None


def redirect_uri(browser_origin: str | None = None) -> str:
    """Where the issuer sends the person back: `DEEDSCOPE_APP_URL` when set, else the address
    this person's browser used (`browser_origin` from the login route's request, or
    `st.context.url` on a page) when it is one the login is registered for, else the default
    app URL. A mismatch raises `LoginError` before anyone leaves for the issuer."""
    configured = settings().app_url.rstrip("/")
    browser = browser_origin or _browser_origin()
    if "app_url" in load_settings().model_fields_set:
        if browser and browser != urlsplit(configured)._replace(path="").geturl():
            # Said before the person leaves: the issuer would send them back to another address,
            # where this tab's page and choices are not.
            raise LoginError(
                "app_address_mismatch",
                f"You opened this app at {browser}, but logins come back to {configured} (DEEDSCOPE_APP_URL).",
                f"Open the app at {configured} to log in, or set DEEDSCOPE_APP_URL to the address people use.",
            )
        base = configured
    else:
        if browser and not registered_without_app_url(browser):
            raise LoginError(
                "app_address_unregistered",
                f"You opened this app at {browser}, an address its marketplace login does not come back to, "
                "so logging in from here could hand your login to another site.",
                "Open the app at the address you were given to log in. Whoever runs it can set "
                "DEEDSCOPE_APP_URL to the address people use.",
            )
        base = browser or configured
    return base + "/" + CALLBACK_PAGE


def registered_without_app_url(origin: str) -> bool:
    """Whether a login may come back to `origin` when no app address is configured: this
    machine's own addresses (loopback, any port: an app started on another port, or a balancer
    beside it), which the embedded sandbox registers for the app and a dynamic registration is
    made for. Any other host is only what a request's Host header claims: a forged one would
    register the attacker's address and the issuer would send the person's code there."""
    host = urlsplit(origin).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _browser_origin() -> str | None:
    """scheme://host[:port] of the address this person's browser used (behind a load balancer,
    the balancer's), or None outside a browser's run."""
    try:
        browser_url = st.context.url
    except Exception:  # noqa: BLE001 - no browser request behind this run
        return None
    parts = urlsplit(browser_url if isinstance(browser_url, str) else "")
    if parts.scheme in ("http", "https") and parts.netloc:
        return f"{parts.scheme}://{parts.netloc}"
    return None


def marketplace():
    """This session's `MarketplaceApi`, or None when nobody is logged in."""
    tokens = marketplace_tokens()
    if tokens is None:
        return None
    return MarketplaceApi(
        settings(), tokens, http_client=shared_http_client(), sleep=_sleep, max_retry_wait=APP_MAX_RETRY_WAIT_S
    )


def _sleep(seconds: float) -> None:
    time.sleep(seconds)  # looked up at call time, so tests can replace time.sleep


def marketplace_login_link(return_to: str = "marketplace", *, sides: list[str] | None = None) -> str:
    """The page's "Log in" link: the app's login route (relative to the page), which begins the
    login in the browser that follows it. Checked here first, so a mismatched address is said
    on the page before anyone leaves it. `sides` (`GET /me` `sides`, or the page's own side)
    asks for those sides' scopes instead of the buyer's."""
    redirect_uri()
    query = {"return_to": safe_return_to(return_to)}
    if sides:
        query["sides"] = ",".join(known_sides(sides))
    return f"{LOGIN_ROUTE}?{urlencode(query)}"


def known_sides(sides) -> list[str]:
    return [side for side in ("buy", "sell") if side in (sides or [])]


def safe_return_to(return_to: str | None) -> str:
    """The Marketplace page and its choices (or the Seller's desk), rewritten from what it parses
    to: a route's query cannot send the person anywhere else after the login."""
    if (return_to or "").split("?")[0] == SELLER_PAGE:
        return SELLER_PAGE
    return links.marketplace.write(links.marketplace.parse(return_to or ""))


def marketplace_begin_login(return_to: str = "marketplace", *, browser_origin: str | None = None,
                            sides: str | None = None) -> tuple[str, str]:
    """(issuer URL, binding) for a login begun by the login route: the binding is the random
    value of the browser's short-lived cookie; the pending login keeps only its hash. `sides`
    ("sell", "buy,sell") asks for those sides' scopes (services/oauth/issuer.py)."""
    binding = secrets.token_urlsafe(32)
    wanted = known_sides((sides or "").split(","))
    url = marketplace_login().begin(
        return_to=safe_return_to(return_to), redirect_uri=redirect_uri(browser_origin), browser_binding=binding,
        scopes=scopes_for_sides(wanted) if wanted else None,
    )
    return url, binding


# What the page says for a `login_error` the login route sent (a code in the URL, never its text).
LOGIN_ERROR_TEXT = {
    "login_other_browser": "This login did not start in this browser (or this browser has started a newer "
    "login since), so nobody was logged in. Press Log in to log in from this browser.",
    "login_expired": "This login link was already used or is older than ten minutes. Log in again.",
    "issuer_mismatch": "The login came back from an issuer this app did not send you to, so nobody was logged in.",
    "app_address_mismatch": "Logins come back to the app's configured address (DEEDSCOPE_APP_URL), not the one "
    "you opened. Open the app at that address to log in.",
    "app_address_unregistered": "This app was opened at an address its marketplace login does not come back to, "
    "so nobody was sent to log in (your login could have gone to another site). Open the app at the address "
    "you were given to log in.",
    "login_failed": "The marketplace's login service could not be reached. Try again in a moment.",
}


def login_error_text(code: str) -> str:
    return LOGIN_ERROR_TEXT.get(code, "The login did not finish. Log in again when you are ready.")


def redirect_params(params) -> tuple[str | None, str | None, str | None, str | None]:
    """(code, state, error, iss) of the redirect back, as the page finishes it.

    Served through st.App, the callback route has already finished the login and sends the
    browser on with `logged_in=1` (or `login_error=<code>`) and no code or state: that reads
    as a login finished by the route (`ROUTE_FINISHED`) or an error the page shows. A redirect
    straight from the issuer (AppTest, no route) is read as it came."""
    if params.get(LOGGED_IN_PARAM):
        # The state stands for the page to return to (the route sent the person back to it).
        return ROUTE_FINISHED, links.marketplace.write(MarketplaceLink(status=params.get("status"))), None, None
    if params.get(LOGIN_ERROR_PARAM):
        return None, ROUTE_FINISHED, params.get(LOGIN_ERROR_PARAM), None
    return params.get("code"), params.get("state"), params.get("error"), params.get("iss")


def marketplace_complete_login(code: str, state: str, issuer: str | None = None) -> str:
    """Exchange the code of the redirect back; keeps the tokens in this session; returns the page to show.
    After the callback route (`ROUTE_FINISHED`) the tokens are already in the login session."""
    if code == ROUTE_FINISHED:
        return state
    holder, pending = marketplace_login().complete(
        code=code, state=state, issuer=issuer, browser_binding=browser_cookie(BINDING_COOKIE)
    )
    st.session_state[MKT_SESSION_TOKENS] = holder
    return pending.return_to


def marketplace_log_out() -> None:
    """Forget this session's tokens, end its login session (every tab, every replica) and
    revoke the refresh token at the issuer."""
    tokens = marketplace_tokens()
    st.session_state.pop(MKT_SESSION_TOKENS, None)
    if tokens is not None:
        tokens.log_out()


def marketplace_forget_login() -> None:
    """Drop tokens the issuer no longer honours (a failed refresh), without a revocation call."""
    st.session_state.pop(MKT_SESSION_TOKENS, None)
