"""The same watches behind two replicas sharing Redis (issue 47): a buyer logged in on replica A
watches a lender and the Map's view; in another browser on replica B, logged in as the same account,
they are there; after a publish B shows what changed, opening the lender's loans (free) charges
nothing and marks it seen, and A then shows it seen too.

The team is tests/browser/test_replicas_journey.py's: Redis, HAProxy (sticky cookie), two
`streamlit run app.py` replicas, the sandbox; the people's store is on Redis (DEEDSCOPE_CACHE_URL).
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.journeys import Journey
from tests.browser.test_replicas_journey import on_replica, team  # noqa: F401 - a fixture
from tests.browser.watching_steps import (
    UI_TIMEOUT_MS, log_in, news_targets, open_watching, press_watch, sidebar_count, wait_until_idle,
)

VIEWPORT = {"width": 1400, "height": 1000}


def test_the_watches_are_the_same_on_either_replica(browser, team, sandbox, artifacts_dir):  # noqa: F811
    balancer = team["url"]
    lender = news_targets(sandbox.url)["lender_ids"][0]

    on_a = browser.new_context(viewport=VIEWPORT).new_page()
    on_replica(on_a, balancer, 0)
    log_in(on_a, balancer, sandbox.url)
    on_a.goto(f"{balancer}/lenders?lender={lender}")
    press_watch(on_a)
    on_a.goto(f"{balancer}/?market=DFW")
    press_watch(on_a)

    on_b = browser.new_context(viewport=VIEWPORT).new_page()
    journey = Journey(on_b, artifacts_dir, "watching-replica-b")
    on_replica(on_b, balancer, 1)
    log_in(on_b, balancer, sandbox.url)
    open_watching(on_b)
    journey.check("watched on A, read on B", ready=on_b.get_by_text("0 of 2"), expect_maps=0)

    sandbox.publish("TX", new_deals=6)
    open_watching(on_b)
    journey.check("the news on B", ready=on_b.get_by_text("2 of 2"), expect_maps=0)
    expect(on_b.get_by_text("new loans")).to_be_visible()
    row = on_b.locator('[class*="st-key-watch_"][class*="_row"]').filter(has_text="new loans")
    row.get_by_role("button", name="Open", exact=True).click()
    expect(on_b.get_by_text("is free: lender and wholesaler records cost no credits")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(on_b.get_by_text("Loans recorded since the data through")).to_be_visible(timeout=UI_TIMEOUT_MS)
    wait_until_idle(on_b)
    spent = on_b.get_by_test_id("stSidebar").get_by_test_id("stMetric").filter(has_text="Credits this session")
    expect(spent.get_by_test_id("stMetricValue")).to_have_text("0")
    expect(sidebar_count(on_b)).to_have_text("Watching: 1 changed")

    # A reads what B marked seen (the list is the account's, on Redis).
    open_watching(on_a)
    expect(on_a.get_by_text("1 of 2")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(sidebar_count(on_a)).to_have_text("Watching: 1 changed")
    on_a.context.close()
    on_b.context.close()
