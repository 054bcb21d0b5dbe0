"""Our date field (components/date_field.py) applies a typed date on Enter, with the focus kept
in the field, and a date picked from its calendar at once (issue 16, Map 6: Streamlit 1.67's
st.date_input took a typed date only once focus left the field). A date out of its bounds, or
one that does not exist, is said beside the field and not applied; the rest of the page stays."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS
from tests.processes import run_streamlit

SCRIPT = "tests/browser/typed_date_script.py"


@pytest.fixture(scope="module")
def date_script_url():
    """The date field alone in a script of its own (no sandbox), one server for the module's tests:
    each opens it in its own browser context, a session of its own."""
    with run_streamlit({}, script=SCRIPT) as url:
        yield url


@pytest.fixture
def us_page(browser):
    """A page whose date fields read month/day/year (en-US), the order the keys are typed in."""
    context = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    page = context.new_page()
    yield page
    context.close()


def open_field(page, url: str):
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    page.get_by_text("received: None").wait_for(timeout=LOAD_TIMEOUT_MS)
    field = page.get_by_label("Day", exact=True)
    field.wait_for(timeout=LOAD_TIMEOUT_MS)
    return field


def type_date(page, field, keys: str) -> None:
    """Focus the field's first part (the month) and type its digits, as a person would."""
    field.focus()
    page.keyboard.type(keys, delay=60)


def field_holding_a_date(page, url: str):
    """The field, with 2024-01-15 typed and applied on Enter."""
    field = open_field(page, url)
    type_date(page, field, "01152024")
    page.keyboard.press("Enter")
    page.get_by_text("received: 2024-01-15").wait_for(timeout=LOAD_TIMEOUT_MS)
    return field


def test_a_typed_date_applies_on_enter_and_the_focus_stays(date_script_url, us_page, artifacts_dir):
    page = us_page
    url = date_script_url
    field = open_field(page, url)
    page.get_by_text("runs: 1").wait_for(timeout=LOAD_TIMEOUT_MS)
    type_date(page, field, "01152024")
    page.keyboard.press("Enter")
    page.get_by_text("received: 2024-01-15").wait_for(timeout=LOAD_TIMEOUT_MS)
    # One rerun for the date: none while typing (the year passed through 0002, 0020, 0202).
    expect(page.get_by_text("runs: 2")).to_be_visible()
    expect(field).to_be_focused()
    # Still in the field: the next date typed applies on Enter too, no click needed.
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")  # back to the month
    page.keyboard.type("03052025", delay=60)
    page.keyboard.press("Enter")
    page.get_by_text("received: 2025-03-05").wait_for(timeout=LOAD_TIMEOUT_MS)
    expect(field).to_be_focused()
    page.screenshot(path=str(artifacts_dir / "typed-date-enter.png"))


def test_a_typed_date_applies_when_focus_leaves_the_field_and_the_clear_button_empties_it(date_script_url, us_page):
    page = us_page
    url = date_script_url
    field = open_field(page, url)
    type_date(page, field, "07042030")
    page.get_by_text("received:").click()
    page.get_by_text("received: 2030-07-04").wait_for(timeout=LOAD_TIMEOUT_MS)
    # No date, no filter.
    page.get_by_role("button", name="Clear the date").click()
    page.get_by_text("received: None").wait_for(timeout=LOAD_TIMEOUT_MS)
    expect(field).to_have_value("")


def test_a_date_picked_from_the_calendar_applies_at_once(date_script_url, us_page, artifacts_dir):
    """Chromium's calendar opens from the icon at the field's right end and takes the keys
    (its popup is no part of the page): the next day, Enter, and the page applies it, though
    no key went down on the field and the focus never left it."""
    page = us_page
    url = date_script_url
    field = field_holding_a_date(page, url)
    picked = page.get_by_text("received: 2024-01-16")
    for _attempt in range(3):  # the popup may open after the keys were sent, under load
        box = field.bounding_box()  # the icon: inside the field's 12-px right padding
        page.mouse.click(box["x"] + box["width"] - 20, box["y"] + box["height"] / 2)
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        try:
            picked.wait_for(timeout=LOAD_TIMEOUT_MS // 4)
            break
        except PlaywrightTimeoutError:
            page.keyboard.press("Escape")
    expect(picked).to_be_visible()
    expect(field).to_have_value("2024-01-16")
    page.screenshot(path=str(artifacts_dir / "typed-date-picked.png"))


@pytest.mark.parametrize(
    ("keys", "said", "fix", "fixed"),
    [
        ("01152150", "2150-01-15 is after the latest date here, 2100-01-01", "2099", "2099-01-15"),
        ("02302024", "not a date that exists", "Shift+Tab 29", "2024-02-29"),
    ],
    ids=["after-the-latest", "february-30"],
)
def test_a_date_the_field_cannot_take_is_said_beside_it_and_can_be_corrected(date_script_url, us_page, artifacts_dir, keys, said, fix, fixed):
    page = us_page
    url = date_script_url
    field = field_holding_a_date(page, url)
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.type(keys, delay=60)
    page.keyboard.press("Enter")
    message = page.get_by_text(said)
    message.wait_for(timeout=LOAD_TIMEOUT_MS)
    # Beside the field: just under its box, and no traceback anywhere; the last date stays.
    box, under = field.bounding_box(), message.bounding_box()
    assert 0 <= under["y"] - (box["y"] + box["height"]) < 40 and abs(under["x"] - box["x"]) < 20, (box, under)
    expect(page.get_by_text("received: 2024-01-15")).to_be_visible()
    expect(page.get_by_text("Traceback")).to_have_count(0)
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    page.screenshot(path=str(artifacts_dir / f"typed-date-refused-{fixed}.png"))
    # What was typed stays in the field: one part corrected, Enter, and it applies.
    for step in fix.split():
        page.keyboard.press(step) if step[0].isalpha() else page.keyboard.type(step, delay=60)
    page.keyboard.press("Enter")
    page.get_by_text(f"received: {fixed}").wait_for(timeout=LOAD_TIMEOUT_MS)
    expect(message).to_have_count(0)


def test_a_sale_date_typed_in_the_map_filters_applies_on_enter(app_url, sandbox, us_page, artifacts_dir):
    """On the Map page, in the filters' popover: Enter applies the date to the map, its link
    and the filters' button, the popover stays open and the focus in the field."""
    page = us_page
    url = app_url
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    page.locator("canvas").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    page.get_by_role("button", name="Filters: any date, kind, price").click()
    field = page.get_by_label("Sold from", exact=True)
    type_date(page, field, "01152025")
    page.keyboard.press("Enter")
    page.wait_for_url("**from=2025-01-15**", timeout=LOAD_TIMEOUT_MS)
    page.locator('[data-testid="stPopover"] button').filter(has_text="Filters: from 2025-01-15").wait_for(timeout=LOAD_TIMEOUT_MS)
    expect(field).to_be_focused()
    expect(field).to_have_value("2025-01-15")
    page.screenshot(path=str(artifacts_dir / "map-filters-typed-date.png"))
