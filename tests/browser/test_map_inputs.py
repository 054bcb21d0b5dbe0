"""The Map page's number boxes show their whole values (issue 16, Map 6: "32.", "-97", "1.0")."""

from __future__ import annotations

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS
from tests.processes import run_streamlit, sandbox_env

# Every number box's text, and whether it fits its box (its text is not scrolled out of sight).
NUMBER_BOXES = """() => [...document.querySelectorAll('[data-testid="stNumberInput"] input')].map((input) => {
    const probe = document.createElement('span');
    const style = getComputedStyle(input);
    probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing}`;
    probe.textContent = input.value;
    document.body.appendChild(probe);
    const textWidth = probe.getBoundingClientRect().width;
    probe.remove();
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {label: input.getAttribute('aria-label'), value: input.value, fits: textWidth <= room + 0.5};
})"""


def test_the_point_boxes_show_their_whole_values(app_url, sandbox, page, artifacts_dir):
    url = app_url
    page.goto(f"{url}/?market=DFW&lat=32.78123&lng=-96.80456&radius=1.5", timeout=LOAD_TIMEOUT_MS)
    # The three boxes can arrive over more than one message, and a rerun may redraw one: the CI run
    # once read the boxes while only Longitude and Radius were drawn. Wait for all three.
    page.wait_for_function(
        """() => document.querySelectorAll('[data-testid="stNumberInput"] input').length >= 3""",
        timeout=LOAD_TIMEOUT_MS,
    )
    page.locator("canvas").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    boxes = page.evaluate(NUMBER_BOXES)
    page.screenshot(path=str(artifacts_dir / "map-point-inputs.png"))
    assert [box["value"] for box in boxes] == ["32.78123", "-96.80456", "1.5"], boxes
    cut = [box for box in boxes if not box["fits"]]
    assert not cut, f"cut short in their boxes: {cut}"
