"""One person, one session (issue 42) with two app replicas behind HAProxy over one Redis: the
person's state is on Redis (`DEEDSCOPE_CACHE_URL`), so a new session on the other replica (a
reload, a login's redirect landing there) goes on where the person was.

One replica set for the module (tests/browser/test_replicas_journey.py shows its parts), on the
session's sandbox reset before each test; each journey a person of its own (a browser context).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from devtools.services_process import run_haproxy, run_redis
from devtools.streamlit_process import serve_streamlit
from links.tours import load
from tests.browser.test_map_journey import wait_for_paint
from tests.browser.test_marketplace_journey import wait_until_idle
from tests.browser.test_one_person import SIDEBAR, a_cell_and_its_top_investors, a_person, budget, meter, open_the_map, query, to_page
from tests.browser.test_replicas_journey import log_in_through_issuer, logged_in, on_replica
from tests.processes import sandbox_env

UI_TIMEOUT_MS = 90_000


@pytest.fixture(scope="module")
def balancer(sandbox_process) -> Iterator[str]:
    """Redis, replicas A and B, HAProxy in front: the balancer's address."""
    with run_redis() as redis_url:
        env = {
            **sandbox_env(sandbox_process.url),
            "DEEDSCOPE_CACHE_URL": redis_url,
            "DEEDSCOPE_SESSION_KEY": "one-person-replicas-session-key",
            "DEEDSCOPE_APP_URL": "",  # unset: the address the browser used (the balancer's)
        }
        with serve_streamlit(env) as (_a, url_a), serve_streamlit(env) as (_b, url_b):
            with run_haproxy([url_a, url_b]) as url:
                yield url


@pytest.fixture
def person(browser, sandbox) -> Iterator[Page]:
    context = a_person(browser)
    yield context.new_page()
    context.close()


def log_in_landing_on(page: Page, balancer: str, replica: int) -> None:
    """The Marketplace's "Log in", the issuer's pages, and its redirect back landing on `replica`."""
    page.get_by_role("link", name="Log in").click()
    page.wait_for_url(re.compile(r"/auth/"))
    log_in_through_issuer(page)
    on_replica(page, balancer, replica)
    page.get_by_role("button", name="Allow").click()
    expect(page.get_by_text("You are logged in to the marketplace")).to_be_visible()
    expect(logged_in(page)).to_be_visible()


def test_the_map_meter_and_budget_go_on_across_replicas_and_a_login_landing_on_the_other(person, balancer, sandbox):
    page = person
    on_replica(page, balancer, 0)
    open_the_map(page, balancer)
    left = a_cell_and_its_top_investors(page, sandbox)
    spent, limit = meter(page), budget(page)
    assert spent > 0

    # A new session on B, by the sidebar's kind of URL: the Map as the person left it on A.
    on_replica(page, balancer, 1)
    open_the_map(page, balancer)
    page.wait_for_function("location.search.includes('cell=')")
    assert {name: query(page).get(name) for name in ("market", "cell")} == {"market": left["market"], "cell": left["cell"]}
    assert (meter(page), budget(page)) == (spent, limit)

    # The login begins on B and its redirect lands on A.
    to_page(page, "Marketplace")
    log_in_landing_on(page, balancer, 0)
    assert (meter(page), budget(page)) == (spent, limit), "a login is no way round the meter or the budget"
    to_page(page, "Map")
    assert wait_for_paint(page, page.locator("canvas").first) > 0.05
    page.wait_for_function("location.search.includes('cell=')")
    assert {name: query(page).get(name) for name in ("market", "cell")} == {"market": left["market"], "cell": left["cell"]}


def test_the_tour_goes_on_at_step_8_after_a_login_landing_on_the_other_replica(person, browser, balancer):
    page = person
    on_replica(page, balancer, 0)
    page.goto(f"{balancer}/?present=1")
    sidebar = page.locator(SIDEBAR)
    sidebar.get_by_role("button", name=re.compile(r"^Start the tour")).click()
    steps = len(load("default").steps)
    for number in range(1, steps):
        expect(sidebar.get_by_text(f"step {number} of {steps}")).to_be_visible()
        wait_until_idle(page)
        sidebar.get_by_role("button", name="Next").click()
    expect(sidebar.get_by_text(f"step {steps} of {steps}")).to_be_visible()
    log_in_landing_on(page, balancer, 1)
    expect(sidebar.get_by_text(f"step {steps} of {steps}")).to_be_visible()
    assert "present=1" in page.url and "Dataset version" not in sidebar.inner_text(), "still presenting"

    stranger = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        theirs = stranger.new_page()
        theirs.set_default_timeout(UI_TIMEOUT_MS)
        on_replica(theirs, balancer, 1)
        open_the_map(theirs, balancer)
        assert meter(theirs) == 0 and "present" not in query(theirs), "a second person's browser sees none of it"
        expect(theirs.locator(SIDEBAR).get_by_text(re.compile(r"step \d+ of"))).to_have_count(0)
    finally:
        stranger.close()
