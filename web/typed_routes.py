"""What a person types into a form, told to the app before the form is sent (issue 42).

A form's fields (`st.form`) send nothing to Streamlit until the form's button is pressed, so a
reload, a login's redirect or a second tab would find them empty. The pages' head (`TYPED_SCRIPT`)
posts a text, text-area or number field's text a moment after it is typed, and at once when the
field loses focus or the page goes away, to `POST <app>/person/typed` with the session cookie: a
JSON object, the field's name in the page (its `st-key-…` class) -> its text. The app keeps it as
the person's draft of the fields their pages drew (adapter/drafts.py) and answers 204.

Nothing secret rides along: no password field is read, the cookie is the browser's own
(`HttpOnly`, `SameSite=Lax`: another site's post carries none) and nothing goes to the browser's
storage. A post without the cookie, over `MAX_BODY_BYTES` or not JSON is answered 400 and kept nowhere.
"""

from __future__ import annotations

import json

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

import adapter.drafts
from services.stores.login_sessions import COOKIE_NAME

ROUTE = "person/typed"
MAX_BODY_BYTES = 64_000
# After the last key pressed: a post per pause, not per character.
POST_AFTER_MS = 400

TYPED_SCRIPT = """<script>
(() => {
  const route = () => new URL('%(route)s', document.baseURI).href;
  const fields = '[data-testid="stTextInput"] input, [data-testid="stTextArea"] textarea, [data-testid="stNumberInput"] input';
  let waiting = {}, timer = null;
  const post = () => {
    clearTimeout(timer); timer = null;
    if (!Object.keys(waiting).length) return;
    const body = JSON.stringify(waiting); waiting = {};
    fetch(route(), {method: 'POST', body, credentials: 'same-origin', keepalive: true,
                    headers: {'Content-Type': 'application/json'}}).catch(() => {});
  };
  const nameOf = (field) => {
    const box = field.closest('[class*="st-key-"]');
    const name = box && [...box.classList].find((one) => one.startsWith('st-key-'));
    return name ? name.slice(7) : null;
  };
  document.addEventListener('input', (event) => {
    const field = event.target;
    if (!(field instanceof Element) || field.type === 'password' || !field.matches(fields)) return;
    const name = nameOf(field);
    if (!name) return;
    waiting[name] = field.value;
    clearTimeout(timer); timer = setTimeout(post, %(after)d);
  }, true);
  document.addEventListener('focusout', post, true);
  addEventListener('pagehide', post);
})();
</script>"""


def typed_script() -> bytes:
    return (TYPED_SCRIPT % {"route": ROUTE, "after": POST_AFTER_MS}).encode()


async def take_typed(request: Request) -> Response:
    """A browser's post of what its person typed: kept as their drafts (adapter/drafts.py)."""
    person = request.cookies.get(COOKIE_NAME)
    body = await request.body()
    if not person or len(body) > MAX_BODY_BYTES:
        return Response(status_code=400)
    try:
        posted = json.loads(body)
    except ValueError:
        return Response(status_code=400)
    await run_in_threadpool(adapter.drafts.typed_in_browser, person, posted)
    return Response(status_code=204)
