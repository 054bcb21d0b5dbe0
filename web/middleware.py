"""What the app serves besides Streamlit's own routes: one ASGI middleware in front of
Streamlit (`st.App(..., middleware=MIDDLEWARE)` in app.py), dispatching to

- the marketplace login's routes (web/login_routes.py): its start
  (`GET <app>/marketplace/login`), the OAuth callback (`GET <app>/marketplace?code&state`),
  and the session cookie given on a browser's first page load (it names the person, issue 42);
- published files (web/published_routes.py): restored from the shared store on any
  replica, and answered as files that never change;
- the pages' head, which starts a map the browser remembers before Streamlit starts
  (web/early_map.py) and has Streamlit's table and chart code ready before a page shows
  one (web/warm_modules.py);
- a link's first paint for a browser that has never seen the app (web/first_paint.py).

Websockets pass straight through.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request

from links.marketplace import LOGIN_ROUTE
from links.marketplace import PAGE as CALLBACK_PAGE
from web.early_map import head_script, page_request, with_head_script
from web.first_paint import ROUTE as FIRST_PAINT_ROUTE
from web.first_paint import first_paint_answer, first_paint_page, route_path
from web.login_routes import finish_login, giving_a_person_cookie, start_login
from web.published_routes import STATIC_PREFIX, cached_for_good, restore_static
from web.warm_modules import warm_script

# Streamlit's own requests (no page load): never given a session cookie.
NOT_A_PAGE = ("/_stcore/", "/static/", "/app/static/", "/media/", "/component/")


class AppRoutesMiddleware:
    """Pure ASGI middleware (websockets pass straight through)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            path = scope["path"]
            if path.rstrip("/").endswith("/" + LOGIN_ROUTE):
                response = await run_in_threadpool(start_login, Request(scope))
                await response(scope, receive, send)
                return
            if path.rstrip("/").endswith("/" + FIRST_PAINT_ROUTE):
                response = await run_in_threadpool(first_paint_answer, scope.get("query_string", b"").decode("latin-1"))
                await response(scope, receive, send)
                return
            if path.rstrip("/").endswith("/" + CALLBACK_PAGE):
                request = Request(scope)
                if request.query_params.get("code") and request.query_params.get("state"):
                    response = await run_in_threadpool(finish_login, request)
                    await response(scope, receive, send)
                    return
            elif STATIC_PREFIX in path:
                await run_in_threadpool(restore_static, path)
                send = cached_for_good(path, send)
            if not any(part in path for part in NOT_A_PAGE):
                send = giving_a_person_cookie(Request(scope), send)
                # The page's head starts a remembered map before Streamlit starts (web/early_map.py),
                # and readies Streamlit's table and chart code while the page is idle (web/warm_modules.py).
                query = scope.get("query_string", b"").decode("latin-1")
                first_paint = route_path() if first_paint_page(path, query) else None
                send = with_head_script(send, await run_in_threadpool(head_script, first_paint) + warm_script())
                scope = page_request(scope)
        await self.app(scope, receive, send)


MIDDLEWARE = [Middleware(AppRoutesMiddleware)]
