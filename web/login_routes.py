"""The marketplace login's HTTP routes (served through `st.App` by web/middleware.py).

- The login's start, `GET <app>/marketplace/login?return_to=…` (the page's "Log in" link).
  It begins the login (PKCE verifier and state in the shared store), sets a short-lived
  binding cookie (a random value, `HttpOnly`, `SameSite=Lax`, ten minutes; the pending
  login keeps only its SHA-256) and answers `303` to the issuer. The callback finishes a
  login only in the browser holding that cookie, so a callback URL sent to someone else
  (login request forgery) logs nobody in; it clears the cookie either way.
- The OAuth callback. The issuer sends the browser back to `<app>/marketplace?code=…&state=…`.
  Before Streamlit answers, this middleware exchanges the code (the PKCE verifier waits in
  the shared login state under `state`), keeps the tokens in a server-side login session,
  and answers `303` to the page the person left from with one cookie: the session's random
  id, `HttpOnly` (no script reads it), `SameSite=Lax` (sent on the top-level navigation
  back from the issuer, not on other sites' requests), `Secure` when the app is on https.
  A Streamlit page cannot set a cookie (it talks over a websocket), and `st.login` keeps no
  refresh token, so the callback is a real HTTP response of the app's own. The code never
  reaches a Streamlit session; the URL the person sees next carries neither code nor state.
  A failed exchange answers `303` to `marketplace?login_error=<code>` (a code, no secret).
- Every browser has the session cookie from its first page load on (issue 42): a page load
  without one gets a random id in it, `HttpOnly`, `SameSite=Lax`, for `PERSON_TTL_S`. It names
  the person whose state outlives a Streamlit session (services/stores/person_store.py); a
  login gives the cookie the login session's new id (an id from before a login never becomes
  a logged-in one) and the new id continues the person. A log-out ends the login session,
  not the person: the cookie stays, naming a person no longer logged in. The id is in no URL
  and no log line.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

import adapter.marketplace
from adapter.marketplace import BINDING_COOKIE
from adapter.stores import stores
from links.marketplace import LOGGED_IN_PARAM, LOGIN_ERROR_PARAM
from links.marketplace import PAGE as CALLBACK_PAGE
from services.oauth import LoginError
from services.stores.login_sessions import COOKIE_NAME, SESSION_ID_BYTES, SESSION_TTL_S
from services.stores.login_store import PENDING_LOGIN_TTL_S
from services.stores.person_store import PERSON_TTL_S

LOG = logging.getLogger(__name__)


def start_login(request: Request) -> Response:
    """Begin a login bound to this browser and send it to the issuer."""
    origin = f"{request.url.scheme}://{request.url.netloc}"
    try:
        url, binding = adapter.marketplace.marketplace_begin_login(
            request.query_params.get("return_to"), browser_origin=origin, sides=request.query_params.get("sides")
        )
    except LoginError as error:
        return _back_with_error(error.code)
    except Exception as error:  # noqa: BLE001 - discovery or registration failed: said on the page
        LOG.warning("login start failed (%s)", type(error).__name__)
        return _back_with_error("login_failed")
    response = RedirectResponse(url, status_code=303)
    # https when the browser is (a balancer may end TLS in front of the app).
    secure = "https" in (request.url.scheme, urlsplit(parse_qs(urlsplit(url).query).get("redirect_uri", [""])[0]).scheme)
    _set_private_cookie(response, BINDING_COOKIE, binding, max_age=PENDING_LOGIN_TTL_S, secure=secure)
    return _no_store(response)


def _set_private_cookie(response: Response, name: str, value: str, *, max_age: float, secure: bool) -> None:
    """A cookie the page's scripts never read (HttpOnly), sent on the issuer's redirect back (Lax)."""
    response.set_cookie(name, value, max_age=int(max_age), path="/", httponly=True, samesite="lax", secure=secure)


def _back_with_error(code: str) -> Response:
    # Relative to /…/marketplace/login: the Marketplace page, which says the code in words.
    return _no_store(RedirectResponse(f"../{CALLBACK_PAGE}?{urlencode({LOGIN_ERROR_PARAM: code})}", status_code=303))


def finish_login(request: Request) -> Response:
    """Exchange the code, open a login session, set its cookie, send the person back."""
    query = request.query_params
    try:
        holder, pending = adapter.marketplace.marketplace_login().complete(
            code=query["code"], state=query["state"], issuer=query.get("iss"),
            browser_binding=request.cookies.get(BINDING_COOKIE),
        )
        session_id = stores().sessions.create(holder.token)
    except LoginError as error:
        return _unbound(RedirectResponse(f"{CALLBACK_PAGE}?{urlencode({LOGIN_ERROR_PARAM: error.code})}", status_code=303))
    except Exception as error:  # noqa: BLE001 - the issuer or the store failed: said on the page, never the details
        LOG.warning("login callback failed (%s)", type(error).__name__)
        return _unbound(RedirectResponse(f"{CALLBACK_PAGE}?{LOGIN_ERROR_PARAM}=login_failed", status_code=303))
    _continue_the_person(session_id, request.cookies.get(COOKIE_NAME))
    # Relative to the callback's folder, so a base URL path is kept; return_to is "marketplace[?status=…]".
    # `logged_in=1` lets the page say so once (it removes it at once).
    target = pending.return_to or CALLBACK_PAGE
    target += ("&" if "?" in target else "?") + f"{LOGGED_IN_PARAM}=1"
    response = RedirectResponse(target, status_code=303)
    _set_private_cookie(response, COOKIE_NAME, session_id, max_age=SESSION_TTL_S, secure=urlsplit(pending.redirect_uri).scheme == "https")
    return _unbound(response)


def _continue_the_person(session_id: str, before: str | None) -> None:
    """The person who began the login, their credits and choices, goes on under the login's new id."""
    try:
        stores().people.continue_as(session_id, before or "")
    except Exception as error:  # noqa: BLE001 - the login stands; the person's state starts again
        LOG.warning("the person's state was not carried over the login (%s)", type(error).__name__)


def _unbound(response: Response) -> Response:
    """The callback used the pending login up, whatever came of it: the binding cookie goes too."""
    response.delete_cookie(BINDING_COOKIE, path="/", httponly=True, samesite="lax")
    return _no_store(response)


def giving_a_person_cookie(request: Request, send: Any) -> Any:
    """`send`, adding the session cookie to a page load whose browser has none: a random id
    that names the person from now on (their state: services/stores/person_store.py)."""
    if request.cookies.get(COOKIE_NAME):
        return send
    giving = Response()
    _set_private_cookie(giving, COOKIE_NAME, secrets.token_urlsafe(SESSION_ID_BYTES), max_age=PERSON_TTL_S,
                        secure=request.url.scheme == "https")
    cookie_headers = [(name, value) for name, value in giving.raw_headers if name == b"set-cookie"]

    async def send_with_cookie(message: dict) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), *cookie_headers]}
        await send(message)

    return send_with_cookie


def _no_store(response: Response) -> Response:
    # The request's URL carried a one-time code: keep it out of caches and Referer headers.
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
