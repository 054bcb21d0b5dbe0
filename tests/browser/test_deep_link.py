"""A link to a page opened on a freshly started server still goes through app.py.

Streamlit's first run of a server uses its legacy `pages/` mode; a page opened that way
would run alone, without the app's navigation and sidebar (adapter.routing.ensure_app_router).
The OAuth redirect back to /marketplace is exactly such a first request after a restart.
"""

from __future__ import annotations

from tests.processes import run_streamlit, sandbox_env

TIMEOUT_MS = 60_000


def test_first_request_to_a_page_gets_the_app_navigation_and_sidebar(sandbox, page, artifacts_dir):
    with run_streamlit(sandbox_env(sandbox.url)) as app_url:
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{app_url}/coverage")
        navigation = page.get_by_test_id("stSidebarNav")
        # app.py's titles ("Map", "Coverage"), not the folder's file names ("app", "coverage").
        navigation.get_by_text("Map", exact=True).wait_for(state="visible")
        assert navigation.get_by_text("Coverage", exact=True).is_visible()
        assert navigation.get_by_text("app", exact=True).count() == 0
        page.get_by_text("Dataset version:", exact=False).first.wait_for(state="visible")
        assert page.url.rstrip("/").endswith("/coverage")
        page.screenshot(path=str(artifacts_dir / "deep-link-first-request.png"), full_page=True)
