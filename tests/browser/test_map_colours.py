"""The metric switch recolours the map (issue 18): the same cells, painted by another figure."""

from __future__ import annotations

import time

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, READ_CANVAS, open_painted_map
from tests.processes import run_streamlit, sandbox_env

# The canvas's pixels, every `stride`-th, as [r, g, b] (deck.gl draws on WebGL: copied to read).
PIXELS = "([canvas, stride]) => {" + READ_CANVAS + """
    const sampled = [];
    for (let i = 0; i < pixels.length; i += 4 * stride) sampled.push([pixels[i], pixels[i + 1], pixels[i + 2]]);
    return sampled;
}"""


def pixels(page, canvas) -> list[list[int]]:
    return page.evaluate(PIXELS, [canvas.element_handle(), 13])


def changed_share(before: list[list[int]], after: list[list[int]]) -> float:
    changed = sum(1 for old, new in zip(before, after) if max(abs(a - b) for a, b in zip(old, new)) > 8)
    return changed / max(len(before), 1)


def test_the_metric_switch_recolours_the_same_cells(app_url, sandbox, page, artifacts_dir):
    url = app_url
    canvas = open_painted_map(page, url)
    page.get_by_text("Deals per cell").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    cells = page.locator('[data-deedscope="map"]').get_attribute("data-cells")
    time.sleep(1)  # the city names come a frame after the cells
    before = pixels(page, canvas)

    page.get_by_role("button", name="Colour: Deals").click()
    page.get_by_test_id("stSelectbox").filter(has_text="Colour by").click()
    page.get_by_role("option", name="Median price").click()
    page.get_by_text("Median price per cell").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    page.wait_for_url("**metric=price**", timeout=LOAD_TIMEOUT_MS)
    deadline = time.monotonic() + 30
    share = 0.0
    while share < 0.02 and time.monotonic() < deadline:
        time.sleep(0.5)
        share = changed_share(before, pixels(page, canvas))
    page.screenshot(path=str(artifacts_dir / "map-colours-price.png"))
    assert share >= 0.02, f"{share:.1%} of the map's pixels changed colour"
    assert page.locator('[data-deedscope="map"]').get_attribute("data-cells") == cells, "the same cells drawn"
