"""A link's view reopens as itself: what the browser paints, not what the map reports.

The box the map reports back always agrees with the link, so a camera fitted one zoom level
too close (deck.gl's web-mercator zoom is for 512-px tiles, issue 16, Map 1) hides from any
test that reads the report. Here the link selects a cell just inside its box's west (then
east) edge, and the selected cell's frame must be painted on that side of the canvas, on
the first visit and again from the link the page then writes.
"""

from __future__ import annotations

import time

import h3
import pytest

from tests.browser.test_map_journey import LOAD_TIMEOUT_MS, READ_CANVAS, SELECTED_FRAME_COLOUR, wait_for_colour, wait_for_paint
from tests.processes import run_streamlit, sandbox_env

# A 0.40° x 0.30° box over Dallas (issue 16's example).
WEST, SOUTH, EAST, NORTH = -97.10, 32.70, -96.70, 33.00

# Mean horizontal position (0 left, 1 right) of the canvas pixels of this colour; null if none.
COLOUR_CENTRE = "([canvas, colour]) => {" + READ_CANVAS + """
    let sum = 0, hits = 0;
    for (let i = 0; i < pixels.length; i += 4) {
        if ([0, 1, 2].every((k) => Math.abs(pixels[i + k] - colour[k]) < 4)) {
            sum += ((i / 4) % copy.width) / copy.width;
            hits += 1;
        }
    }
    return hits ? sum / hits : null;
}"""


def frame_position(page) -> float | None:
    canvas = page.locator("canvas").first
    canvas.wait_for(timeout=LOAD_TIMEOUT_MS)
    wait_for_paint(page, canvas)
    wait_for_colour(page, canvas, SELECTED_FRAME_COLOUR, 1e-5, timeout_s=20)
    return page.evaluate(COLOUR_CENTRE, [canvas.element_handle(), list(SELECTED_FRAME_COLOUR)])


@pytest.mark.parametrize(
    ("longitude", "side"),
    [pytest.param(WEST + 0.012, "west", id="west-edge"), pytest.param(EAST - 0.012, "east", id="east-edge")],
)
def test_a_links_box_is_painted_whole_and_reopens_as_itself(app_url, sandbox, page, artifacts_dir, longitude, side):
    cell = h3.latlng_to_cell((SOUTH + NORTH) / 2, longitude, 8)
    view = f"{WEST:.4f},{SOUTH:.4f},{EAST:.4f},{NORTH:.4f}"
    url = app_url
    page.goto(f"{url}/?market=DFW&view={view}&cell={cell}", timeout=LOAD_TIMEOUT_MS)
    first = frame_position(page)
    page.screenshot(path=str(artifacts_dir / f"map-view-{side}.png"))
    assert first is not None, f"the cell just inside the box's {side} edge is not painted: the map shows less than the box"
    assert (first < 0.2) if side == "west" else (first > 0.8), f"the {side} cell's frame is painted at {first:.0%} of the width"

    # The link the page writes reopens the same box, in a new browser tab.
    page.wait_for_url("**view=**", timeout=LOAD_TIMEOUT_MS)
    time.sleep(1.5)
    written = page.url
    again = page.context.new_page()
    again.goto(written, timeout=LOAD_TIMEOUT_MS)
    second = frame_position(again)
    assert second is not None, f"reopened from {written}, the {side} cell is off the map"
    assert abs(second - first) < 0.05, f"reopened, the frame moved from {first:.0%} to {second:.0%} of the width"
