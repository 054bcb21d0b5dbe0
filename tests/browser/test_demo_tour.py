"""The default tour on Debian's chromium (issue 29): presenter mode on the embedded sandbox, walked
twice with "Reset the demo" between, the marketplace step logging the demo buyer in and accepting
a seller's counter each time; no confirmation is asked and no error is shown on the way. The login
at step 8 keeps the tour at step 8, and the reset keeps presenter mode and the tour (issue 42)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from links.tours import load
from tests.browser.test_marketplace_journey import choose, wait_until_idle
from tests.processes import run_streamlit

UI_TIMEOUT_MS = 90_000
# What the charged reads' questions are keyed (components/charged_read.py): none may show.
QUESTIONS = '[class*="_confirm"], [class*="_raise"], [class*="_narrow"]'


# The labels of the page's buttons and figures whose words do not fit (Streamlit ends them with "…").
CUT_LABELS = """() => [...document.querySelectorAll(
    '[data-testid="stMain"] button [data-testid="stMarkdownContainer"], [data-testid="stMain"] [data-testid="stMetricLabel"] [data-testid="stMarkdownContainer"]')]
  .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
  .map((label) => label.textContent)"""


# Each shown figure's type size against the body text's, and whether its figure fits its column.
FIGURES = """() => {
  const body = document.querySelector('[data-testid="stMain"] [data-testid="stMarkdownContainer"] p');
  const bodyPx = parseFloat(getComputedStyle(body).fontSize);
  return [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stMetricValue"]')]
    .filter((value) => value.offsetParent !== null)
    .map((value) => ({text: value.textContent, ratio: parseFloat(getComputedStyle(value.querySelector('p') || value).fontSize) / bodyPx,
                      cut: value.scrollWidth > value.clientWidth + 1}));
}"""


def no_question_and_no_error(page: Page, where: str) -> None:
    wait_until_idle(page)
    cut = page.evaluate(CUT_LABELS)
    assert cut == [], f"labels whose words are cut short at {where}: {cut}"
    # Figures for a room: larger than the (already larger) body text, and whole.
    small_or_cut = [figure for figure in page.evaluate(FIGURES) if figure["ratio"] < 1.5 or figure["cut"]]
    assert small_or_cut == [], f"figures no larger than the text, or cut short, at {where}: {small_or_cut}"
    assert page.locator(QUESTIONS).count() == 0, f"a cost question at {where}"
    assert page.locator('[data-testid="stException"]').count() == 0, f"an exception at {where}"
    errors = page.locator('[data-testid="stAlertContentError"]')
    assert errors.count() == 0, f"an error at {where}: {errors.all_inner_texts()}"


def log_in_and_accept_a_counter(page: Page) -> None:
    """The marketplace step: the demo buyer logs in (unless still logged in) and accepts a counter."""
    login = page.get_by_role("link", name="Log in")
    if login.count():
        login.click()
        page.wait_for_url(re.compile(r"/auth/"))
        page.fill('input[name="email"]', "buyer@sandbox.test")
        page.fill('input[name="password"]', "sandbox")
        page.get_by_role("button", name="Log in").click()
        if page.locator('input[name="accept_terms"]').count():
            page.check('input[name="accept_terms"]')
        page.get_by_role("button", name="Allow").click()
        expect(page.get_by_text("You are logged in to the marketplace")).to_be_visible()
    page.wait_for_url(re.compile(r"/marketplace\?(.*&)?present=1"))  # the login kept presenter mode
    expect(page.locator('[data-testid="stSidebar"]').get_by_text("Dataset version")).to_have_count(0)
    expect(page.get_by_text(re.compile(r"Page 1 · \d+ offers"))).to_be_visible()
    choose(page, "Status", "new")
    choose(page, "Offer", re.compile(r"by seller"))
    page.get_by_role("button", name="Review the seller's terms").click()
    expect(page.get_by_text(re.compile(r"This preview is valid for"))).to_be_visible()
    page.get_by_role("button", name="Accept the seller's offer").click()
    expect(page.get_by_text("You accepted the seller's offer")).to_be_visible()


def walk_the_tour(page: Page, app_url: str, round_number: int, artifacts_dir) -> None:
    tour = load("default")
    page.goto(f"{app_url}/?present=1")
    expect(page.get_by_role("heading", name="Where investors buy")).to_be_visible()
    sidebar = page.locator('[data-testid="stSidebar"]')
    expect(sidebar.get_by_text("Dataset version")).to_have_count(0)
    sidebar.get_by_role("button", name="Start the tour").click()
    for number, step in enumerate(tour.steps, start=1):
        expect(sidebar.get_by_text(f"step {number} of {len(tour.steps)}")).to_be_visible()
        expect(sidebar.get_by_text(step.title, exact=True)).to_be_visible()
        assert "present=1" in page.url
        no_question_and_no_error(page, f"round {round_number}, step {number} ({step.title})")
        page.screenshot(path=str(artifacts_dir / f"tour-{round_number}-step-{number}.png"))
        if number < len(tour.steps):
            if number % 2:
                page.keyboard.press("PageDown")  # a presentation clicker's "next"
            else:
                sidebar.get_by_role("button", name="Next").click()
    log_in_and_accept_a_counter(page)
    # The login's redirect is a new session of the same person (issue 42): the tour goes on at its step.
    last = len(tour.steps)
    expect(sidebar.get_by_text(f"step {last} of {last}")).to_be_visible()
    no_question_and_no_error(page, f"round {round_number}, the accepted counter")
    reset_the_demo_and_stay_presenting(page, last)
    sidebar.get_by_role("button", name="End the tour").click()
    expect(sidebar.get_by_role("button", name="Start the tour")).to_be_visible()


def reset_the_demo_and_stay_presenting(page: Page, step: int) -> None:
    """A first press asks (the same place, no question for the room), a second resets; presenter
    mode and the tour stay, and the room never sees the sandbox's address."""
    sidebar = page.locator('[data-testid="stSidebar"]')
    sidebar.get_by_role("button", name="Reset the demo").click()
    sidebar.get_by_role("button", name="Press again to reset the demo").click()
    expect(sidebar.get_by_text("The demo is back as it started")).to_be_visible()
    wait_until_idle(page)
    expect(sidebar.get_by_text(f"step {step} of {step}")).to_be_visible()
    assert "present=1" in page.url
    assert "127.0.0.1" not in sidebar.inner_text() and "Dataset version" not in sidebar.inner_text(), "still presenting"


def test_the_default_tour_twice_with_a_reset_between(page: Page, artifacts_dir):
    page.set_default_timeout(UI_TIMEOUT_MS)
    page.set_viewport_size({"width": 1400, "height": 1000})
    # No host: the app starts its embedded sandbox (with its control routes), as at a demo; an
    # app of its own, since only the embedded sandbox offers "Reset the demo".
    env = {"DEEDSCOPE_API_URL": "", "DEEDSCOPE_API_KEY": "", "DEEDSCOPE_BASEMAP": "none"}
    with run_streamlit(env) as app_url:
        walk_the_tour(page, app_url, 1, artifacts_dir)
        walk_the_tour(page, app_url, 2, artifacts_dir)
