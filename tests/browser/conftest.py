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


# One Chromium per module, not per session: Playwright's sync API keeps its asyncio loop marked as
# running on the main thread while it is started, and a test after the journeys on the same worker
# that runs a loop of its own (an MCP client, `anyio.run`) found "Already running asyncio in this
# thread". Stopped with its module, it leaves the thread as it found it.
@pytest.fixture(scope="module")
def browser() -> Iterator:
    if not CHROMIUM.exists():
        # Fail, never skip: CI must run the journeys (`make test` installs chromium).
        pytest.fail(f"{CHROMIUM} not found: install Debian's chromium (`apt-get install -y chromium`, done by `make test`)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


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
