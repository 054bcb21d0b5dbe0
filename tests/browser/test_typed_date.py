"""What the typed-date hint says is true of Streamlit's date field (issue 16, Map 6): a typed
date reaches the script only once focus leaves the field, not while typing and not on Enter.
Should Streamlit apply it sooner, this fails: the hint (components/words.py) can then go."""

from __future__ import annotations

import time

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS
from tests.processes import run_streamlit

# Long enough for a rerun the field might have asked for to be drawn, even under load.
SETTLE_S = 3


def received(page) -> str:
    return page.get_by_text("received:").first.inner_text()


def test_a_typed_date_applies_when_focus_leaves_the_field(page, artifacts_dir):
    with run_streamlit({}, script="tests/browser/typed_date_script.py") as url:
        page.goto(url, timeout=LOAD_TIMEOUT_MS)
        page.get_by_text("received: None").wait_for(timeout=LOAD_TIMEOUT_MS)
        page.get_by_role("spinbutton", name="year, Day").click()
        page.keyboard.type("20240115", delay=60)
        time.sleep(SETTLE_S)
        assert received(page) == "received: None", "typed, not yet applied"
        page.keyboard.press("Enter")
        time.sleep(SETTLE_S)
        assert received(page) == "received: None", "Enter does not apply it (the hint says Tab or a click)"
        page.keyboard.press("Tab")  # to the field's calendar button, still inside the field
        page.keyboard.press("Tab")  # out of the field
        page.get_by_text("received: 2024-01-15").wait_for(timeout=LOAD_TIMEOUT_MS)
        page.screenshot(path=str(artifacts_dir / "typed-date.png"))
