"""The browser asks nothing of a host but the app's own (config.toml: no network beyond the API).

The tab's icon was a Material icon's name, which made the browser fetch its picture from
fonts.gstatic.com: a request from a prospect's browser to a third party, and a console error
where the network stops at the building. The Map, opened in presenter mode (a demo), and the
Coverage page with its small map, the tiles off as in these tests, load from the app alone.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Page

from tests.browser.journeys import Journey
from tests.browser.test_one_tab_journeys import coverage

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def test_the_pages_load_from_the_app_alone(app_url: str, page: Page, artifacts_dir):
    outside: list[str] = []
    page.on("request", lambda request: outside.append(request.url)
            if urlsplit(request.url).hostname not in LOOPBACK and urlsplit(request.url).scheme in ("http", "https") else None)
    journey = Journey(page, artifacts_dir, "no-outside-requests")
    page.goto(f"{app_url}/?present=1")
    journey.check("Map", ready=page.get_by_role("heading", name="Where investors buy"))
    coverage(journey)
    assert outside == [], f"requests beyond the app: {outside}"
    icon = page.evaluate("document.querySelector('link[rel~=icon]')?.href")
    assert icon and (icon.startswith("data:") or urlsplit(icon).hostname in LOOPBACK), f"the tab's icon: {icon}"
