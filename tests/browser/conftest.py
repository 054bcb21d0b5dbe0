"""Browser fixtures: Playwright from pip driving Debian's chromium (never `playwright install`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from devtools.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.processes import ROOT, run_streamlit, sandbox_env

ARTIFACTS = ROOT / "test-artifacts"
# How long an `expect(...)` waits, for every browser test alike: Playwright's 5 s default is short of a
# page's run on a machine whose cores the other workers share (a module that set its own, for the
# process, changed it for every test after it on that worker).
EXPECT_TIMEOUT_MS = 60_000


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Every browser test is marked `browser`; a module's tests stay on one worker (pytest-xdist's
    `--dist loadgroup`, before xdist reads the group), where they share its app server."""
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            if not any(item.iter_markers("xdist_group")):
                item.add_marker(pytest.mark.xdist_group(f"browser:{item.path.stem}"))


# A failed browser test says what its page showed: its text in the report (CI's log keeps it)
# and a screenshot under test-artifacts/. Pages a test opens itself are not seen here.
PAGE_FIXTURES = ("page", "us_page")
PAGE_TEXT_CHARS = 3000


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call" and report.failed:
        for name in PAGE_FIXTURES:
            page = item.funcargs.get(name) if hasattr(item, "funcargs") else None
            if page is not None and not page.is_closed():
                report.sections.append((f"{name} at the failure ({page.url})", _what_the_page_shows(page, item.name)))
    return report


def _what_the_page_shows(page, test_name: str) -> str:
    file_name = "".join(char if char.isalnum() or char in "-_" else "_" for char in test_name)[:120]
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"failed-{file_name}.png"))
        return page.locator("body").inner_text(timeout=5_000)[:PAGE_TEXT_CHARS]
    except Exception as error:  # noqa: BLE001 (a page that cannot be read must not hide the failure)
        return f"(the page could not be read: {type(error).__name__})"


class WorkersChromium:
    """One Chromium for every browser module a worker runs: a new Chromium cost its first page 3 s
    more of CPU than a new context in one already started (its GPU process set up SwiftShader and
    compiled the map's shaders again), about 60 times a run. Started again if it went away."""

    def __init__(self, playwright) -> None:
        self.playwright = playwright
        self.browser = None

    def get(self):
        if self.browser is None or not self.browser.is_connected():
            self.browser = self.playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        return self.browser


# Playwright's sync API keeps its asyncio loop marked as running on the main thread for as long as
# it is started: a test outside the browser modules that runs a loop of its own (an MCP client,
# `anyio.run`) is given the thread without it (tests/conftest.py: an_event_loop_of_its_own).
@pytest.fixture(scope="session")
def workers_chromium() -> Iterator[WorkersChromium]:
    if not CHROMIUM.exists():
        # Fail, never skip: CI must run the journeys (`make test` installs chromium).
        pytest.fail(f"{CHROMIUM} not found: install Debian's chromium (`apt-get install -y chromium`, done by `make test`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = WorkersChromium(playwright)
        yield chromium
        if chromium.browser is not None and chromium.browser.is_connected():
            chromium.browser.close()


@pytest.fixture(scope="module")
def browser(workers_chromium) -> Iterator:
    """The worker's Chromium; what the module's tests left open is closed after them."""
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    browser = workers_chromium.get()
    yield browser
    if browser.is_connected():
        for context in browser.contexts:
            context.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="module")
def app_url(sandbox_process) -> Iterator[str]:
    """One app for the module's tests, on the worker's sandbox (reset as the app starts).

    Its tests are apart as two people are: each opens its own browser context (a session, a
    credit meter and a budget of its own), and each test's `sandbox` is reset before it. A test
    that needs settings of its own starts its own app and says why."""
    sandbox_process.reset()
    with run_streamlit(sandbox_env(sandbox_process.url)) as url:
        yield url


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
