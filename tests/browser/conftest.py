"""Browser fixtures: Playwright from pip driving Debian's chromium (never `playwright install`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from devtools.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.processes import ROOT

ARTIFACTS = ROOT / "test-artifacts"


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator:
    if not CHROMIUM.exists():
        # Fail, never skip: CI must run the journeys (`make test` installs chromium).
        pytest.fail(f"{CHROMIUM} not found: install Debian's chromium (`apt-get install -y chromium`, done by `make test`)")
    from playwright.sync_api import sync_playwright

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


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
