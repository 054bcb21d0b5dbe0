"""What the app serves besides Streamlit's own routes (through `st.App`, see app.py).

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
- The map's published rows on any replica: a request for `app/static/map-cells/<name>`
  whose file this replica has not written is restored from the shared store
  (`adapter.static_files.restore`) before Streamlit's static serving answers it.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlencode, urlsplit

from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

LOG = logging.getLogger(__name__)
CALLBACK_PAGE = "marketplace"
LOGGED_IN_PARAM = "logged_in"
LOGIN_ERROR_PARAM = "login_error"
STATIC_PREFIX = "/app/static/"


class AppRoutesMiddleware:
    """Pure ASGI middleware (websockets pass straight through)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            path = scope["path"]
            if path.rstrip("/").endswith("/" + CALLBACK_PAGE):
                request = Request(scope)
                if request.query_params.get("code") and request.query_params.get("state"):
                    response = await run_in_threadpool(finish_login, request)
                    await response(scope, receive, send)
                    return
            elif STATIC_PREFIX in path:
                await run_in_threadpool(_restore_static, path)
        await self.app(scope, receive, send)


def finish_login(request: Request) -> Response:
    """Exchange the code, open a login session, set its cookie, send the person back."""
    import adapter.marketplace
    from adapter.stores import stores
    from services.login_sessions import COOKIE_NAME, SESSION_TTL_S
    from services.oauth import LoginError

    query = request.query_params
    try:
        holder, pending = adapter.marketplace.marketplace_login().complete(
            code=query["code"], state=query["state"], issuer=query.get("iss")
        )
        session_id = stores().sessions.create(holder.token)
    except LoginError as error:
        return _no_store(RedirectResponse(f"{CALLBACK_PAGE}?{urlencode({LOGIN_ERROR_PARAM: error.code})}", status_code=303))
    except Exception as error:  # noqa: BLE001 - the issuer or the store failed: said on the page, never the details
        LOG.warning("login callback failed (%s)", type(error).__name__)
        return _no_store(RedirectResponse(f"{CALLBACK_PAGE}?{LOGIN_ERROR_PARAM}=login_failed", status_code=303))
    # Relative to the callback's folder, so a base URL path is kept; return_to is "marketplace[?status=…]".
    # `logged_in=1` lets the page say so once (it removes it at once).
    target = pending.return_to or CALLBACK_PAGE
    target += ("&" if "?" in target else "?") + f"{LOGGED_IN_PARAM}=1"
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(
        COOKIE_NAME,
        session_id,
        max_age=int(SESSION_TTL_S),
        path="/",
        httponly=True,
        samesite="lax",
        secure=urlsplit(pending.redirect_uri).scheme == "https",
    )
    return _no_store(response)


def _no_store(response: Response) -> Response:
    # The request's URL carried a one-time code: keep it out of caches and Referer headers.
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _restore_static(path: str) -> None:
    from adapter import static_files

    try:
        static_files.restore(path[path.index(STATIC_PREFIX) + len(STATIC_PREFIX) :])
    except Exception as error:  # noqa: BLE001 - Streamlit answers 404 as it would have
        LOG.warning("published file not restored (%s)", type(error).__name__)


MIDDLEWARE = [Middleware(AppRoutesMiddleware)]
