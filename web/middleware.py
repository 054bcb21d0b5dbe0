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
- a link's first paint for a browser that has never seen the app (web/first_paint.py);
- what a person types into a form before sending it, posted by the pages' head and kept as
  theirs (web/typed_routes.py, issue 42); a table's link to a page of the app opened in this tab
  unless asked for a new one (web/app_links.py); one history entry for each thing a person
  does, not for each URL a page writes as it settles (web/history_entries.py).

Websockets pass straight through.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request

from links.marketplace import LOGIN_ROUTE
from links.marketplace import PAGE as CALLBACK_PAGE
from web.app_links import NOT_A_PAGE, app_links_script
from web.early_map import controls_space_style, head_script, page_request, with_head_script
from web.first_paint import ROUTE as FIRST_PAINT_ROUTE
from web.first_paint import first_paint_answer, first_paint_page, route_path
from web.history_entries import history_script
from web.login_routes import finish_login, giving_a_person_cookie, start_login
from web.published_routes import STATIC_PREFIX, cached_for_good, restore_static
from web.typed_routes import ROUTE as TYPED_ROUTE
from web.typed_routes import take_typed, typed_script
from web.warm_modules import warm_script

# Streamlit's own requests (no page load), NOT_A_PAGE: never given a session cookie.


class AppRoutesMiddleware:
    """Pure ASGI middleware (websockets pass straight through)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "POST" and scope["path"].rstrip("/").endswith("/" + TYPED_ROUTE):
            response = await take_typed(Request(scope, receive))
            await response(scope, receive, send)
            return
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
                # The page's head starts a remembered map before Streamlit starts, holds the Map's
                # controls' space (web/early_map.py), readies Streamlit's table and chart code while
                # the page is idle (web/warm_modules.py), and tells the app what a person types into a
                # form before it is sent (web/typed_routes.py); a page's own URL writes add no entry to
                # the browser's history (web/history_entries.py).
                query = scope.get("query_string", b"").decode("latin-1")
                first_paint = route_path() if first_paint_page(path, query) else None
                head = await run_in_threadpool(head_script, first_paint)
                head += controls_space_style() + warm_script() + typed_script() + history_script() + app_links_script()
                send = with_head_script(send, head)
                scope = page_request(scope)
        await self.app(scope, receive, send)


MIDDLEWARE = [Middleware(AppRoutesMiddleware)]
