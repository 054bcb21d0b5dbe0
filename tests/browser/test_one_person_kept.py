"""One person, one session (issue 42), the rest of it on Debian's chromium: what a person typed
into a form and did not send comes back after a reload, Coverage's place comes back after another
page, and a table's row opened in a new tab on purpose finds the person's session.

One app for the module, on the session's sandbox (reset before each test); each journey is a
person of their own (a new browser context: a cookie of its own, adapter/person.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.test_marketplace_journey import wait_until_idle
from tests.browser.test_one_person import (
    a_cell_and_its_top_investors, a_person, meter, open_the_map, open_the_profile, query, to_page,
)
from tests.browser.test_replicas_journey import log_in_through_issuer, logged_in

QUESTION = "Is the roof new, and when was the HVAC replaced?"
ASK_LABEL = "Ask the seller (one question per deal a day)"


@pytest.fixture
def person(browser, sandbox) -> Iterator[BrowserContext]:
    context = a_person(browser, height=1400)
    yield context
    context.close()


def ask_box(page: Page):
    return page.get_by_role("tabpanel").get_by_label(ASK_LABEL, exact=True)


def test_a_question_typed_and_not_sent_is_back_after_a_reload_until_it_is_sent(person, app_url):
    page = person.new_page()
    page.goto(f"{app_url}/marketplace")
    page.get_by_role("link", name="Log in").click()
    page.wait_for_url(re.compile(r"/auth/"))
    log_in_through_issuer(page)
    page.get_by_role("button", name="Allow").click()
    expect(logged_in(page)).to_be_visible()
    page.get_by_role("tab", name="Ask the seller").click()
    wait_until_idle(page)
    # Typed, never sent: a form tells Streamlit nothing until its button is pressed.
    ask_box(page).press_sequentially(QUESTION, delay=10)
    page.wait_for_timeout(1500)  # the head's post after a pause in the typing

    page.reload()
    expect(logged_in(page)).to_be_visible()
    expect(page.get_by_role("tab", name="Ask the seller")).to_have_attribute("aria-selected", "true")
    expect(ask_box(page)).to_have_value(QUESTION)

    page.get_by_role("tabpanel").get_by_role("button", name="Send the question").click()
    expect(page.get_by_text("Your question was sent to the seller.")).to_be_visible()
    # Reloaded as soon as the send is said, as a person may: the run that says it is then cut
    # short, so the send must be the person's before it (it once came back as a draft here).
    page.reload()
    expect(logged_in(page)).to_be_visible()
    page.get_by_role("tab", name="Ask the seller").click()
    wait_until_idle(page)
    expect(ask_box(page)).to_have_value("")


def test_coverages_place_is_there_again_after_the_map(person, app_url):
    page = person.new_page()
    page.goto(f"{app_url}/coverage")
    page.get_by_role("heading", name="Is my place covered?").wait_for()
    page.get_by_role("textbox", name="ZIP").fill("75201")
    page.get_by_role("button", name="Is it covered?").click()
    page.wait_for_function("location.search.includes('zip=75201')")
    wait_until_idle(page)

    to_page(page, "Map")
    page.get_by_role("heading", name="Where investors buy").wait_for()
    to_page(page, "Coverage")
    page.get_by_role("heading", name="Is my place covered?").wait_for()
    page.wait_for_function("location.search.includes('zip=75201')")
    expect(page.get_by_role("textbox", name="ZIP")).to_have_value("75201")
    expect(page.get_by_text("ZIP 75201").first).to_be_visible()


def click_the_rows_word(page: Page, table, row: int, *, holding: str | None = None) -> None:
    """Click the word of the table's last link column on `row` (0 the first): the grid is a canvas,
    so the pointer moves along the row, right to left, until the grid shows a link's hand."""
    box = table.bounding_box()
    y = box["y"] + 35 * (row + 1) + 17
    scroller = table.locator(".dvn-scroller").first
    for x in range(int(box["x"] + box["width"]) - 10, int(box["x"] + box["width"] / 2), -4):
        page.mouse.move(x, y)
        if scroller.evaluate("element => getComputedStyle(element).cursor") == "pointer":
            if holding:
                page.keyboard.down(holding)
            page.mouse.click(x, y)
            if holding:
                page.keyboard.up(holding)
            return
    raise AssertionError("no link's word found on the row")


def test_a_rows_word_opens_it_here_and_a_deliberate_new_tab_finds_the_persons_session(person, app_url, sandbox):
    page = person.new_page()
    open_the_map(page, app_url)
    a_cell_and_its_top_investors(page, sandbox)
    table = page.locator('[data-testid="stDataFrameResizable"]').first
    table.scroll_into_view_if_needed()
    wait_until_idle(page)
    # The word "Open", clicked as a person does: this tab.
    click_the_rows_word(page, table, 0)
    page.wait_for_url(re.compile(r"/investors\?(.*&)?investor=inv_"))
    assert len(person.pages) == 1, "in this tab"
    profile_url = page.url
    open_the_profile(page)
    spent = meter(page)
    assert spent > 0

    to_page(page, "Map")
    page.get_by_text("Top investors of the cell's box").wait_for()
    wait_until_idle(page)
    table = page.locator('[data-testid="stDataFrameResizable"]').first
    table.scroll_into_view_if_needed()
    # Ctrl held: a new tab, on purpose. It is the same person: their meter, the profile not charged again.
    with person.expect_page() as opened:
        click_the_rows_word(page, table, 0, holding="Control")
    other = opened.value
    other.wait_for_load_state()
    assert other.url == profile_url
    other.get_by_role("tab", name="Activity").wait_for()
    assert other.get_by_role("button", name=re.compile(r"^Open profile")).count() == 0, "already read: no charge asked"
    assert meter(other) == spent, "the person's meter, in the new tab"
    assert meter(page) == spent
